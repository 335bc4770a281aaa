"""hexkit.sim: seat rotation, backends agree, failures are recorded, sweeps."""

from __future__ import annotations

import io
import itertools
import json
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest

from hexkit.errors import ConfigError, HexkitError, UnknownGameError
from hexkit.overrides import apply_overrides
from hexkit.record import record_from_json, replay
from hexkit.rng import Rng
from hexkit.sim import (
    TIMING_FIELDS,
    Study,
    read_results,
    run_study,
    seat_agents,
    simulate,
    summarize,
)
from hexkit.sim.sweep import parse_setting, run_sweep, sweep_studies, sweep_tables
from hexkit.hexes import Hex
from tests.toygame import DraftConfig, DraftGame, DraftState, PlayAt

TOY = "tests.toygame:GAME"


# -- test games: hooks, failures, data overrides ------------------------------
@attrs.frozen
class DraftNumbers:
    """Component data of the variant below, for override tests."""

    bonus: int = 0


class HookedDraft(DraftGame):
    """The toy game with the optional hooks, a flaw, and data overrides.

    Seats have factions by seat parity; a turn is two decisions. Playing the
    card 12 on the centre hex raises (a planted bug). ``bonus`` is a data
    number added to seat 1's score, changed with ``overrides``.
    """

    def setup(self, config: DraftConfig, rng: Rng) -> DraftState:
        apply_overrides(DraftNumbers(), config.overrides)
        return super().setup(config, rng)

    def factions(self, state: DraftState) -> list[str]:
        return ["Red" if p % 2 == 0 else "Blue" for p in range(state.config.players)]

    def turns(self, state: DraftState) -> int:
        return state.step // 2

    def end_reason(self, state: DraftState) -> str:
        return "hands empty"

    def perform(self, state: DraftState, action: Any) -> None:
        decision = state.pending[-1]
        if getattr(decision, "card", None) == 12 and str(getattr(action, "hex", "")) == "(0,0)":
            raise RuntimeError("planted bug: 12 on the centre")
        super().perform(state, action)

    def scores(self, state: DraftState) -> Any:
        sheet = super().scores(state)
        bonus = apply_overrides(DraftNumbers(), state.config.overrides).bonus
        if not bonus:
            return sheet
        totals = list(sheet.totals)
        totals[1] += bonus
        order = tuple(sorted(range(len(totals)), key=lambda p: (-totals[p], p)))
        decided = tuple("total" if totals[a] != totals[b] else "seat order"
                        for a, b in zip(order, order[1:]))
        breakdown = tuple({**b, "bonus": bonus if p == 1 else 0}
                          for p, b in enumerate(sheet.breakdown))
        return type(sheet)(tuple(totals), breakdown, order, decided)


HOOKED = HookedDraft()


class EndlessDraft(DraftGame):
    """A broken game whose limit is lower than its length."""

    info = attrs.evolve(DraftGame.info, max_decisions=5)


ENDLESS = EndlessDraft()


def strip(rows: Any) -> list[dict[str, Any]]:
    return [{k: v for k, v in row.items() if k not in TIMING_FIELDS} for row in rows]


# -- studies ----------------------------------------------------------------
def test_seats_rotate_so_every_agent_plays_every_seat_equally() -> None:
    agents = ["mcts", "greedy", "random"]
    counts = Counter(
        (seat, agent)
        for index in range(12)
        for seat, agent in enumerate(seat_agents(agents, 3, index))
    )
    assert set(counts.values()) == {4}
    assert seat_agents(agents, 3, 1) == ["greedy", "random", "mcts"]
    # Two agents at four seats: each takes two seats, and each seat half the games.
    four = [seat_agents(["a", "b"], 4, i) for i in range(2)]
    assert four == [["a", "b", "a", "b"], ["b", "a", "b", "a"]]


