"""Empyreal refuses loaded states whose names, indices or counts are impossible, naming every field;
a seeded mutation corpus: a mutated real save is refused or plays on to the end."""

from __future__ import annotations

import copy
import json
import random

import pytest

from hexkit.serialize import codec
from hexkit.testing import mutate_one, play_random, refused_or_plays_on, reload_saves
from hexkit.errors import InvalidRecordError
from hexkit.validation import StateValidationError
from hexkit_empyreal import GAME
from tests.corpus import saves_along

CODEC = codec(GAME)


@pytest.fixture(scope="module")
def saved() -> dict:
    state, _ = play_random(GAME, GAME.make_config(players=3), 5)
    return json.loads(CODEC.state_to_json(state))


@pytest.fixture(scope="module")
def midgame() -> dict:
    """A 3-player game 200 random actions in, during play."""
    rng = random.Random(3)
    state = GAME.new(GAME.make_config(players=3), 3)
    for _ in range(200):
        GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
    assert state.phase == "play"
    return json.loads(CODEC.state_to_json(state))


def _load(data: dict):
    return CODEC.state_from_json(json.dumps(data))


def _refused(data: dict) -> StateValidationError:
    with pytest.raises(StateValidationError) as caught:
        _load(data)
    return caught.value


def _with_tile(data: dict) -> tuple[dict, str]:
    """A copy whose seat 0 holds one Demand Tile, and that tile's field."""
    data = copy.deepcopy(data)
    stand = next(s for s in data["state"]["stands"] if s)
    data["state"]["players"][0]["tiles"].append(stand.pop())
    return data, f"state.players.0.tiles.{len(data['state']['players'][0]['tiles']) - 1}.1"


def test_a_real_save_loads(saved: dict) -> None:
    assert _load(saved).players[0].company


def test_a_demand_tile_of_kind_5_is_refused(saved: dict) -> None:
    data, field = _with_tile(saved)
    assert _load(data).players[0].tiles  # the tile itself is fine
    data["state"]["players"][0]["tiles"][-1][1] = 5
    error = _refused(data)
    assert error.field == field
    assert "5 is not a Demand Tile kind" in str(error)


def test_an_unknown_spellcar_is_refused(saved: dict) -> None:
    data = copy.deepcopy(saved)
    data["state"]["market"][1] = "Flying Teapot"
    error = _refused(data)
    assert error.field == "state.market.1"
    assert "'Flying Teapot' is not a Spellcar" in str(error)


def test_a_spellcar_in_two_places_or_a_shared_captain_is_refused(midgame: dict) -> None:
    data = copy.deepcopy(midgame)
    data["state"]["deck"][0] = data["state"]["deck"][1]
    error = _refused(data)
    assert error.field == "state.deck.1" and "is also at state.deck.0" in str(error)
    data = copy.deepcopy(midgame)
    market = next(i for i, name in enumerate(data["state"]["market"]) if name)
    data["state"]["deck"][0] = data["state"]["market"][market]
    error = _refused(data)
    assert error.field == f"state.market.{market}" and "is also at state.deck.0" in str(error)
    data = copy.deepcopy(midgame)
    data["state"]["players"][2]["captain"] = data["state"]["players"][0]["captain"]
    error = _refused(data)
    assert error.field == "state.players.2.captain" and "is P0's too" in str(error)


def test_a_negative_mana_is_refused(saved: dict) -> None:
    data = copy.deepcopy(saved)
    data["state"]["players"][2]["mana"] = -1
    error = _refused(data)
    assert error.field == "state.players.2.mana"
    assert "outside 0..10" in str(error)


def test_a_specialist_of_the_wrong_type_is_refused(saved: dict) -> None:
    data = copy.deepcopy(saved)
    surveyor = next(n for n in data["state"]["stacks"][1] if n != "?")
    data["state"]["stacks"][0][0] = surveyor  # a Surveyor in the Engineer stack
    error = _refused(data)
    assert error.field == "state.stacks.0.0"
    assert "is not an Engineer" in str(error)


def test_unknown_awards_sides_and_steps_are_refused(midgame: dict) -> None:
    data = copy.deepcopy(midgame)
    data["state"]["awards"] = ["Best Hat"]
    data["state"]["layout"][0] = "9Z"
    fields = {e.field for e in _refused(data).errors}
    assert {"state.awards.0", "state.layout.0"} <= fields
    # an automatic step named by a string no step had is refused as it is read, by its field
    data = copy.deepcopy(midgame)
    data["state"]["pending"].append({"type": "Op", "player": 0, "prompt": "", "op": "win_now", "ints": [], "strs": []})
    with pytest.raises(InvalidRecordError, match=r"state\.pending\[\d+\].*op: 'win_now' is not a step of this game"):
        codec(GAME).state_from_dict(data)


def test_the_wrong_seat_to_move_is_refused(midgame: dict) -> None:
    data = copy.deepcopy(midgame)
    top = data["state"]["pending"][-1]
    assert top["player"] == data["state"]["turn"]["player"]
    top["player"] = (top["player"] + 1) % 3
    error = _refused(data)
    assert error.field == f"state.pending.{len(data['state']['pending']) - 1}.player"
    assert "turn" in str(error)


