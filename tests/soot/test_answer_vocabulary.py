"""Every Soot answer is an answer of the shared vocabulary, and says what it names.

A frontend or an agent reads ``answer.kind``, ``answer.hex`` and
``answer.component`` (:mod:`hexkit.flow.answers`) without Soot's codes. These
tests play random games (base game and random module mixes) and check, at
every decision, that each legal answer's kind agrees with its content: a hex
answer names a hex on (or at the edge of) the map, packed exactly in its
argument; a component answer names an existing card, contract or good; the
other kinds name neither.
"""

from __future__ import annotations

from collections import Counter

import pytest

from hexkit.flow.answers import Answer, AnswerKind, ComponentRef
from hexkit.rng import Rng
from hexkit.serialize import codec
from hexkit_soot import GAME
from hexkit_soot.actions import ANSWER_CODES, HEX_CODES, Choose
from hexkit_soot.config import SootConfig
from hexkit_soot.grid import hex_code
from hexkit_soot.ledger import data
from hexkit_soot.state import SootState

from .test_module_mix import mixes


def _component_exists(state: SootState, question: str, ref: ComponentRef) -> bool:
    d = data(state)
    i = int(ref.key)
    if ref.group == "card":
        table: object = d.secret_objectives if question == "setup.secret" else d.cards
        return 0 <= i < len(table)  # type: ignore[arg-type]
    if ref.group == "good":
        return 0 <= i < len(d.goods)
    if ref.group == "contract":
        return 0 <= i < len(d.contracts)
    if ref.group == "card row":
        return 0 <= i < len(state.card_row) and bool(state.card_row[i])
    if ref.group == "contract row":
        return 0 <= i < len(state.contract_row) and state.contract_row[i] >= 0
    return False


def _check_answer(state: SootState, question: str, answer: Choose) -> None:
    assert isinstance(answer, Answer)
    kind = answer.kind
    where = f"{question}: {answer.code} {answer.arg} ({answer})"
    if kind is AnswerKind.HEX:
        h = answer.hex
        assert h is not None, where
        # on the map, or (a tile to place) next to it
        assert h in state.tiles or any(n in state.tiles for n in h.neighbors()), where
        pack = next(m.pack for m in ANSWER_CODES[answer.code] if m.fits(answer.arg))
        assert 0 <= answer.arg - hex_code(h) * pack < pack, where
        assert answer.component is None, where
        return
    assert answer.hex is None, where
    assert answer.arg not in HEX_CODES, where  # no hex hidden in another kind
    if kind is AnswerKind.COMPONENT:
        ref = answer.component
        assert ref is not None and _component_exists(state, question, ref), where
        return
    assert answer.component is None, where
    if kind is AnswerKind.NUMBER:
        assert answer.code in ("qty", "bid", "currency", "due"), where
        assert answer.arg >= (1 if answer.code == "qty" else -1000), where
    elif kind is AnswerKind.YES_NO:
        assert answer.code in ("accept", "decline", "reserve"), where
    elif kind is AnswerKind.DONE:
        assert answer.code in ("done", "skip", "Pass"), where
    else:
        assert kind is AnswerKind.OPTION, where


def _play(config: SootConfig, seed: int, kinds: Counter[AnswerKind], limit: int = 4000) -> None:
    state = GAME.new(config, seed)
    rng = Rng(seed)
    for _ in range(limit):
        if GAME.is_over(state):
            return
        question = getattr(state.decision(), "kind", "")
        legal = GAME.legal_actions(state)
        for answer in legal:
            _check_answer(state, question, answer)
            kinds[answer.kind] += 1
        GAME.apply(state, legal[rng.randbelow(len(legal))])


@pytest.mark.parametrize("players", [2, 4])
def test_every_legal_answer_has_a_consistent_kind(players: int) -> None:
    kinds: Counter[AnswerKind] = Counter()
    for seed in (1, 2):
        _play(GAME.make_config(players), seed, kinds)
    # every kind but yes/no turns up in base games, hexes and options most
    assert {AnswerKind.HEX, AnswerKind.OPTION, AnswerKind.COMPONENT, AnswerKind.NUMBER,
            AnswerKind.DONE} <= set(kinds)
    assert kinds[AnswerKind.HEX] > 100 and kinds[AnswerKind.COMPONENT] > 100


def test_every_legal_answer_has_a_consistent_kind_with_modules() -> None:
    kinds: Counter[AnswerKind] = Counter()
    for i, config in enumerate(mixes(8, 11)):
        _play(config, 300 + i, kinds)
    assert set(kinds) == set(AnswerKind)  # trade answers are yes/no


def test_codes_read_by_argument() -> None:
    from hexkit.hexes import Hex

    at = Hex(-3, 2)
    # founding a camp packs its kind; abandoning one is the bare hex
    assert Choose(code="camp", arg=hex_code(at) * 16 + 5).hex == at
    assert Choose(code="camp", arg=hex_code(at)).hex == at
    # a settlement's upgrade names its hex, buying upgrade 3 does not
    assert Choose(code="upgrade", arg=hex_code(at)).hex == at
    assert Choose(code="upgrade", arg=3).kind is AnswerKind.OPTION
    assert Choose(code="upgrade", arg=3).hex is None
    # Vertical Integration loads at a hex, a caravan loads good 4
    assert Choose(code="load", arg=hex_code(at)).hex == at
    assert Choose(code="load", arg=4).component == ComponentRef("good", "4")
    # the Provisioner's caravan offset is not part of the good
    assert Choose(code="Provisioner", arg=64 * 2 + 7).component == ComponentRef("good", "7")
    # a redacted answer keeps its kind and names nothing
    hidden = Choose(code="hex", arg=-1, label="?")
    assert (hidden.kind, hidden.hex, hidden.component) == (AnswerKind.HEX, None, None)
    assert Choose(code="keep", arg=-1).component is None
    # menu entries are options; the JSON form has not moved
    assert Choose(code="Explore").kind is AnswerKind.OPTION
    assert codec(GAME).encode_action(Choose(code="hex", arg=hex_code(at), label="x")) == {
        "type": "Choose", "code": "hex", "arg": hex_code(at), "label": "x"}