def test_a_row_describes_the_game_fully() -> None:
    study = Study(game="tests.test_sim:HOOKED", players=2, agents=("greedy", "random"), games=6,
                  seed=40)
    rows = list(run_study(study, backend="serial"))
    assert [r["seed"] for r in rows] == list(range(40, 46))
    good = next(r for r in rows if r["error"] is None)
    assert good["factions"] == ["Red", "Blue"]
    assert good["decisions"] == 14 and good["turns"] == 7
    assert good["end_reason"] == "hands empty"
    assert sorted(good["order"]) == [0, 1]
    assert good["winner"] == good["order"][0]
    assert good["winner_agent"] == good["seats"][good["winner"]]
    assert good["winner_faction"] == good["factions"][good["winner"]]
    assert good["scores"] == [b["cards"] + b["pairs"] for b in good["breakdown"]]
    assert good["decided_by"] in (["total"], ["seat order"])
    assert len(good["agent_seconds"]) == 2 and good["seconds"] > 0


def test_a_failing_game_is_recorded_and_the_study_goes_on() -> None:
    study = Study(game="tests.test_sim:HOOKED", players=2, agents=("random",), games=40, seed=0)
    rows = list(run_study(study, backend="serial"))
    assert len(rows) == 40
    failed = [r for r in rows if r["error"] is not None]
    assert failed and len(failed) < 40
    row = failed[0]
    assert row["error"] == "RuntimeError: planted bug: 12 on the centre"
    assert "planted bug" in row["traceback"]
    # The record reproduces the game up to the failure, and the failing step raises again.
    record = record_from_json(HOOKED, json.dumps(row["record"]))
    assert record.seed == row["seed"] and len(record.actions) == row["decisions"]
    state = replay(HOOKED, record)
    assert state.pending[-1].card == 12  # type: ignore[attr-defined]
    with pytest.raises(RuntimeError, match="planted bug"):
        HOOKED.apply(state, PlayAt(Hex(0, 0)))


def test_a_game_that_does_not_end_is_an_error_row() -> None:
    study = Study(game="tests.test_sim:ENDLESS", players=2, agents=("random",), games=2)
    rows = list(run_study(study, backend="serial"))
    assert [r["error"] for r in rows] == ["HexkitError: the game did not end within 5 decisions"] * 2


def test_results_are_identical_for_one_and_four_workers() -> None:
    study = Study(game=TOY, players=3, agents=("greedy", "random", "mcts:iterations=8"),
                  games=24, seed=100)
    serial = strip(run_study(study, workers=1))
    pooled = strip(run_study(study, workers=4, backend="process", chunk=2))
    assert serial == pooled
    assert [r["seed"] for r in serial] == list(range(100, 124))


@pytest.mark.distributed
def test_dask_local_cluster_gives_the_process_pool_results() -> None:
    distributed = pytest.importorskip("distributed")
    study = Study(game=TOY, players=2, agents=("greedy", "random"), games=16, seed=7)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            on_dask = strip(run_study(study, backend="dask", client=client, chunk=3))
    assert on_dask == strip(run_study(study, workers=2, backend="process"))


def test_rows_stream_lazily_in_order() -> None:
    huge = Study(game=TOY, players=2, agents=("random",), games=10**9, seed=3)
    first = list(itertools.islice(run_study(huge, backend="serial", chunk=1), 3))
    assert [r["seed"] for r in first] == [3, 4, 5]


def test_simulate_writes_one_line_per_game_and_reports_progress(tmp_path: Path) -> None:
    study = Study(game="tests.test_sim:HOOKED", players=2, agents=("greedy", "random"),
                  games=30, seed=0)
    seen: list[int] = []
    totals = simulate(study, tmp_path / "r.jsonl", progress=lambda row: seen.append(row["seed"]))
    lines = (tmp_path / "r.jsonl").read_text().splitlines()
    assert len(lines) == totals.games == 30 and seen == list(range(30))
    assert totals.errors == sum(json.loads(line)["error"] is not None for line in lines) > 0
    summary = summarize(read_results(tmp_path / "r.jsonl"))
    assert summary.games == 30 and len(summary.errors) == totals.errors
    assert {r.key for r in summary.by_faction} == {"Red", "Blue"}
    buffer = io.StringIO()
    simulate(attrs.evolve(study, games=2), buffer)
    assert len(buffer.getvalue().splitlines()) == 2


