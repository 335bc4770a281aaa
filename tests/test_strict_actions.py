"""Equality is not validation: ``apply`` takes only a game's own action values
with exactly typed fields, and every malformed action is an IllegalActionError
that changes nothing (issue 12, items 1 and 7).

Each game gets a pool of positions reached by seeded random play; the fuzz
tests put equal-but-wrong values (``0.0``, ``True``, NumPy integers, plain
tuples, subclasses, objects that equal everything) into the fields of legal
actions and check that each one is refused with the state byte for byte as it
was. ``-m soak`` runs the same with many more examples.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import attrs
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexkit.errors import IllegalActionError
from hexkit.game import Game, State
from hexkit.hexes import Hex, InvalidHexError, neighbors
from hexkit.registry import load_game
from hexkit.rng import Rng
from hexkit.serialize import codec

GAMES = ("hex", "empyreal", "soot")


class EqualsEverything:
    """Claims to equal anything (and hashes like 0), and cannot even be printed."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0

    def __str__(self) -> str:
        raise RuntimeError("no str")

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class Str(str):
    """A str subclass: equal to and hashing like the str it holds."""


class Int(int):
    """An int subclass: equal to and hashing like the int it holds."""


def _config(game: Game[Any, Any]) -> Any:
    if game.info.name == "hex":
        return game.make_config(2, size=5)
    return game.make_config(3 if game.info.name == "empyreal" else 2)


@cache
def positions(name: str) -> tuple[State, ...]:
    """Positions of one game every few random steps (seeded, so the same each run)."""
    game = load_game(name)
    found: list[State] = []
    for seed in (1, 2):
        state = game.new(_config(game), seed)
        rng = Rng(seed)
        while not game.is_over(state) and state.step < 160:
            if state.step % 7 == 0:
                found.append(game.clone(state))
            legal = game.legal_actions(state)
            game.apply(state, legal[rng.randbelow(len(legal))])
    return tuple(found)


def wrong_values(value: Any) -> list[Any]:
    """Values that equal ``value`` (or look like it) but are not of its exact type."""
    bad: list[Any] = [None, EqualsEverything()]
    if type(value) is int:
        bad += [float(value), np.int64(value), Int(value), str(value)]
        if value in (0, 1):
            bad.append(bool(value))
    elif type(value) is str:
        bad += [Str(value), value.encode(), 0]
    elif type(value) is Hex:
        q, r = value
        bad += [(q, r), tuple.__new__(Hex, (float(q), r)), tuple.__new__(Hex, (q, np.int64(r))),
                tuple.__new__(Hex, (True, r)) if q == 1 else tuple.__new__(Hex, (Int(q), r)),
                str(value), [q, r]]
    elif type(value) is bool:
        bad += [int(value), np.bool_(value)]
    return bad


def malformed_variants(action: Any) -> list[Any]:
    """The action with one field at a time replaced by a wrong value, plus
    look-alikes of the whole action."""
    out: list[Any] = [EqualsEverything(), (type(action).__name__,), str(action)]
    if attrs.has(type(action)):
        fields = attrs.fields(type(action))
        for field in fields:
            for bad in wrong_values(getattr(action, field.name)):
                out.append(attrs.evolve(action, **{field.name: bad}))
        sub = type("Sub" + type(action).__name__, (type(action),), {})
        out.append(sub(**{f.name: getattr(action, f.name) for f in fields}))
    return out


def assert_refused(game: Game[Any, Any], state: State, action: Any) -> None:
    before = codec(game).state_to_json(state)
    assert not game.is_legal(state, action)
    with pytest.raises(IllegalActionError) as info:
        game.apply(state, action)
    assert isinstance(str(info.value), str) and info.value.rule
    assert codec(game).state_to_json(state) == before
    assert isinstance(game.explain_illegal(state, action), str)
    assert isinstance(game.describe(state, action), str)


# -- Hex values ------------------------------------------------------------
@pytest.mark.parametrize("coords", [(5.0, -2.0), (True, 0), (0, False), (np.int64(3), 1),
                                    (1, "2"), (None, 0), (Int(1), 2)])
def test_a_hex_is_built_only_from_ints(coords: tuple[Any, Any]) -> None:
    with pytest.raises(InvalidHexError, match="coordinates must be ints"):
        Hex(*coords)
    with pytest.raises(InvalidHexError):
        Hex(0, 0)._replace(q=coords[0], r=coords[1])
    with pytest.raises(InvalidHexError):
        Hex._make(coords)


