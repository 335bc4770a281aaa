"""The tutorial game Beacons (examples/beacons): conformance, goldens, perft, data, hidden information.

The package is not installed: it is imported from examples/beacons/src, as
a plugin under development is. Its golden files live beside it
(examples/beacons/tests/golden), written by ``python -m golden --regenerate``.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import os
import random
import shutil
import sys
import timeit
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from hexkit.errors import ConfigError, IllegalActionError
from hexkit.data import InvalidDataError
from hexkit.flow import AskHex, HexChoice, OptionChoice
from hexkit.hexes import Hex
from hexkit.rng import Rng
from hexkit.serialize import codec
from hexkit.testing import check_game, check_golden, mutate_one, perft_table, refused_or_plays_on, reload_saves
from hexkit.validation import StateValidationError

PACKAGE = Path(__file__).resolve().parent.parent / "examples" / "beacons"
if str(PACKAGE / "src") not in sys.path:
    sys.path.insert(0, str(PACKAGE / "src"))

from hexkit_beacons import GAME, BeaconsState  # noqa: E402
from hexkit_beacons.data import DATA, game_data  # noqa: E402
from hexkit_beacons.state import HIDDEN, board_index  # noqa: E402
from hexkit_beacons.turn import DRAW, REST, cost, light  # noqa: E402


def _golden() -> ModuleType:
    spec = importlib.util.spec_from_file_location("beacons_golden", PACKAGE / "tests" / "golden.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


golden = _golden()


def test_beacons_passes_the_conformance_suite() -> None:
    report = check_game(GAME, [GAME.make_config(p) for p in (2, 3, 4)], seeds=range(6),
                        json_every=3, view_every=2)
    assert report.games == 18 and report.views > 0 and report.numbered > 0 and report.rejected > 0


@pytest.mark.parametrize("name", sorted(golden.PLAYTHROUGHS))
def test_playthrough_matches_the_golden_transcript(name: str) -> None:
    check_golden(golden.HERE / f"{name}.txt", golden.playthrough(*golden.PLAYTHROUGHS[name]))


@pytest.mark.parametrize("name", sorted(golden.POSITIONS))
def test_perft_counts_of_saved_positions(name: str) -> None:
    counts = json.loads((golden.HERE / "perft.json").read_text())[name]
    state = codec(GAME).state_from_json((golden.HERE / f"{name}.json").read_text())
    assert perft_table(GAME, state, 2) == counts


def test_the_saved_positions_are_the_ones_the_golden_module_makes() -> None:
    c = codec(GAME)
    for name, spec in golden.POSITIONS.items():
        saved = (golden.HERE / f"{name}.json").read_text()
        assert c.state_to_json(golden.position(*spec), indent=1) + "\n" == saved


def fresh(players: int = 2, seed: int = 1) -> BeaconsState:
    return GAME.new(GAME.make_config(players), seed)


def test_setup_deals_the_board_the_hands_and_the_oil_from_the_data() -> None:
    state = fresh(3, seed=5)
    assert Counter(state.terrain) == {"forest": 7, "hill": 6, "marsh": 6}  # RULES.md §1
    assert len(state.lit) == 19 and set(state.lit) == {None}
    assert [len(p.hand) for p in state.players] == [2, 2, 2]  # §2
    assert len(state.deck) == 18 - 6
    assert all(p.oil.available == 2 and p.oil.cap == 5 for p in state.players)
    assert GAME.current_player(state) == 0


def test_light_asks_a_hex_then_pays_one_oil_per_rival_neighbour() -> None:
    state = fresh()
    data = game_data(state.config)
    index = board_index(2)
    hand = state.players[0].hand.copy()
    terrain = hand[0]
    GAME.apply(state, light(terrain))
    ask = state.decision()
    assert isinstance(ask, AskHex) and ask.then.terrain == terrain  # type: ignore[attr-defined]
    target = ask.options[0].hex
    rival = next(n for n in target.neighbors() if n in index)
    state.lit[index[rival]] = 1
    assert cost(state, data, 0, target) == 1
    state.lit[index[rival]] = 0  # one's own beacon costs nothing
    assert cost(state, data, 0, target) == 0
    state.lit[index[rival]] = 1
    state.invalidate_legal()
    GAME.apply(state, HexChoice(target))
    assert state.lit[index[target]] == 0
    hand.remove(terrain)
    assert state.players[0].oil.available == 1 and state.players[0].hand == hand
    assert state.deck.discard_pile == [terrain]
    assert str(state.log[-1]) == f"[1] P0 lights a {terrain} beacon at {target}, paying 1 oil"
    assert GAME.current_player(state) == 1  # EndTurn ran by itself


def test_an_illegal_hex_is_refused_naming_the_question_and_changes_nothing() -> None:
    state = fresh()
    terrain = state.players[0].hand[0]
    GAME.apply(state, light(terrain))
    wrong = Hex(3, 0)  # off the board
    before = codec(GAME).state_to_json(state)
    with pytest.raises(IllegalActionError, match="AskHex"):
        GAME.apply(state, HexChoice(wrong))
    assert codec(GAME).state_to_json(state) == before


def test_rest_and_draw() -> None:
    state = fresh()
    GAME.apply(state, REST)
    assert state.players[0].oil.available == 4 and str(state.log[-1]) == "[0] P0 rests and gains 2 oil"
    GAME.apply(state, DRAW)
    assert len(state.players[1].hand) == 3 and str(state.log[-1]) == "[1] P1 draws a card"
    GAME.apply(state, REST)
    assert state.players[0].oil.available == 5  # capped at 5 (RULES.md §2)
    assert str(state.log[-1]) == "[2] P0 rests and gains 1 oil"


def test_the_game_ends_after_every_players_turns_and_an_override_changes_them() -> None:
    state = GAME.new(GAME.make_config(2, overrides={"numbers.turns": 2}), seed=3)
    for _ in range(4):
        GAME.apply(state, REST)
    assert GAME.is_over(state) and state.turns == 4
    assert state.log[-1].text == "the game ends: every player has had their turns"
    with pytest.raises(ConfigError, match="numbers.nope"):
        GAME.new(GAME.make_config(2, overrides={"numbers.nope": 1}))


def test_scores_use_points_group_prizes_and_the_oil_tiebreak() -> None:
    state = fresh()
    index = board_index(2)
    for h in (Hex(0, 0), Hex(1, 0), Hex(1, -1)):
        state.lit[index[h]] = 0
    state.lit[index[Hex(-2, 0)]] = 1
    sheet = GAME.scores(state)
    points = {"forest": 1, "hill": 2, "marsh": 3}
    mine = sum(points[state.terrain[index[h]]] for h in (Hex(0, 0), Hex(1, 0), Hex(1, -1)))
    theirs = points[state.terrain[index[Hex(-2, 0)]]]
    assert sheet.breakdown[0] == {"beacons": mine, "largest group": 3, "group prize": 3}
    assert sheet.breakdown[1] == {"beacons": theirs, "largest group": 1, "group prize": 1}
    assert sheet.totals == (mine + 3, theirs + 1)
    empty = GAME.scores(fresh())
    assert empty.totals == (0, 0) and empty.decided_by == ("tied",)


def test_a_view_hides_the_other_hands_and_the_deck_order_and_determinize_fills_them() -> None:
    state = fresh(3, seed=2)
    view = GAME.view(state, 1)
    assert view.players[1].hand == state.players[1].hand
    assert view.players[0].hand == [HIDDEN, HIDDEN] and view.players[2].hand == [HIDDEN, HIDDEN]
    assert view.deck.draw_pile == [HIDDEN] * len(state.deck)
    assert HIDDEN not in str([e.text for e in view.log])
    sample = GAME.determinize(view, 1, Rng(7))
    assert sample.players[1].hand == state.players[1].hand
    everything = [c for p in sample.players for c in p.hand] + sample.deck.draw_pile + sample.deck.discard_pile
    assert Counter(everything) == {"forest": 8, "hill": 6, "marsh": 4}


def test_a_broken_data_folder_names_every_problem(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    shutil.copytree(DATA.folder, folder)
    text = (folder / "terrain.toml").read_text()
    text = text.replace("hexes = 7", "hexes = 8").replace('points = 3', 'points = "three"')
    (folder / "terrain.toml").write_text(text)
    with pytest.raises(InvalidDataError) as caught:
        DATA.load(folder)
    fields = [e.field for e in caught.value.errors]
    assert fields == ["terrain.toml:terrain[2] (marsh).points"]  # a type problem stops the cross checks
    (folder / "terrain.toml").write_text(text.replace('points = "three"', "points = 3"))
    with pytest.raises(InvalidDataError, match="the terrains give 20 hexes; a board of radius 2 has 19"):
        DATA.load(folder)


def test_clone_is_independent_and_much_faster_than_deepcopy() -> None:
    state, _ = golden.play(4, 9)
    twin = GAME.clone(state)
    assert twin == state and twin.deck is not state.deck and twin.players[0].oil is not state.players[0].oil
    fast = min(timeit.repeat(lambda: GAME.clone(state), number=200, repeat=3))
    slow = min(timeit.repeat(lambda: copy.deepcopy(state), number=20, repeat=3)) * 10
    assert slow / fast > 10, f"clone only {slow / fast:.0f}x faster than deepcopy"


def test_every_answer_is_of_the_shared_vocabulary() -> None:
    state = fresh()
    assert all(type(a) is OptionChoice for a in GAME.legal_actions(state))
    assert GAME.action_space_size(state.config) == 3 + 2 + 19


def test_the_tutorial_package_type_checks_strictly(tmp_path: Path) -> None:
    import subprocess

    pytest.importorskip("mypy")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir", str(tmp_path),
         str(PACKAGE / "src" / "hexkit_beacons")],
        capture_output=True, text=True, timeout=300,
        env={**os.environ, "MYPYPATH": str(PACKAGE / "src")},
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_save_of_a_game_and_of_each_view_loads_again(players: int) -> None:
    assert reload_saves(GAME, GAME.make_config(players), players, first=20, every=4) > 20


def test_a_tampered_save_is_refused_naming_every_field() -> None:
    state = fresh()
    data = json.loads(codec(GAME).state_to_json(state))
    data["state"]["lit"][0] = 7
    data["state"]["players"][1]["hand"][0] = "lava"
    with pytest.raises(StateValidationError) as caught:
        codec(GAME).state_from_json(json.dumps(data))
    assert [e.field for e in caught.value.errors] == ["state.lit.0", "state.players.1.hand.0", "state.deck"]


def test_mutated_saves_are_refused_or_play_on() -> None:
    rng = random.Random(5)
    refused = 0
    for i in range(120):
        state = GAME.new(GAME.make_config(rng.choice((2, 3, 4))), i)
        for _ in range(rng.randint(0, 60)):
            if GAME.is_over(state):
                break
            GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
        path, data = mutate_one(rng, json.loads(codec(GAME).state_to_json(state)),
                                texts=("", "bogus", "?", "forest"))
        refused += refused_or_plays_on(GAME, path, data)
    assert refused > 60
