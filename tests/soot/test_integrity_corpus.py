"""Soot refuses damaged saves naming every field, and a seeded mutation corpus:
a mutated real save is refused or plays on to the end, never loaded and then crashed.

Rulebook: Components (tiles, tokens, cards), "Phase 2: Actions" (one
player's turn at a time), "Agents & Movement", Legacy cards (blind bids).
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from hexkit.serialize import codec
from hexkit.testing import mutate_one, refused_or_plays_on, reload_saves
from hexkit.validation import StateValidationError
from hexkit_soot import GAME
from hexkit_soot.integrity import STEP_DATA
from hexkit_soot.ledger import data
from tests.corpus import saves_along

CODEC = codec(GAME)


def _until(players: int, seed: int, done) -> dict:  # noqa: ANN001
    rng = random.Random(seed)
    state = GAME.new(GAME.make_config(players), seed)
    while not done(state):
        GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
    return json.loads(CODEC.state_to_json(state))


@pytest.fixture(scope="module")
def turn() -> dict:
    """A 3-player game in round 3 or later, a player's turn menu on top."""
    return _until(3, 3, lambda s: s.round >= 3 and s.phase == "actions" and s.pending[-1].kind == "turn")


@pytest.fixture(scope="module")
def walk() -> dict:
    """A 3-player game asking where an Explorer or Builder walks."""
    return _until(3, 3, lambda s: s.pending[-1].kind == "move.walk")


def _refused(data: dict) -> StateValidationError:
    with pytest.raises(StateValidationError) as caught:
        CODEC.state_from_json(json.dumps(data))
    return caught.value


def _fields(data: dict) -> dict[str, str]:
    return {e.field: e.reason for e in _refused(data).errors}


def test_the_saves_themselves_load(turn: dict, walk: dict) -> None:
    assert CODEC.state_from_json(json.dumps(turn)).pending[-1].kind == "turn"
    assert CODEC.state_from_json(json.dumps(walk)).pending[-1].kind == "move.walk"


def test_out_of_range_indices_and_unknown_names_are_all_named(turn: dict) -> None:
    d = copy.deepcopy(turn)
    body = d["state"]
    routed = next(iter(body["route_kind"]))
    body["tile_stack"][0] = 999
    body["route_kind"][routed][2] = 7
    body["settlements"]["(0,0)"]["facilities"] = [{"name": "Wizard Tower", "owner": 0}]
    body["settlements"]["(0,0)"]["tier"] = 4
    body["bag"]["Dragon Lair"] = 1
    body["prices"]["Lumber"] = 0
    body["players"][1]["upgrades"] = ["Jetpack"]
    fields = _fields(d)
    assert fields["state.tile_stack.0"].startswith("999 is not a terrain tile (0..")
    assert fields[f"state.route_kind.{routed}.2"] == "7 is not a route kind (0 none, 1 trail, 2 road, 3 rail)"
    assert fields["state.settlements.(0,0).facilities.0.name"] == "'Wizard Tower' is not a facility of this game"
    assert fields["state.settlements.(0,0).tier"] == "4 is not a tier (1..3)"
    assert fields["state.bag.Dragon Lair"] == "'Dragon Lair' is not a community token of this game"
    lumber = data(CODEC.state_from_json(json.dumps(turn))).goods["Lumber"]  # assumed data: read, not written in
    assert fields["state.prices.Lumber"] == f"0 is off the track ({lumber.minimum}..{lumber.maximum})"
    assert fields["state.players.1.upgrades.0"] == "'Jetpack' is not an upgrade of this game"
    assert len(fields) == 7


def test_negative_counts_are_refused(turn: dict) -> None:
    data = copy.deepcopy(turn)
    body = data["state"]
    body["bag"]["Trading Post"] = -1
    body["players"][0]["counters"]["x"] = -2
    body["cursor"] = -1
    body["players"][2]["restricted"] = -3
    fields = _fields(data)
    assert {f: r for f, r in fields.items()} == {
        "state.bag.Trading Post": "must not be negative, got -1",
        "state.players.0.counters.x": "must not be negative, got -2",
        "state.cursor": "must not be negative, got -1",
        "state.players.2.restricted": "must not be negative, got -3",
    }