@pytest.mark.parametrize(
    ("study", "error", "message"),
    [
        (Study(game="chess", players=2, agents=("random",)), UnknownGameError, "no game named"),
        (Study(game=TOY, players=7, agents=("random",)), ConfigError, "2-3 players"),
        (Study(game=TOY, players=2, agents=("alphazero",)), ConfigError, "unknown agent"),
        (Study(game=TOY, players=2, agents=("random",), variants=("fog",)), ConfigError,
         "unknown variant"),
        (Study(game=TOY, players=2, agents=("random",), overrides={"x.y": "1"}), ConfigError,
         "does not read data overrides"),
        (Study(game="tests.test_sim:HOOKED", players=2, agents=("random",),
               overrides={"malus": "1"}), ConfigError, "no field 'malus'"),
        (Study(game="tests.test_sim:HOOKED", players=2, agents=("random",),
               overrides={"bonus": "lots"}), ConfigError, "expected int"),
        (Study(game="tests.toygame:nothing", players=2, agents=("random",)), ConfigError,
         "cannot load game"),
    ],
)
def test_bad_studies_fail_before_playing(study: Study, error: type[HexkitError], message: str,
                                         tmp_path: Path) -> None:
    with pytest.raises(error, match=message):
        simulate(study, tmp_path / "never.jsonl")
    assert not (tmp_path / "never.jsonl").exists()


# -- sweeps -----------------------------------------------------------------
def test_sweep_settings_go_to_players_config_fields_and_data() -> None:
    base = Study(game="tests.test_sim:HOOKED", players=2, agents=("random",), games=4)
    points = sweep_studies(base, [parse_setting("players=2,3"), parse_setting("hand_size=2,3"),
                                  parse_setting("bonus=0,5")])
    assert len(points) == 8
    label, study = points[-1]
    assert label == {"players": "3", "hand_size": "3", "bonus": "5"}
    assert (study.players, study.options, study.overrides) == (3, {"hand_size": 3}, {"bonus": "5"})


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ("hand_size=two", "expected int"),
        ("players=2,9", "players=9"),
        ("nosuch.path=1,2", "no field 'nosuch'"),
        ("bonus=", "one or more"),
        ("=3", "PATH=V1"),
    ],
)
def test_bad_sweep_settings_are_refused(setting: str, message: str) -> None:
    base = Study(game="tests.test_sim:HOOKED", players=2, agents=("random",), games=4)
    with pytest.raises(ConfigError, match=message):
        sweep_studies(base, [parse_setting(setting)])


def test_a_sweep_shows_the_data_change_moving_win_rates(tmp_path: Path) -> None:
    base = Study(game="tests.test_sim:HOOKED", players=2, agents=("random",), games=40, seed=500)
    points = run_sweep(base, [parse_setting("bonus=0,40")], tmp_path)
    assert [p.name for p in points] == ["bonus=0", "bonus=40"]
    blue = [next(r for r in p.summary.by_faction if r.key == "Blue") for p in points]
    # A 40-point bonus for seat 1 (Blue) wins every game that finishes.
    assert blue[1].rate == 1.0 and blue[0].rate < 0.7
    win_table, score_table, agent_table, _ = sweep_tables(points)
    assert win_table.headers == ("setting", "games", "failed", "Blue", "Red")
    # the planted bug fails some games: the table says how many, per setting
    assert [int(r[2]) for r in win_table.rows] == [len(p.summary.errors) for p in points]
    assert sum(int(r[1]) + int(r[2]) for r in win_table.rows) == 80
    assert win_table.rows[1][3].startswith("100.0%")
    assert float(score_table.rows[1][1]) > float(score_table.rows[0][1]) + 30  # Blue gains the bonus
    assert agent_table.title == "Win rate by agent (95% CI)"
    assert all(p.results.exists() for p in points)


