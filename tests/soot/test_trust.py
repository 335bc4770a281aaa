"""The Trust (automa) and solo play: config, numbers, refusals, boards, conformance."""

from __future__ import annotations

import pytest

from hexkit.errors import ConfigError, InvalidRecordError
from hexkit.record import GameRecord, record_from_json, record_to_json, replay
from hexkit.rng import Rng
from hexkit.testing import check_game
from hexkit_soot import GAME
from hexkit_soot.render import render_text
from hexkit_soot.rules.camps import camp_kinds_at
from hexkit_soot.rules.player_counts import central_city_slots
from hexkit_soot.rules.trust import TRUST, trust_data, trust_score, verdict
from hexkit_soot.state import CENTRAL_CITY, SootState


def _play(players: int, seed: int) -> SootState:
    state = GAME.new(GAME.make_config(players=players, variants={"trust"}), seed)
    chooser = Rng(seed)
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[chooser.randbelow(len(legal))])
    return state


def test_variants_map_onto_modules_and_exclusions_are_refused() -> None:
    assert GAME.make_config(players=2, variants={"trust"}).modules == frozenset({"trust"})
    assert GAME.make_config(players=1).modules == frozenset({"trust"})  # solo is the game against the Trust
    with pytest.raises(ConfigError, match="'mountain-pass' and 'river-delta'|'river-delta' and 'mountain-pass'"):
        GAME.make_config(players=2, variants={"river-delta", "mountain-pass"})
    assert GAME.make_config(players=2, variants={"shares"}).modules == frozenset({"shares"})  # implemented
    assert GAME.make_config(players=2, variants={"labor"}).modules == frozenset({"labor"})  # implemented
    with pytest.raises(ConfigError, match=r"takes 1-6 players \(1: the solo game against the Trust\), not 7"):
        GAME.make_config(players=7, variants={"trust"})
    with pytest.raises(ConfigError, match="not 0"):
        GAME.make_config(players=0)


def test_deck_data_has_twelve_cards_with_provenance() -> None:
    data = trust_data(GAME.new(GAME.make_config(players=2, variants={"trust"}), 0))
    assert len(data.cards) == 12 and [c.number for c in data.cards] == list(range(1, 13))
    assert sum(c.explore for c in data.cards) == 10 and sum(c.camp for c in data.cards) == 7
    assert all(c.source.startswith("assumed:") for c in data.cards)
    assert data.scoring.camp_points == 3 and data.scoring.slot_points == 5 and data.scoring.camp_reach == 3
    assert data.scoring.seize_rounds == (4, 8)
    assert [(b.round, b.points) for b in data.round_bonus] == [(3, 2), (6, 3), (9, 4), (12, 5)]


def test_trust_score_and_seized_slots_numbers() -> None:
    state = GAME.new(GAME.make_config(players=2, variants={"trust"}), 4)
    assert central_city_slots(state) == 3  # 2 players: 3 printed slots
    state.round = 4
    TRUST.after_actions(state)
    assert state.module_state["trust.seized"] == [1]
    assert central_city_slots(state) == 2  # the seized slot is unbuildable
    camps = len(state.trust_camps)
    assert trust_score(state) == 3 * camps + 5 * 1  # no bonus on round 4
    state.round = 6
    TRUST.after_actions(state)
    assert trust_score(state) == 3 * len(state.trust_camps) + 5 * 1 + 3  # round-6 bonus: 3
    assert any("seized a Central City Tier 3 slot" in e.text for e in state.log)


def test_trust_camp_site_is_dead_to_players() -> None:
    state = _play(2, 7)
    assert state.trust_camps, "the Trust claimed no camp in a whole game"
    for at in state.trust_camps:
        assert camp_kinds_at(state, at) == []
        assert at not in state.camps
    assert "X" in render_text(state) and "the Trust: score" in render_text(state)