def test_a_hidden_card_only_in_a_view(turn: dict) -> None:
    data = copy.deepcopy(turn)
    data["state"]["deck"][0] = "?"
    assert _fields(data) == {"state.deck.0": "'?' is not a card of this game"}
    view = GAME.view(CODEC.state_from_json(json.dumps(turn)), 0)
    assert "?" in view.deck
    assert CODEC.state_from_json(CODEC.state_to_json(view)).viewer == 0


def test_the_wrong_seat_to_move_is_refused(turn: dict) -> None:
    data = copy.deepcopy(turn)
    seat = data["state"]["turn"]
    data["state"]["pending"][-1]["player"] = (seat + 1) % 3
    assert _fields(data) == {
        "state.pending.0.player": f"seat {(seat + 1) % 3} is asked for a turn, but it is P{seat}'s turn"}


def test_a_turn_for_a_player_who_passed_is_refused(turn: dict) -> None:
    data = copy.deepcopy(turn)
    seat = data["state"]["turn"]
    data["state"]["passed"] = [seat]
    assert _fields(data) == {"state.pending.0.player": f"seat {seat} is asked for a turn but has passed"}


def test_a_question_whose_indices_the_player_does_not_have_is_refused(turn: dict) -> None:
    data = copy.deepcopy(turn)
    seat = data["state"]["turn"]
    top = data["state"]["pending"][-1]
    explorers = len(data["state"]["players"][seat]["explorers"])
    data["state"]["pending"].append(dict(top, kind="explore.hex", data=[explorers + 4, 0], options=[]))
    data["state"]["pending"].append(dict(top, kind="cards.bid", data=[9, 99], options=[{"code": "bid", "arg": 0}]))
    fields = _fields(data)
    # an old save's "explore.hex" step loads as a PlaceTile: its data [explorer, drawn tile] are named fields
    assert fields["state.pending.1.explorer"] == f"{explorers + 4} is out of range for an explorer (0..{explorers - 1})"
    assert fields["state.pending.1.tile"].startswith("0 is out of range for a drawn")
    # an old (rules 0.3.x) "cards.bid" step loads as a LegacyBid: its slot is checked against the auction
    assert fields["state.pending.2"].startswith("a bid question, but no Legacy card is being auctioned")


def test_a_walk_by_a_walker_the_player_lacks_is_refused(walk: dict) -> None:
    # a walk is a MoveWalk now: its answers are the walker's reach, listed from the state, so none can be
    # out of reach; what a save can get wrong is the walker
    data = copy.deepcopy(walk)
    top = len(data["state"]["pending"]) - 1
    q = data["state"]["pending"][top]
    assert q["type"] == "MoveWalk"
    q["index"] = 7
    assert _fields(data) == {f"state.pending.{top}.index": f"7 is out of range for {'an' if q['agent'] == 'Explorer' else 'a'} {q['agent'].lower()} "
                             f"(0..{len(data['state']['players'][q['player']][q['agent'].lower() + 's']) - 1})"}


def test_unknown_question_kinds_and_seats_are_refused_together(turn: dict) -> None:
    data = copy.deepcopy(turn)
    top = data["state"]["pending"][-1]
    data["state"]["pending"].append(dict(top, kind="win.now"))
    data["state"]["players"][0]["currency"] = -5
    data["state"]["event_now"] = 999
    data["state"]["order"] = [0, 0, 1]
    error = _refused(data)
    assert {e.field for e in error.errors} == {
        "state.pending.1.kind", "state.order", "state.players.0.currency", "state.event_now"}
    assert "(and 3 more:" in str(error)


def test_step_data_specs_name_real_question_kinds() -> None:
    from hexkit_soot.rules.steps import HANDLERS

    assert set(STEP_DATA) <= set(HANDLERS)