def test_a_time_limit_stops_the_study_and_keeps_every_finished_game(tmp_path: Path) -> None:
    import time

    endless = Study(game=TOY, players=2, agents=("greedy", "random"), games=10**6, seed=0)
    assert list(run_study(endless, backend="serial", time_limit=0.0)) == []
    began = time.perf_counter()
    serial = list(run_study(endless, backend="serial", chunk=1, time_limit=0.5))
    assert 0 < len(serial) < 10**6 and time.perf_counter() - began < 5
    assert [r["seed"] for r in serial] == list(range(len(serial)))
    began = time.perf_counter()
    totals = simulate(endless, tmp_path / "r.jsonl", workers=2, backend="process", chunk=1,
                      time_limit=2.0)
    # Pool start-up counts against the limit; games running at the deadline finish.
    assert time.perf_counter() - began < 20
    assert totals.cut_by_time and totals.planned == 10**6 and 0 < totals.games < 10**6
    rows = list(read_results(tmp_path / "r.jsonl"))
    assert len(rows) == totals.games
    seeds = [r["seed"] for r in rows]
    assert seeds == sorted(seeds) and len(set(seeds)) == len(seeds)
    small = simulate(attrs.evolve(endless, games=4), io.StringIO(), time_limit=60.0)
    assert small.games == 4 and not small.cut_by_time


# -- what was played, lazy views ----------------------------------------------
PLAYED_TOY = "tests.toygame:HOOKED"


def test_a_row_carries_what_was_played_per_seat_and_in_total() -> None:
    from hexkit.sim import play_game

    row = play_game(Study(game=PLAYED_TOY, players=2, agents=("random",), games=1, seed=3), 0)
    by_seat, total = row["played"]["by_seat"], row["played"]["total"]
    # Seven hexes, filled alternately from seat 0: four cards and three.
    assert [s["cards_played"] for s in by_seat] == [4, 3]
    assert total == {"cards_played": 7, "high_cards": by_seat[0]["high_cards"]
                     + by_seat[1]["high_cards"], "never": 0}
    assert 0 <= total["high_cards"] <= 3  # only the cards 10, 11 and 12 count


def test_hex_counts_stones_and_the_swap() -> None:
    from hexkit.sim import game_played
    from hexkit_hexgame import GAME as HEX, parse_action

    state = HEX.new(HEX.make_config(2, ["swap"], size=3), 0)
    for name in ["b2", "swap", "a1"]:
        HEX.apply(state, parse_action(name))
    assert HEX.played(state) == {"moves": [2, 0], "swaps": [0, 1]}
    assert HEX.played(HEX.clone(state)) == HEX.played(state)
    assert HEX.played(HEX.view(state, 1)) == HEX.played(state)  # public, in views
    assert game_played(HEX, state) == {"total": {"moves": 2, "swaps": 1},
                                        "by_seat": [{"moves": 2, "swaps": 0},
                                                    {"moves": 0, "swaps": 1}]}


class _Peeker:
    """Reads its view's hands: the view must be the redacted one."""

    name = "peeker"
    seen: list[list[list[int]]] = []

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, game: Any, view: Any, legal: Any) -> Any:
        assert isinstance(view, DraftState)
        _Peeker.seen.append([list(h) for h in view.hands])
        return legal[0]


def test_agents_get_only_their_view_built_on_first_look() -> None:
    from hexkit.sim.lazyview import LazyView
    from tests.toygame import GAME as DRAFT

    state = DRAFT.new(DRAFT.make_config(2), 1)
    lazy = LazyView(DRAFT, state, 0)
    assert isinstance(lazy, DraftState) and not lazy.is_built
    assert lazy.hands[1] == [0, 0] and lazy.hands[0] == state.hands[0] and lazy.is_built
    assert lazy.deck == [0] * len(state.deck) and lazy.viewer == 0
    lazy.hands[0].clear()
    assert state.hands[0]  # the agent's changes never reach the game
    _Peeker.seen.clear()
    row = play_game_row(Study(game=TOY, players=2, agents=("tests.test_sim._Peeker",),
                              games=1, seed=2))
    assert row["error"] is None and len(_Peeker.seen) == 14
    assert all(0 in hands[0] or 0 in hands[1] for hands in _Peeker.seen[:10])


