"""The Campaign: three linked games, the envelope, exhausted tiles, the campaign file and CLI.

Source: rulebook, "Optional Modules" (The Campaign); interpretations in docs/campaign.md.
"""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from hexkit.cli import main
from hexkit.errors import ConfigError, InvalidRecordError
from hexkit_soot.campaign import MODULE, Campaign, CampaignConfig, CampaignGame, carry_out, is_exhausted
from hexkit_soot.ledger import data
from hexkit_soot.rules.camps import camp_kinds_at, place_camp
from hexkit_soot.rules.trust import _site_kinds
from tests.soot.helpers import place, start

A = __import__("hexkit.hexes", fromlist=["Hex"]).Hex(1, 0)


def _salt_camp(state: object) -> str:
    return next(k for k, v in data(state).camps.items() if "Salt" in v.sites)  # type: ignore[arg-type]


def test_envelope_cards_leave_the_deck_at_setup() -> None:
    s = start()
    gone = next(c for c in s.deck if data(s).cards[c].legacy)
    before = s.deck.count(gone)
    s.config = CampaignConfig(players=2, modules=frozenset({"campaign"}), envelope=(gone,))
    MODULE.on_setup(s)
    assert s.deck.count(gone) == before - 1
    assert any(f"{gone} is in the campaign envelope" in e.text for e in s.log)


def test_an_exhausted_tile_gives_a_new_camp_an_empty_stack() -> None:
    """A camp a card or event puts on an exhausted tile (place_camp, the one placing path) gets 0 tokens."""
    for exhausted in (False, True):
        s = start()
        place(s, A, "Plains", "Salt")
        tile = s.tiles[A]
        s.config = CampaignConfig(players=2, modules=frozenset({"campaign"}), exhausted=(tile,) if exhausted else ())
        MODULE.on_setup(s)
        assert is_exhausted(s, A) == exhausted
        kind = _salt_camp(s)
        place_camp(s, 0, A, kind)
        fresh = data(s).sites["Salt"].stack
        assert s.stacks[A] == (0 if exhausted else fresh) and fresh > 0
        assert carry_out(s)[1] == ((tile,) if exhausted else ())


def test_an_exhausted_site_is_offered_to_no_one() -> None:
    """An exhausted tile enters play with its stack at 0: no site camp is offered there
    (players' Found Camp menus and the Trust read camp_kinds_at)."""
    s = start()
    place(s, A, "Plains", "Salt")
    kind = _salt_camp(s)
    assert kind in camp_kinds_at(s, A)
    s.config = CampaignConfig(players=2, modules=frozenset({"campaign", "trust"}), exhausted=(s.tiles[A],))
    assert kind not in camp_kinds_at(s, A)
    assert _site_kinds(s, A) == []  # the Trust claims no exhausted site


def test_exhausted_tiles_need_the_campaign_module() -> None:
    s = start()
    place(s, A, "Plains", "Salt")
    s.config = CampaignConfig(players=2, exhausted=(s.tiles[A],))
    assert not is_exhausted(s, A) and _salt_camp(s) in camp_kinds_at(s, A)


def test_deep_survey_still_adds_to_an_exhausted_stack() -> None:
    s = start()
    place(s, A, "Plains", "Salt")
    s.config = CampaignConfig(players=2, modules=frozenset({"campaign"}), exhausted=(s.tiles[A],))
    s.players[0].upgrades.append("Deep Survey")
    place_camp(s, 0, A, _salt_camp(s))
    assert s.stacks[A] == 2  # 0 carried over + Deep Survey's 2
    assert any("depleted in an earlier game (no tokens)" in e.text for e in s.log)


def test_three_games_carry_the_envelope_and_sum_the_totals() -> None:
    c = Campaign.start(3, 5, ["random"])
    assert c.agents == ("random", "random", "random") and not c.games and c.winner() is None
    for _ in range(3):
        c = c.next_game()
    assert c.done and len(c.games) == 3
    assert c.totals() == [sum(g.totals[s] for g in c.games) for s in range(3)]
    assert c.winner() == c.standings()[0] == max(range(3), key=lambda s: (c.totals()[s], -s))
    assert set(c.envelope) == {n for g in c.games for n in g.legacy_played}
    # game 2 started without game 1's Legacy cards: its replay matches its record's totals
    assert c.config_for(1).envelope == c.games[0].legacy_played
    from hexkit_soot.rules.scoring import score_sheet
    assert score_sheet(c.replay(1)).totals == c.games[1].totals
    with pytest.raises(ConfigError, match="games: the campaign already has its 3 games"):
        c.next_game()