# ---------------------------------------------------------------- the corpus
def _saves(rng: random.Random, games: int, steps: int):
    for _ in range(games):
        state = GAME.new(GAME.make_config(rng.randint(2, 4)), rng.randrange(1 << 30))
        yield from saves_along(GAME, state, rng, steps)


def _run_corpus(count: int, seed: int, games: int = 2, only: str = "", budget: int = 250) -> int:
    rng = random.Random(seed)
    saves = list(_saves(rng, games, 600))
    refused = 0
    for _ in range(count):
        path, data = mutate_one(rng, rng.choice(saves), only=only)
        refused += refused_or_plays_on(GAME, path, data, budget)
    return refused


@pytest.mark.parametrize("seed", range(2))
def test_mutated_states_are_refused_or_play_on(seed: int) -> None:
    assert _run_corpus(30, seed) >= 10


def test_mutated_pending_questions_are_refused_or_play_on() -> None:
    """The pending stack is a small share of the leaves: mutate only it."""
    assert _run_corpus(40, 7, only="pending") >= 5


@pytest.mark.soak
def test_mutated_states_soak() -> None:
    for seed in range(100, 109):
        _run_corpus(150, seed, games=4, budget=600)
        _run_corpus(80, seed, games=4, only=("pending", "players", "settlements")[seed % 3], budget=600)


@pytest.mark.parametrize("players", [2, 4])
def test_every_state_and_view_of_a_real_game_loads(players: int) -> None:
    """No false alarm: draft, secrets, every phase and the end, full states and every seat's view."""
    reloaded = reload_saves(GAME, GAME.make_config(players), players, first=12, every=41)
    assert reloaded >= 12 * (players + 1) + 1


def test_a_build_route_answer_off_the_map_is_never_offered() -> None:
    # found by a new-user run: a forged Build Route option loaded and laid a road at (14558,-94).
    # The question is typed now (BuildSegment) and lists the edges the route rules offer from the
    # state: an old save's forged option is not read, and the forged edge is refused as illegal.
    import random

    from hexkit.errors import IllegalActionError
    from hexkit_soot import GAME as SOOT
    from hexkit_soot.actions import BuildSegment, Choose

    state = SOOT.new(SOOT.make_config(players=2), 501)
    rng = random.Random(1)
    while getattr(state.pending[-1], "kind", "") != "route.edge":
        SOOT.apply(state, rng.choice(list(SOOT.legal_actions(state))))
    q = state.pending[-1]
    assert isinstance(q, BuildSegment)
    saved = codec(SOOT).state_to_dict(state)
    old = copy.deepcopy(saved)
    legal = list(SOOT.legal_actions(state))
    old["state"]["pending"][-1] = {"player": q.player, "prompt": q.prompt, "kind": "route.edge", "tag": q.route,
                                   "data": [q.built], "options": [{"code": a.code, "arg": a.arg, "label": a.label}
                                                                  for a in legal]}
    old["state"]["pending"][-1]["options"][0]["arg"] = 123456789
    loaded = codec(SOOT).state_from_dict(old)
    assert loaded.pending[-1] == q and list(SOOT.legal_actions(loaded)) == legal
    before = codec(SOOT).state_to_dict(loaded)
    with pytest.raises(IllegalActionError):
        SOOT.apply(loaded, Choose(code="edge", arg=123456789))
    assert codec(SOOT).state_to_dict(loaded) == before
    saved["state"]["pending"][-1]["built"] = 5
    with pytest.raises(StateValidationError, match=r"state\.pending\.\d+\.built") as caught:
        codec(SOOT).state_from_dict(saved)
    assert "a Build Route action lays at most 2 segments" in str(caught.value)