def test_played_counts_must_be_one_per_seat_and_not_negative(saved: dict) -> None:
    data = copy.deepcopy(saved)
    data["state"]["played"]["upgrades"] = [0, -1, 0]
    data["state"]["played"]["deliveries"] = [0, 0]
    data["state"]["played"]["juggling"] = [0, 0, 0]
    fields = {e.field for e in _refused(data).errors}
    assert {"state.played.upgrades.1", "state.played.deliveries", "state.played.juggling"} <= fields


def test_several_problems_are_reported_together(saved: dict) -> None:
    data, tile = _with_tile(saved)
    data["state"]["players"][0]["tiles"][-1][1] = 5
    data["state"]["players"][1]["mana"] = -3
    data["state"]["deck"][0] = "Flying Teapot"
    data["state"]["players"][2]["goods"][0] = -1
    data["state"]["turn"]["player"] = 7
    error = _refused(data)
    fields = [e.field for e in error.errors]
    assert set(fields) >= {tile, "state.players.1.mana", "state.deck.0", "state.players.2.goods", "state.turn.player"}
    assert "more:" in str(error)


# ---------------------------------------------------------------- the corpus
def _saves(rng: random.Random, games: int, steps: int):
    for _ in range(games):
        players = rng.randint(2, 6)
        variants = tuple(v for v in sorted(GAME.info.variants) if rng.random() < 0.2)
        try:
            state = GAME.new(GAME.make_config(players, variants), rng.randrange(1 << 30))
        except Exception:  # an impossible variant combination
            state = GAME.new(GAME.make_config(players), rng.randrange(1 << 30))
        yield from saves_along(GAME, state, rng, steps)


def _mutation_corpus(count: int, seed: int, games: int = 3, steps: int = 300, only: str = ""):
    """``count`` real saves with one leaf mutated (``only``: leaves under that top-level field)."""
    rng = random.Random(seed)
    saves = list(_saves(rng, games, steps))
    for _ in range(count):
        yield mutate_one(rng, rng.choice(saves), only=only)


def _run_corpus(count: int, seed: int, games: int = 3, only: str = "") -> int:
    return sum(refused_or_plays_on(GAME, path, data) for path, data in _mutation_corpus(count, seed, games, only=only))


@pytest.mark.parametrize("seed", range(2))
def test_mutated_states_are_refused_or_play_on(seed: int) -> None:
    assert _run_corpus(40, seed) > 0


def test_mutated_pending_questions_are_refused_or_play_on() -> None:
    """The pending stack is a small share of the leaves: mutate only it."""
    assert _run_corpus(40, 7, only="pending") > 0


@pytest.mark.soak
def test_mutated_states_soak() -> None:
    for seed in range(100, 110):
        _run_corpus(100, seed, games=5)
        _run_corpus(30, seed, games=5, only=("pending", "turn", "players")[seed % 3])


@pytest.mark.parametrize(("players", "variants"), [(5, ()), (4, ("expert",))])
def test_every_state_and_view_of_a_real_game_loads(players: int, variants: tuple[str, ...]) -> None:
    """No false alarm: set-up (questions queued for seats without a Company yet), play and the end."""
    reloaded = reload_saves(GAME, GAME.make_config(players, variants), players, first=15, every=97)
    assert reloaded >= 15 * (players + 1) + 1


def test_face_down_names_only_in_a_view(midgame: dict) -> None:
    view = json.loads(CODEC.state_to_json(GAME.view(_load(midgame), 0)))
    assert "?" in view["state"]["stacks"][0]
    assert _load(view).viewer == 0
    data = copy.deepcopy(midgame)
    data["state"]["stacks"][0][0] = "?"
    data["state"]["players"][1]["engineer"] = "?"
    fields = {e.field for e in _refused(data).errors}
    assert fields == {"state.stacks.0.0", "state.players.1.engineer"}


def test_questions_carry_only_indices_and_names_the_rules_could_ask(midgame: dict) -> None:
    data = copy.deepcopy(midgame)
    seat = data["state"]["turn"]["player"]
    n = len(data["state"]["pending"])  # the questions below are pending.n .. pending.n+3
    data["state"]["pending"] += [
        {"type": "AdministrateSteps", "player": seat, "prompt": "", "remaining": ["Refresh", "Take a Nap"]},
        {"type": "ChooseSpecialist", "player": seat, "prompt": "", "kind": 3},
        {"type": "SelectCompany", "player": seat, "prompt": ""},
        {"type": "Branch", "player": seat, "prompt": "", "labels": ["a"], "optional": False,
         "branches": ['[{"type":"AdministrateSteps","player":9,"prompt":"","remaining":["Refresh"]}]']},
    ]
    fields = {e.field: e.reason for e in _refused(data).errors}
    assert "'Take a Nap' is not an Administrate step" in fields[f"state.pending.{n}.remaining.1"]
    assert "3 is not a Specialist type" in fields[f"state.pending.{n + 1}.kind"]
    assert "set-up question" in fields[f"state.pending.{n + 2}"]
    assert "seat 9 is not in a 3-player game" in fields[f"state.pending.{n + 3}.branches.0.0.player"]