class _Glancer:
    """Reads every third view it is handed (the hands), keeps them all, never reads the rest."""

    name = "glancer"
    handed: list[Any] = []
    looked: dict[int, tuple[Any, list[list[int]]]] = {}

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, game: Any, view: Any, legal: Any) -> Any:
        _Glancer.handed.append(view)
        if len(_Glancer.handed) % 3 == 0:
            _Glancer.looked[len(_Glancer.handed) - 1] = (view, [list(h) for h in view.hands])
        return legal[-1]


def test_a_seat_is_handed_one_unread_view_until_it_reads_one() -> None:
    from hexkit.sim.lazyview import LazyView, release_seat_views, seat_views
    from tests.toygame import GAME as DRAFT

    state = DRAFT.new(DRAFT.make_config(2), 1)
    views = seat_views(DRAFT, state, 2)
    first = views[0]
    DRAFT.apply(state, DRAFT.legal_actions(state)[0])
    assert views[0] is first and not first.is_built  # unread: handed again as it is
    assert first.hands[1] == [0, 0] and first.step == 1  # built from the state as it is now
    assert views[0] is not first and isinstance(views[0], LazyView) and not views[0].is_built
    DRAFT.apply(state, DRAFT.legal_actions(state)[0])
    assert first.step == 1 and views[0].step == 2  # the read one stays a snapshot
    unread = views[1]
    release_seat_views(views)
    assert views == [] and unread.hands[0] == [0, 0] and unread.viewer == 1  # still readable


def test_agents_that_glance_see_only_the_movers_view_of_that_decision() -> None:
    from hexkit.sim import play_game
    from tests.toygame import GAME as DRAFT

    _Glancer.handed.clear()
    _Glancer.looked.clear()
    study = Study(game=TOY, players=2, agents=("tests.test_sim._Glancer",), games=3, seed=7)
    assert all(play_game(study, i)["error"] is None for i in range(3))
    handed = 0
    for seed in (7, 8, 9):  # replay each game (the agent plays legal[-1]) beside what it saw
        state = DRAFT.new(DRAFT.make_config(2), seed)
        while not DRAFT.is_over(state):
            if handed in _Glancer.looked:
                view, hands = _Glancer.looked[handed]
                mover = DRAFT.current_player(state)
                assert view.viewer == mover and view.step == state.step  # that decision's view
                assert hands[mover] == state.hands[mover]
                assert hands[1 - mover] == [0] * len(state.hands[1 - mover])  # redacted
                assert view.deck == [0] * len(state.deck)
                assert view.hands == hands  # later moves never reached it
            DRAFT.apply(state, DRAFT.legal_actions(state)[-1])
            handed += 1
    assert handed == len(_Glancer.handed) == 42 and len(_Glancer.looked) == 14


def play_game_row(study: Study) -> dict[str, Any]:
    from hexkit.sim import play_game

    return play_game(study, 0)


# -- durable studies (issue 12, item 10) -----------------------------------------
def _study(games: int = 6) -> Study:
    return Study(game=TOY, players=2, agents=("random", "greedy"), games=games, seed=5)


def _stable(path: Path) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k not in TIMING_FIELDS} for r in read_results(path)]


def test_simulate_refuses_to_replace_results_unless_asked(tmp_path: Path) -> None:
    from hexkit.sim.run import ResultsFileError

    out = tmp_path / "r.jsonl"
    simulate(_study(2), out, backend="serial")
    before = out.read_bytes()
    with pytest.raises(ResultsFileError, match=rf"{out}.*already holds results.*overwrite"):
        simulate(_study(3), out, backend="serial")
    assert out.read_bytes() == before
    simulate(_study(3), out, backend="serial", mode="overwrite")
    assert [r["index"] for r in read_results(out)] == [0, 1, 2]