@pytest.mark.parametrize(("edit", "field", "says"), [
    (lambda s: s["bag"].update({"Trading Post": 999}), "state.bag.Trading Post", "the game has"),
    (lambda s: s.update(card_row=s["card_row"] + [""]), "state.card_row", "slots; the card row has 5"),
    (lambda s: s["players"][0].update(hand=["Foreman"] * 10), "state.cards.Foreman", "copies in play"),
    (lambda s: s["players"][0].update(soot_marks=[99]), "state.players.0.soot_marks", "the thresholds passed"),
    (lambda s: s["players"][0].update(soot_marks=[4, 4]), "state.players.0.soot_marks", "each once"),
    # found by a hostile load: each of these loaded and played on
    (lambda s: s["players"][0].update(soot=9, soot_marks=[]), "state.players.0.soot",
     "9 has reached [4, 8] but soot_marks [] does not record it"),
    (lambda s: s["players"][0].update(soot=5, soot_marks=[]), "state.players.0.soot", "has reached [4]"),
    (lambda s: s["players"][0].update(actions=99), "state.players.0.actions",
     "99 actions left: one round gives at most 11"),  # 4 at 2 players + Overtime + discard + 4 Foreman + Telegraph
    (lambda s: s["players"][0].update(caravans=s["players"][0]["caravans"] * 6), "state.players.0.caravans",
     "12: the Industrialist starts with 2, 0 more from Trail Boss, and 0 Cities have trained one"),
    (lambda s: s["players"][0].update(explorers=s["players"][0]["explorers"] * 2), "state.players.0.explorers",
     "2: 1 Explorers and Builders beyond the start, but 0 Trail Boss owned"),
    (lambda s: s["players"][0].update(builders=[]), "state.players.0.builders",
     "0: the Industrialist starts with 1 and agents are never lost"),
    (lambda s: s.update(last_round=999), "state.last_round", "999 is outside 0..14"),
    (lambda s: s.update(last_round=9, frontier_closed=False), "state.last_round",
     "round 9 is set as the last, but the Frontier has not closed"),
    (lambda s: s["players"][1].update(overtime=999), "state.players.1.overtime",
     "999 food owed for Overtime: 2 once a round after working Overtime, else 0"),
    (lambda s: s["players"][1].update(overtime=2, used=[]), "state.players.1.overtime", "2 food owed"),
    (lambda s: s["players"][1].update(contracts_done=999), "state.players.1.contracts_done",
     "999 contracts fulfilled; the game has 17"),  # 17 contract tiles, 1 copy each at 2 players
    (lambda s: s["players"][0].update(camps_founded=5), "state.players.0.camps_founded",
     "5 camps founded; the Industrialist founds at most 4"),  # §21: Industrialist 4/4
    (lambda s: s["players"][0].update(founded=5), "state.players.0.founded",
     "5 settlements founded; the Industrialist founds at most 4"),
    (lambda s: s["tiles"].update({"(0,0)": 5}), "state.tiles.(0,0)", "the Central City's hex holds its tile (-1)"),
])
def test_more_components_than_the_game_has_are_refused(edit: Any, field: str, says: str) -> None:
    # found by a new-user run: each of these loaded and played on
    state = _midgame()
    saved = codec(GAME).state_to_dict(state)
    edit(saved["state"])
    with pytest.raises(StateValidationError) as caught:
        codec(GAME).state_from_dict(saved)
    assert any(e.field == field and says in str(e) for e in caught.value.errors), caught.value.errors


def test_agents_gained_by_trail_boss_or_city_training_load() -> None:
    # Trail Boss gives one agent of any kind; a City trains one caravan a game, for any player
    saved = codec(GAME).state_to_dict(_midgame())
    state = saved["state"]
    me = state["players"][0]
    assert me["archetype"] == "Industrialist" and len(me["caravans"]) == 2 and state["shared_upgrades"]["Trail Boss"] == 1
    me["upgrades"].append("Trail Boss")
    state["shared_upgrades"]["Trail Boss"] = 0
    me["caravans"].append({"loc": "(0,0)", "cargo": {}})
    assert len(codec(GAME).state_from_dict(saved).players[0].caravans) == 3
    me["caravans"].append({"loc": "(0,0)", "cargo": {}})
    with pytest.raises(StateValidationError) as caught:
        codec(GAME).state_from_dict(saved)
    assert [(e.field, e.reason) for e in caught.value.errors] == [(
        "state.players.0.caravans", "4: the Industrialist starts with 2, 1 more from Trail Boss, and 0 Cities have"
        " trained one")]


