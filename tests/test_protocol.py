"""The core protocol, records, Match and the conformance suite, on the toy game."""

from __future__ import annotations

import json

import attrs
import pytest

from hexkit.game import Decision
from hexkit.errors import ConfigError, HexkitError, IllegalActionError, InvalidRecordError
from hexkit.hexes import Hex
from hexkit.match import Match
from hexkit.agents import RandomAgent
from hexkit.record import GameRecord, record_from_json, record_to_json, replay
from hexkit.serialize import codec
from hexkit.testing import ConformanceError, check_game, play_random

from tests.toygame import GAME, DraftConfig, PickCard, PlayAt


def new(seed: int = 1, players: int = 2):
    return GAME.new(GAME.make_config(players), seed)


def test_setup_deals_hidden_hands_from_the_seeded_deck() -> None:
    state = new(seed=5)
    assert [len(h) for h in state.hands] == [2, 2]
    assert len(state.deck) == 8
    assert sorted(state.deck + [c for h in state.hands for c in h]) == list(range(1, 13))
    assert new(seed=5) == state
    assert new(seed=6) != state


def test_decisions_stack_two_steps_per_turn() -> None:
    state = new()
    card = state.hands[0][0]
    GAME.apply(state, PickCard(card))
    assert state.decision().prompt == "choose a hex"
    assert len(GAME.legal_actions(state)) == 7
    GAME.apply(state, PlayAt(Hex(0, 0)))
    assert state.board[Hex(0, 0)] == (0, card)
    assert GAME.current_player(state) == 1
    assert str(state.log[-1]) == f"[1] P0 played {card} at (0,0)"


def test_illegal_action_names_the_rule_and_changes_nothing() -> None:
    state = new()
    before = codec(GAME).state_to_json(state)
    with pytest.raises(IllegalActionError, match="choose a card") as info:
        GAME.apply(state, PlayAt(Hex(0, 0)))
    assert info.value.rule.startswith("it does not answer the pending decision")
    assert codec(GAME).state_to_json(state) == before


def test_config_is_checked() -> None:
    with pytest.raises(ConfigError, match="2-3 players, not 4"):
        GAME.make_config(4)
    with pytest.raises(ConfigError, match="unknown variant"):
        GAME.make_config(2, variants=["speedy"])
    with pytest.raises(ConfigError, match="bad option"):
        GAME.make_config(2, colour="red")


def test_state_json_round_trip_and_field_named_errors() -> None:
    state, _ = play_random(GAME, GAME.make_config(3), 9)
    c = codec(GAME)
    text = c.state_to_json(state)
    assert c.state_from_json(text) == state
    data = json.loads(text)
    data["state"]["hands"][1] = "three"
    with pytest.raises(InvalidRecordError) as info:
        c.state_from_dict(data)
    assert info.value.field.startswith("state.hands")
    data = json.loads(text)
    data["schema"] = 99
    with pytest.raises(InvalidRecordError, match="schema"):
        c.state_from_dict(data)
    data = json.loads(text)
    data["state"]["board"]["(9,x)"] = [0, 1]
    with pytest.raises(InvalidRecordError, match="state.board"):
        c.state_from_dict(data)
    with pytest.raises(InvalidRecordError, match="not valid JSON"):
        c.state_from_json("{")
    data = json.loads(text)
    data["state"]["surprise"] = 1
    with pytest.raises(InvalidRecordError):
        c.state_from_dict(data)


def test_record_round_trip_and_replay() -> None:
    state, record = play_random(GAME, GAME.make_config(2), 3)
    text = record_to_json(GAME, record)
    again = record_from_json(GAME, text)
    assert again.actions == record.actions
    assert replay(GAME, again) == state
    assert replay(GAME, again, upto=2).step == 2
    bad = json.loads(text)
    bad["actions"][0] = {"type": "PlayAt", "hex": "(0,0)"}
    with pytest.raises(InvalidRecordError, match=r"actions\[0\]"):
        replay(GAME, record_from_json(GAME, json.dumps(bad)))
    bad["actions"][1] = {"type": "Teleport"}
    with pytest.raises(InvalidRecordError, match=r"actions"):
        record_from_json(GAME, json.dumps(bad))
    bad = json.loads(text)
    bad["config"]["players"] = 9
    with pytest.raises(InvalidRecordError, match="config"):
        record_from_json(GAME, json.dumps(bad))


def test_view_hides_other_hands_and_determinize_refills_them() -> None:
    from hexkit.rng import Rng

    state = new(seed=4)
    view = GAME.view(state, 0)
    assert view.hands[0] == state.hands[0]
    assert view.hands[1] == [0, 0]
    assert view.deck == [0] * 8
    assert view.rng != state.rng
    assert GAME.legal_actions(view) == GAME.legal_actions(state)
    sample = GAME.determinize(view, 0, Rng(1))
    assert sample.hands[0] == state.hands[0]
    assert sorted(sample.deck + sample.hands[1]) == sorted(state.deck + state.hands[1])


def test_clone_is_independent() -> None:
    state = new()
    twin = GAME.clone(state)
    assert twin == state
    GAME.apply(twin, GAME.legal_actions(twin)[0])
    assert twin != state and state.step == 0