def test_resume_plays_only_the_missing_games_and_cuts_a_torn_line(tmp_path: Path) -> None:
    full, part = tmp_path / "full.jsonl", tmp_path / "part.jsonl"
    simulate(_study(), full, backend="serial")
    lines = full.read_bytes().splitlines(keepends=True)
    part.write_bytes(b"".join(lines[:2]) + lines[2][:25])  # two games and a torn third
    totals = simulate(_study(), part, backend="serial", mode="resume")
    assert (totals.resumed, totals.games) == (2, 4)
    assert _stable(part) == _stable(full)
    assert simulate(_study(), part, backend="serial", mode="resume").games == 0


def test_resume_refuses_a_file_of_another_study(tmp_path: Path) -> None:
    from hexkit.sim.run import ResultsFileError

    out = tmp_path / "r.jsonl"
    simulate(_study(2), out, backend="serial")
    before = out.read_bytes()
    other = attrs.evolve(_study(), seed=6)
    with pytest.raises(ResultsFileError, match=rf"{out}: game 0 \(seed 5\) is not a game of this study"):
        simulate(other, out, backend="serial", mode="resume")
    assert out.read_bytes() == before


def test_a_cut_last_line_is_ignored_and_counted(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    simulate(_study(4), out, backend="serial")
    data = out.read_bytes()
    out.write_bytes(data[:-40])  # the last row loses its end and its newline
    torn = len(data.splitlines(keepends=True)[-1]) - 40
    rows = read_results(out)
    assert [r["index"] for r in rows] == [0, 1, 2] and rows.bytes_ignored == torn
    summary = summarize(read_results(out))
    assert summary.games == 3 and summary.bytes_ignored == torn
    assert any(f"{torn} bytes ignored" in w for w in summary.warnings())
    out.write_bytes(data[:-40] + b"\n")  # a bad line that ends: refused, not skipped
    with pytest.raises(HexkitError, match=r"r.jsonl:4.*not valid JSON"):
        list(read_results(out))


def test_a_full_disk_names_the_file() -> None:
    from hexkit.sim.run import ResultsFileError

    full = Path("/dev/full")
    if not full.exists():
        pytest.skip("no /dev/full on this system")
    with pytest.raises(ResultsFileError, match=r"/dev/full: cannot write results \(game 0\)"):
        simulate(_study(1), full, backend="serial", mode="overwrite")


def test_the_command_line_refuses_resumes_and_overwrites(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from hexkit.cli import main

    monkeypatch.setenv("COLUMNS", "400")  # no folding of the report's warning cells

    out = tmp_path / "r.jsonl"
    args = ["simulate", TOY, "--games", "3", "--seed", "1", "--out", str(out)]
    assert main(args) == 0
    full = out.read_bytes()
    out.write_bytes(full[: len(full.splitlines(keepends=True)[0]) + 10])  # one game, a torn line
    cut = out.read_bytes()
    assert main(args) == 2
    assert f"{out} already holds results" in capsys.readouterr().err
    assert out.read_bytes() == cut
    assert main([*args, "--resume", "--overwrite"]) == 2
    assert main([*args, "--resume"]) == 0
    assert "resumed: 1 finished games kept" in capsys.readouterr().out
    assert [r["index"] for r in read_results(out)] == [0, 1, 2]
    assert main([*args[:3], "2", *args[4:], "--overwrite"]) == 0
    assert [r["index"] for r in read_results(out)] == [0, 1]
    out.write_bytes(out.read_bytes()[:-7])
    assert main(["report", str(out), "--out", str(tmp_path / "rep")]) == 0
    # rich wraps and folds long lines and table cells (the file's path is long under
    # xdist): compare the words with the table borders taken out
    words = capsys.readouterr().out.replace("│", " ").split()
    assert "bytes ignored" in " ".join(words)