def _midgame() -> Any:
    state = GAME.new(GAME.make_config(players=2), 7)
    rng = random.Random(7)
    for _ in range(120):
        GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
    return state


def test_a_secret_objective_in_two_places_or_too_many_kept_is_refused(turn: dict) -> None:
    import copy

    players = turn["state"]["players"]
    kept, rival = players[0]["secrets"], players[1]["secrets"]
    assert len(kept) == 2 and len(rival) == 2
    twice = copy.deepcopy(turn)
    twice["state"]["players"][0]["secrets"] = [kept[0], kept[0]]
    assert _fields(twice)["state.players.0.secrets.1"] == (
        f"secret objective {kept[0]} is also at state.players.0.secrets.0")
    stolen = copy.deepcopy(turn)
    stolen["state"]["players"][0]["secrets"] = [kept[0], rival[0]]
    assert _fields(stolen)["state.players.1.secrets.0"] == (
        f"secret objective {rival[0]} is also at state.players.0.secrets.1")
    hoard = copy.deepcopy(turn)
    hoard["state"]["players"][2]["secrets"] = players[2]["secrets"] + turn["state"]["secret_deck"][:1]
    assert _fields(hoard)["state.players.2.secrets"] == "3 kept; a player keeps 2"


def test_an_event_twice_a_contract_beyond_its_copies_or_an_archetype_offered_twice_is_refused(
        turn: dict) -> None:
    import copy

    from hexkit_soot.rules.player_counts import contract_copies

    state = turn["state"]
    assert state["events"] and state["contract_later"] and state["draft_pool"]
    twice = copy.deepcopy(turn)
    twice["state"]["events"].append(state["events"][0])
    assert _fields(twice)["state.events"] == f"event {state['events'][0]} is in the deck 2 times; the game has one"
    more = copy.deepcopy(turn)
    first = state["contract_later"][0]
    more["state"]["contract_later"] += [first] * contract_copies(3)
    assert f"contract {first} is in play" in _fields(more)["state.contract_deck"]
    offered = copy.deepcopy(turn)
    offered["state"]["draft_pool"].append(state["draft_pool"][0])
    field = f"state.draft_pool.{len(state['draft_pool'])}"
    assert _fields(offered)[field] == f"{state['draft_pool'][0]} is offered twice"


def test_a_segment_reads_the_same_from_both_ends_and_a_road_has_its_builder() -> None:
    # rulebook, "Routes": roads and rail are built and owned by a player; trails are public
    from hexkit.hexes import Hex
    from hexkit_soot.rules.routes import set_route
    from hexkit_soot.state import ROAD

    state = _midgame()
    centre, east = Hex(0, 0), Hex(0, 0).neighbors()[0]
    if east not in state.tiles:
        state.tiles[east] = next(t for t in state.tile_stack)
        state.tile_stack.remove(state.tiles[east])
    set_route(state, centre, east, ROAD, 1)
    saved = json.loads(CODEC.state_to_json(state))
    assert codec(GAME).state_from_dict(saved).route_owner[centre][0] == 1
    ownerless = copy.deepcopy(saved)
    ownerless["state"]["route_owner"]["(0,0)"][0] = -1
    assert _fields(ownerless)["state.route_owner.(0,0).0"] == (
        "the road in direction 0 has no owner; the player who built it owns it")
    one_sided = copy.deepcopy(saved)
    one_sided["state"]["route_kind"]["(0,0)"][0] = 3
    assert _fields(one_sided)["state.route_kind.(0,0).0"] == (
        f"kind 3, owner 1, but from {east} the same segment reads kind 2, owner 1")