def test_campaign_file_round_trips_and_broken_files_name_the_field() -> None:
    c = Campaign.start(4, 2, ["random"]).next_game()
    assert Campaign.from_json(c.to_json()) == c
    data = json.loads(c.to_json())
    for path, value, field in ((("version",), 9, "campaign.version"),
                               (("players",), 9, "campaign.players"),
                               (("games", 0, "totals"), [1], "campaign.games[0].totals"),
                               (("games", 0, "seed"), "x", "campaign.games[0].seed")):
        broken = json.loads(json.dumps(data))
        target = broken
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        with pytest.raises(InvalidRecordError) as err:
            Campaign.from_json(json.dumps(broken))
        assert field in str(err.value)
    with pytest.raises(InvalidRecordError, match="campaign"):
        Campaign.from_json("not json")


def test_edited_results_are_refused_against_the_kept_record() -> None:
    """A hand-edited total or Legacy card would decide the campaign: the record is replayed on load."""
    c = Campaign.start(4, 2, ["random"]).next_game()
    data = json.loads(c.to_json())
    real = list(data["games"][0]["totals"])
    forged = [-1000, *real[1:]]
    for path, value, field, shown in (
            (("games", 0, "totals"), forged, "campaign.games[0].totals", f"replays to {real}"),
            (("games", 0, "legacy_played"), ["Nope"], "campaign.games[0].legacy_played", "['Nope'], but"),
            (("games", 0, "ranking"), list(reversed(data["games"][0]["ranking"])), "campaign.games[0].ranking",
             "replays to"),
            (("envelope",), ["The Silver Strike"], "campaign.envelope", "but the games played put")):
        broken = json.loads(json.dumps(data))
        target = broken
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        with pytest.raises(InvalidRecordError) as err:
            Campaign.from_json(json.dumps(broken))
        assert err.value.field == field and shown in str(err.value), err.value


def test_start_refuses_bad_input() -> None:
    with pytest.raises(ConfigError, match="seed"):
        Campaign.start(3, -1)
    with pytest.raises(ConfigError, match="agents"):
        Campaign.start(3, 1, [])
    with pytest.raises(ConfigError, match="players: the partnerships module"):
        Campaign.start(3, 1, ["random"], ["partnerships"])
    for players in (1, 7):  # a 1-player file was written by start and then refused by from_json
        with pytest.raises(ConfigError, match="players: a campaign takes 2-6 players"):
            Campaign.start(players, 1, ["random"])


def test_cli_refuses_a_solo_campaign_and_writes_no_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "solo.json"
    assert main(["campaign", "soot", "start", str(f), "-p", "1"]) == 2
    assert "players: a campaign takes 2-6 players, not 1" in capsys.readouterr().err
    assert not f.exists()
    g = CampaignGame(seed=1, totals=(1, 2), ranking=(1, 0), legacy_played=(), depleted=())
    assert attrs.evolve(g, seed=2).seed == 2