def test_match_undo_redo_and_agents() -> None:
    config = GAME.make_config(2)
    match = Match(GAME, config, seed=2, agents={1: RandomAgent(1)}, serves=0)
    assert match.observed().hands[1] == [0, 0]
    first = match.legal_actions()[0]
    match.play(first)
    match.play(match.legal_actions()[0])
    assert match.current_player == 1
    assert match.run() == 2
    assert match.current_player == 0
    snapshot = codec(GAME).state_to_json(match.state)
    with pytest.raises(HexkitError, match="action 3 drew hidden information"):
        match.undo(1)  # seat 1's card, hidden until played, was revealed to seat 0
    assert codec(GAME).state_to_json(match.state) == snapshot and match.record.actions[0] == first
    with pytest.raises(HexkitError, match="cannot redo"):
        match.redo()
    with pytest.raises(HexkitError, match="seat 0 has no agent"):
        match.step()
    match.goto(4)
    assert len(match.record.actions) == 4


def test_conformance_suite_passes_a_correct_game() -> None:
    report = check_game(GAME, [GAME.make_config(2), GAME.make_config(3)], range(25), json_every=1, view_every=1)
    assert report.games == 50
    assert report.rejected > 0 and report.views > 0


def test_conformance_suite_catches_a_leaky_view() -> None:
    class Leaky(type(GAME)):  # type: ignore[misc]
        def redact(self, state, player):  # noqa: ANN001
            state.hands = [h for h in state.hands]
            state.board = {}

    with pytest.raises(ConformanceError, match="board"):
        check_game(Leaky(), [GAME.make_config(2)], [1], view_every=1)


def test_conformance_suite_catches_a_shallow_clone() -> None:
    class Shallow(type(GAME)):  # type: ignore[misc]
        def clone(self, state):  # noqa: ANN001
            twin = super().clone(state)
            twin.board = state.board
            return twin

    with pytest.raises(ConformanceError, match="clone"):
        check_game(Shallow(), [GAME.make_config(2)], [1], json_every=1)



@attrs.frozen(kw_only=True)
class Then(Decision):
    """A continuation: a decision that holds the one to ask after it."""

    after: Decision


@attrs.frozen
class BadAction:
    type: str


def test_nested_decisions_round_trip() -> None:
    from hexkit.serialize import GameCodec
    from tests.toygame import ChooseCard, ChooseHex, DraftGame

    class Nested(DraftGame):
        decision_types = (ChooseCard, ChooseHex, Then)

    game = Nested()
    c = GameCodec(game)
    state = game.new(game.make_config(2), 1)
    state.pending.insert(0, Then(player=1, after=ChooseHex(player=0, card=3)))
    back = c.state_from_json(c.state_to_json(state))
    assert back.pending[0] == Then(player=1, after=ChooseHex(player=0, card=3))


def test_a_field_named_like_the_json_tag_is_refused() -> None:
    from hexkit.serialize import GameCodec
    from tests.toygame import DraftGame

    class Clash(DraftGame):
        action_types = (BadAction,)

    with pytest.raises(TypeError, match="BadAction has a field named 'type'"):
        GameCodec(Clash())


def test_sampled_views_still_catch_a_leak_over_a_game() -> None:
    class Leaky(type(GAME)):  # type: ignore[misc]
        def redact(self, state, player):  # noqa: ANN001
            if player == 2:
                state.board = {}

    report = check_game(GAME, [GAME.make_config(3)], [1], view_every=1, all_views=True)
    sampled = check_game(GAME, [GAME.make_config(3)], [1], view_every=1, all_views=False)
    assert sampled.views < report.views
    with pytest.raises(ConformanceError, match="view for player 2"):
        check_game(Leaky(), [GAME.make_config(3)], range(3), view_every=1, all_views=False)


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (lambda s: s.__setitem__("step", 2.5), "state.step"),
        (lambda s: s.__setitem__("step", True), "state.step"),
        (lambda s: s.__setitem__("step", -1), "state.step"),
        (lambda s: s["hands"][0].__setitem__(0, "7"), "state.hands"),
        (lambda s: s.pop("deck"), "state.deck"),
        (lambda s: s["config"].__setitem__("players", 5), "state.config"),
        (lambda s: s["pending"][0].__setitem__("player", 4), "state.pending.0.player"),
        (lambda s: s["log"].append({"step": 0, "player": None, "text": 5}), "state.log"),
    ],
)
def test_tampered_values_are_refused_with_the_field_named(edit, field) -> None:  # noqa: ANN001
    state = new(seed=2)
    state.note(None, "set up")
    data = codec(GAME).state_to_dict(state)
    edit(data["state"])
    with pytest.raises(InvalidRecordError) as info:
        codec(GAME).state_from_dict(data)
    assert info.value.field.startswith(field), info.value


@pytest.mark.parametrize("game", ["hex", "empyreal", "soot"])
@pytest.mark.parametrize("players", ["x", 2.5, True, None])
def test_a_player_count_that_is_not_a_whole_number_is_refused(game: str, players: object) -> None:
    """Not a TypeError from a comparison, nor 2.5 players accepted: a ConfigError naming the field."""
    import hexkit

    with pytest.raises(ConfigError, match=r"^players: a whole number of players, not "):
        hexkit.load_game(game).make_config(players)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["hex", "empyreal", "soot"])
def test_a_view_is_for_a_seat_of_the_game(name: str) -> None:
    import numpy as np

    from hexkit.errors import HexkitError
    from hexkit.registry import load_game

    game = load_game(name)
    state = game.new(game.make_config(2), 1)
    for player in (2, 7, -1, True, None, "0"):
        with pytest.raises(HexkitError, match=f"view for player {player!r}: the seats of this game are 0 to 1"):
            game.view(state, player)  # type: ignore[arg-type]
    assert game.view(state, np.int64(1)).viewer == 1  # type: ignore[arg-type]