def test_solo_game_plays_to_its_end_and_names_the_winner() -> None:
    state = _play(1, 3)
    assert GAME.is_over(state)
    line = verdict(state)
    assert line.startswith("solo: P0 ") and ("the Trust wins" in line or "P0 beats the Trust" in line)
    best = GAME.scores(state).totals[0]
    trust_won = trust_score(state) >= best
    assert GAME.end_reason(state).endswith("; the Trust wins" if trust_won else "; P0 beats the Trust")
    assert GAME.beaten_by(state) == ("the Trust" if trust_won else None)
    assert GAME.returns(state) == [0.0 if trust_won else 1.0]


def test_a_solo_study_row_says_the_trust_won(tmp_path: object) -> None:
    """When the Trust wins a solo game the row's winner is -1, beaten_by names
    the Trust and no seat counts a win; when P0 beats it, P0 won."""
    from pathlib import Path

    from hexkit.sim import Study, load_results, simulate

    out = Path(str(tmp_path)) / "solo.jsonl"
    simulate(Study(game="soot", players=1, agents=("random",), games=2, seed=3), out, backend="serial")
    frame = load_results(out)
    import json
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    for row in rows:
        assert row["error"] is None
        trust_won = row["beaten_by"] == "the Trust"
        assert row["winner"] == (-1 if trust_won else 0)
        assert row["winner_agent"] == ("the Trust" if trust_won else "random")
    assert int(frame.won.astype(bool).sum()) == sum(r["winner"] == 0 for r in rows)


def test_record_carries_the_module() -> None:
    config = GAME.make_config(players=2, variants={"trust"})
    record = GameRecord.start(GAME, config, 2)
    state = GAME.new(config, 2)
    chooser = Rng(2)
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        action = legal[chooser.randbelow(len(legal))]
        record.actions.append(action)
        GAME.apply(state, action)
    text = record_to_json(GAME, record)
    assert "trust 2+" in text  # the Trust's rules version and data digest
    again = replay(GAME, record_from_json(GAME, text))
    assert again.config.modules == frozenset({"trust"})
    assert again.trust_camps == state.trust_camps and again.module_state == state.module_state
    stale = text.replace("trust 2+", "trust 0+")
    with pytest.raises(InvalidRecordError, match="module_versions: made with trust 0"):
        record_from_json(GAME, stale)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_conformance_trust_short(players: int) -> None:
    report = check_game(GAME, [GAME.make_config(players=players, variants={"trust"})], seeds=range(2),
                        json_every=61, view_every=97, all_views=False)
    assert report.games == 2


@pytest.mark.soak
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_conformance_trust_soak(players: int) -> None:
    report = check_game(GAME, [GAME.make_config(players=players, variants={"trust"})], seeds=range(100, 120),
                        json_every=307, view_every=401, all_views=False)
    assert report.games == 20


def test_a_seat_does_not_see_the_trust_deck_order() -> None:
    state = GAME.new(GAME.make_config(players=2, variants={"trust"}), 9)
    view = GAME.view(state, 0)
    assert view.module_state["trust.deck"] == sorted(state.module_state["trust.deck"])


def test_the_trust_camps_only_on_printed_sites() -> None:
    """Rulebook: it claims a *site*; bare terrain (a Farm on Plains) is none."""
    from hexkit_soot.config import data

    claimed = 0
    for seed in range(6):
        state = _play(1, seed)
        for at in state.trust_camps:
            claimed += 1
            assert data(state).tile_list()[state.tiles[at]][1], f"Trust camp at {at} has no printed site"
    # 12 in seeds 0-5 at rules 0.4.0 (14 at 0.3.3, since its tiles draw community tokens: a community's
    # hex hosts no camp; 29 before)
    assert claimed >= 10


def test_the_trust_seizes_on_rounds_4_and_8_only() -> None:
    """Rulebook, The Trust: on rounds 4 and 8 it seizes one Central City Tier 3 slot."""
    state = GAME.new(GAME.make_config(players=2, variants={"trust"}), 4)
    for rnd in (3, 4, 5, 8, 9):
        state.round = rnd
        TRUST.after_actions(state)
    assert state.module_state["trust.seized"] == [2]
    assert central_city_slots(state) == 3 - 2