def test_cli_start_next_status(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "c.json"
    assert main(["campaign", "soot", "start", str(f), "-p", "2", "-s", "3", "-a", "random"]) == 0
    assert main(["campaign", "soot", "start", str(f)]) == 2  # refuses to overwrite
    for n in (1, 2, 3):
        assert main(["campaign", "soot", "next", str(f)]) == 0
        assert len(Campaign.load(f).games) == n  # resumable after every game
    assert main(["campaign", "soot", "next", str(f)]) == 2
    capsys.readouterr()
    assert main(["campaign", "soot", "status", str(f)]) == 0
    out = capsys.readouterr().out
    assert "game 3 of 3 played" in out and f"campaign winner: P{Campaign.load(f).winner()}" in out


def test_simulate_campaign_runs_whole_campaigns_and_names_the_modules(capsys: pytest.CaptureFixture[str]) -> None:
    """`hexkit simulate soot --campaign` routes to the campaign study; the report names the modules."""
    args = ["simulate", "soot", "--campaign", "-k", "2", "-p", "4", "-a", "random", "-s", "3",
            "-v", "partnerships"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "2 campaigns (3 games each), 4 players, agents random, seeds 3..4, modules: campaign, partnerships" in out
    done = [Campaign.start(4, s, ["random"], ["partnerships"]) for s in (3, 4)]
    for i, c in enumerate(done):
        while not c.done:
            c = c.next_game()
        done[i] = c
    wins = [sum(1 for c in done if s in c.winners()) for s in range(4)]  # both partners of the winners
    for s in range(4):
        mean = sum(c.totals()[s] for c in done) / 2
        assert f"P{s}: {wins[s]} campaign wins, mean total {mean:.1f}" in out
    assert sum(wins) == 4 and all(len(c.winners()) == 2 for c in done)


def test_simulate_campaign_refuses_what_it_cannot_do(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "soot", "--campaign", "-k", "1", "--set", "numbers.loan_amount=6"]) == 2
    got = capsys.readouterr()
    assert "--campaign takes --players, --games, --agents, --seed and --variant only" in got.out + got.err
    assert main(["simulate", "empyreal", "--campaign", "-k", "1"]) == 2
    got = capsys.readouterr()
    assert "only Soot & Timber has campaigns, not 'empyreal'" in got.out + got.err


def test_an_exhausted_tile_id_that_is_no_tile_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tiles = len(data(start()).tile_list())
    c = Campaign.start(3, 7, ["random"])
    for bad in (-1, tiles, 99999):
        broken = attrs.evolve(c, exhausted=(bad,))
        with pytest.raises(ConfigError, match=f"exhausted: unknown tile id {bad}"):
            broken.next_game()
    f = tmp_path / "c.json"
    d = json.loads(c.to_json())
    d["exhausted"] = [99999]  # a hand-edited file: refused, and not rewritten
    f.write_text(json.dumps(d))
    before = f.read_text()
    assert main(["campaign", "soot", "next", str(f)]) == 2
    assert "exhausted: unknown tile id 99999" in capsys.readouterr().err
    assert f.read_text() == before


def test_a_kept_record_that_disagrees_with_the_file_is_refused_naming_the_field() -> None:
    c = Campaign.start(3, 7, ["random"], ["shares"]).next_game()
    data = json.loads(c.to_json())
    cases = (
        (lambda d: d.update(modules=["labor", "shares"]), "campaign.modules",
         "labor, shares, but game 1 was played with shares"),
        (lambda d: d.update(modules=[]), "campaign.modules", "none, but game 1 was played with shares"),
        (lambda d: d["games"][0].update(record="garbage"), "campaign.games[0].record", "not JSON"),
        (lambda d: d["games"][0].update(record="[1]"), "campaign.games[0].record", "not a game record"),
        (lambda d: d["games"][0].update(seed=d["games"][0]["seed"] + 1), "campaign.games[0].seed",
         "its record was played with seed"),
    )
    for edit, field, words in cases:
        broken = json.loads(json.dumps(data))
        edit(broken)
        with pytest.raises(InvalidRecordError) as err:
            Campaign.from_json(json.dumps(broken))
        assert field in str(err.value) and words in str(err.value), err.value
    assert Campaign.from_json(json.dumps(data)) == c  # the file as written still loads


def test_a_campaign_file_never_imports_its_agents() -> None:
    import sys

    sys.modules.pop("this", None)
    data = json.loads(Campaign.start(2, 2, ["random"]).to_json())
    data["agents"] = ["random", "this.Foo"]
    with pytest.raises(InvalidRecordError) as err:
        Campaign.from_json(json.dumps(data))
    assert err.value.field == "campaign.agents[1]"
    assert "'this.Foo' is not an installed agent (import references are not accepted here)" in str(err.value)
    assert "this" not in sys.modules
    data["agents"] = ["random", "mcts:iterations=20"]
    assert Campaign.from_json(json.dumps(data)).agents == ("random", "mcts:iterations=20")