def test_the_neighbour_memo_cannot_be_poisoned() -> None:
    from hexkit import hexes

    hexes._NEIGHBORS.pop(Hex(5, -2), None)  # a miss, as in a fresh process
    poison = tuple.__new__(Hex, (5.0, -2.0))  # the only way left to make one
    with pytest.raises(InvalidHexError):
        poison.neighbors()
    with pytest.raises(InvalidHexError):
        neighbors((7.0, 123457.0))  # type: ignore[arg-type]
    assert Hex(7, 123457) not in hexes._NEIGHBORS
    for n in Hex(5, -2).neighbors():
        assert type(n) is Hex and type(n.q) is int and type(n.r) is int
    assert Hex(5, -2).neighbors()[0] == Hex(6, -2)


# -- the cases the review found (item 1 and item 7) --------------------------
def test_hex_refuses_malformed_places() -> None:
    from hexkit_hexgame.actions import Place

    game = load_game("hex")
    state = positions("hex")[1]
    empty = next(a for a in game.legal_actions(state) if isinstance(a, Place))
    q, r = empty.hex
    for action in (Place("(1,2)"), Place(None), Place((q, r)),  # type: ignore[arg-type]
                   Place(tuple.__new__(Hex, (float(q), float(r)))), EqualsEverything()):
        assert_refused(game, state, action)
    assert "Place.hex: expected Hex, not str" in game.explain_illegal(state, Place("(1,2)"))  # type: ignore[arg-type]


def test_empyreal_refuses_malformed_moves() -> None:
    from hexkit_empyreal.actions import Move

    game = load_game("empyreal")
    state = positions("empyreal")[0]
    assert str(Move(None, 0)) == "move the Conductor None spaces for 0 mana"  # type: ignore[arg-type]
    for action in (Move(None, 0), Move(1.0, 0), Move(True, 0), Move(np.int64(1), 0),  # type: ignore[arg-type]
                   EqualsEverything()):
        assert_refused(game, state, action)


def test_soot_refuses_malformed_choices() -> None:
    from hexkit_soot.actions import Choose

    game = load_game("soot")
    for state in positions("soot")[:6]:
        legal = list(game.legal_actions(state))
        for listed in legal[:4]:
            for arg in (None, "x", float(listed.arg), np.int64(listed.arg)):
                assert_refused(game, state, Choose(code=listed.code, arg=arg, label=listed.label))
        assert_refused(game, state, Choose(code=None, arg=0))  # type: ignore[arg-type]
        assert_refused(game, state, EqualsEverything())


def test_soot_float_hex_on_a_clone_cannot_break_the_real_game() -> None:
    from hexkit_soot.actions import Choose

    game = load_game("soot")
    for state in positions("soot"):
        for listed in game.legal_actions(state):
            if listed.code in ("hex", "archetype"):
                clone = game.clone(state)
                assert_refused(game, clone, Choose(code=listed.code, arg=float(listed.arg)))
                game.apply(game.clone(state), listed)  # the real move still works
                return
    pytest.fail("no hex or archetype choice in the pool")


@pytest.mark.parametrize("name", GAMES)
def test_every_field_of_every_legal_action_is_checked_exactly(name: str) -> None:
    """A seeded corpus: every legal action of a few positions, every field, every wrong value."""
    game = load_game(name)
    tried = 0
    for state in positions(name)[:4]:
        for action in list(game.legal_actions(state))[:6]:
            for bad in malformed_variants(action):
                assert_refused(game, state, bad)
                tried += 1
            assert game.is_legal(state, action)
    assert tried > 40


# -- fuzz ------------------------------------------------------------------
def _fuzz(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(GAMES))
    game = load_game(name)
    pool = positions(name)
    state = pool[data.draw(st.integers(0, len(pool) - 1))]
    legal = list(game.legal_actions(state))
    action = legal[data.draw(st.integers(0, len(legal) - 1))]
    variants = malformed_variants(action)
    bad = variants[data.draw(st.integers(0, len(variants) - 1))]
    assert_refused(game, state, bad)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fuzz_equal_but_wrong_actions_are_refused(data: st.DataObject) -> None:
    _fuzz(data)


@pytest.mark.soak
@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fuzz_equal_but_wrong_actions_are_refused_soak(data: st.DataObject) -> None:
    _fuzz(data)