def test_the_trust_explores_the_highest_valued_surveyed_tile_at_the_nearest_edge() -> None:
    from hexkit_soot.rules.trust import _explore, _value

    state = GAME.new(GAME.make_config(players=2, variants={"trust"}), 4)
    values = sorted(range(len(state.tile_stack)), key=lambda i: _value(state, state.tile_stack[i]))
    low, high = state.tile_stack[values[0]], state.tile_stack[values[-1]]
    assert _value(state, high) > _value(state, low)
    state.survey[:] = [low, high]
    state.surveyors[:] = [0, 1]
    before = set(state.tiles)
    _explore(state)
    (placed,) = set(state.tiles) - before
    assert state.tiles[placed] == high and state.survey == [low]
    frontier = {n for h in before for n in h.neighbors() if n not in before}
    assert placed.distance(CENTRAL_CITY) == min(n.distance(CENTRAL_CITY) for n in frontier)


def test_the_trust_camps_on_the_best_site_within_3_hexes_of_its_network() -> None:
    from hexkit_soot.rules.trust import _camp, _network, _site_kinds, _value

    state = _play(2, 7)  # a whole game: many tiles on the map
    state.trust_camps.clear()
    net = _network(state)
    reach = [h for h in state.tiles if _site_kinds(state, h) and min(h.distance(n) for n in net) <= 3]
    _camp(state)
    (claimed,) = state.trust_camps
    assert min(claimed.distance(n) for n in net) <= 3
    assert _value(state, state.tiles[claimed]) == max(_value(state, state.tiles[h]) for h in reach)


def test_min_players_is_one_and_the_default_game_is_solo() -> None:
    """GameInfo declares the solo game: min_players 1, and a config-less new game is solo against the Trust."""
    assert GAME.info.min_players == 1 and GAME.info.max_players == 6
    state = GAME.new(None, 0)
    assert state.config.players == 1 and state.config.modules == frozenset({"trust"})


def test_games_command_and_configs_read_min_players(capsys: pytest.CaptureFixture[str]) -> None:
    from hexkit.cli import main

    assert main(["games"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if line.lstrip("│ ").startswith("soot"))
    assert "1-6" in row
    assert GAME.make_config(players=1).modules == frozenset({"trust"})
    with pytest.raises(ConfigError, match=r"takes 1-6 players \(1: the solo game against the Trust\), not 7"):
        GAME.make_config(players=7)


def test_cli_plays_a_solo_game_with_a_trust_that_explores_like_a_player(capsys: pytest.CaptureFixture[str]) -> None:
    """`hexkit play soot --players 1` plays to the end and names who won; the Trust's explores
    draw community tokens (seed 3: its log shows its tiles and their tokens)."""
    from hexkit.cli import main

    assert main(["play", "soot", "--players", "1", "--agents", "random", "--seed", "3", "--log-tail", "0"]) == 0
    out = capsys.readouterr().out
    assert "the Trust joins the game (12-card deck shuffled)" in out
    assert "the Trust drew a tile and explored" in out or "the Trust took a Surveyed tile" in out
    assert "the Trust wins" in out or "P0 beats the Trust" in out


def test_the_final_table_places_the_seat_second_when_the_trust_won() -> None:
    from io import StringIO

    from rich.console import Console

    from hexkit.cli import print_scores

    state = _play(1, 3)
    assert GAME.beaten_by(state) == "the Trust"  # random play: 0 points against the Trust's camps
    buf = StringIO()
    print_scores(GAME, state, seats=["random"], out=Console(file=buf, width=200))
    text = buf.getvalue()
    assert "Final scores (1. the Trust)" in text and "2. P0" in text and "1. P0" not in text
    assert "Winner: the Trust (no seat beat it)" in text
