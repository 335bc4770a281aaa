"""The Shares module: certificates per 3 rail segments, 4¤ purchases, matched tolls, end-game worth.

Source: rulebook, "Optional Modules" (Shares); interpretations I80-I87 in docs/rules/soot.md.
"""

from __future__ import annotations

import json
import shutil
from importlib import resources
from pathlib import Path

import pytest

from hexkit.errors import IllegalActionError, InvalidRecordError
from hexkit.hexes import Hex
from hexkit.record import GameRecord, record_from_json, record_to_json, replay
from hexkit.render import render_state_svg
from hexkit.rng import Rng
from hexkit.serialize import codec
from hexkit.testing import check_game
from hexkit_soot import GAME
from hexkit_soot.actions import Choose, Step
from hexkit_soot.grid import code_edge, edge_code
from hexkit_soot.render import render_text
from hexkit_soot.rules import shares
from hexkit_soot.rules.routes import set_route
from hexkit_soot.rules.scoring import score_sheet, portfolio
from hexkit_soot.rules.shares import (
    MODULE, ShareNumbers, certificates_allowed, expected_income, line_edges, lines_of, load_numbers, on_toll,
    record_of, share_numbers,
)
from hexkit_soot.state import CENTRAL_CITY, RAIL, ROAD, ShareLine, SootState
from hexkit_soot.strong import StrongSootAgent
from tests.soot.helpers import give, place
from tests.soot.test_movement import A, B, C, E, answer, begin, cargo, leg, legal, position

THREE = ("Merchant", "Industrialist", "Prospector")
EAST = [CENTRAL_CITY, A, B, C, E, Hex(5, 0), Hex(6, 0), Hex(7, 0), Hex(8, 0), Hex(9, 0)]


def shared(archetypes: tuple[str, ...] = ("Merchant", "Industrialist")) -> SootState:
    """Round 1, P0 to choose a main action, the Shares module on."""
    s = position(archetypes)
    s.config = GAME.make_config(len(archetypes), modules={"shares"})
    return s


def rail(s: SootState, owner: int, n: int, hexes: list[Hex] = EAST) -> None:
    """``owner``'s rail along the first ``n`` segments of ``hexes`` (tiles placed)."""
    for a, b in zip(hexes[:n], hexes[1:n + 1]):
        for h in (a, b):
            if h not in s.tiles:
                place(s, h)
        set_route(s, a, b, RAIL, owner)
    s.module_state.pop("shares.fresh", None)  # laid by hand: no offer pending


def issued(s: SootState, owner: int, held: list[int], n: int = 9) -> ShareLine:
    """A line of ``n`` rail segments of ``owner`` with certificates held as ``held``."""
    rail(s, owner, n)
    line = line_edges(s, owner, edge_code(CENTRAL_CITY, 0))
    record = ShareLine(owner=owner, root=min(line), issued=sum(held), held=list(held))
    s.share_lines.append(record)
    return record


def snapshot(s: SootState) -> str:
    return codec(GAME).state_to_json(s)


def build_rail(s: SootState, a: Hex, b: Hex) -> None:
    """Answer the rail edge ``a``-``b`` of the pending Build Route question."""
    for option in legal(s):
        if option.code == "edge":
            h, d = code_edge(option.arg)
            if {h, h.neighbors()[d]} == {a, b}:
                GAME.apply(s, option)
                return
    raise AssertionError(f"no rail edge {a}-{b}: {[str(o) for o in legal(s)]}")


# -- data ------------------------------------------------------------------------------

def test_numbers_come_from_the_rulebook_with_provenance() -> None:
    s = shared()
    nums = share_numbers(s)
    assert (nums.segments_per_certificate, nums.share_price, nums.match_per_toll, nums.points_per_share,
            nums.portfolio_per_share) == (3, 4, 1, 1, 1)
    assert all(src.startswith("rulebook: Optional Modules, Shares") for src in nums.sources.values())


def test_a_bad_data_file_names_every_field() -> None:
    text = resources.files("hexkit_soot").joinpath("data/shares.toml").read_text(encoding="utf-8")
    bad = text.replace("value = 4", "value = -1").replace('source = "rulebook: Optional Modules, Shares (at game end each share = 1 point)"',
                                                          'source = "made up"')
    with pytest.raises(InvalidRecordError) as err:
        load_numbers(bad)
    message = str(err.value)
    assert "shares.number.share_price.value: -1 is not an integer >= 1" in message
    assert "shares.number.points_per_share.source" in message
    with pytest.raises(InvalidRecordError, match="shares.number.portfolio_per_share: missing"):
        load_numbers(text.split('name = "portfolio_per_share"')[0].rsplit("[[number]]", 1)[0])


def test_the_variant_switches_the_module_on_and_the_record_carries_its_version() -> None:
    config = GAME.make_config(players=3, variants={"shares"})
    assert config.modules == frozenset({"shares"})
    assert config.module_versions[0].startswith("shares 1+")
    record = GameRecord.start(GAME, config, 5)
    state = GAME.new(config, 5)
    chooser = Rng(5)
    for _ in range(300):
        action = GAME.legal_actions(state)[chooser.randbelow(len(GAME.legal_actions(state)))]
        record.actions.append(action)
        GAME.apply(state, action)
    text = record_to_json(GAME, record)
    again = replay(GAME, record_from_json(GAME, text))
    assert again.config.modules == frozenset({"shares"}) and again.share_lines == state.share_lines
    with pytest.raises(InvalidRecordError, match="module_versions: made with shares 0"):
        record_from_json(GAME, text.replace("shares 1+", "shares 0+"))


# -- lines and issuing --------------------------------------------------------------------

def test_a_line_is_one_owners_connected_rail() -> None:
    s = shared(THREE)
    rail(s, 1, 4)                                  # CC-A-B-C-E: P1's rail
    place(s, Hex(0, 1))
    set_route(s, CENTRAL_CITY, Hex(0, 1), ROAD, 1)  # a road does not join a line
    place(s, Hex(1, 1))
    set_route(s, A, Hex(1, 1), RAIL, 2)             # another owner's rail does not either
    assert [len(line) for line in lines_of(s, 1)] == [4]
    assert [len(line) for line in lines_of(s, 2)] == [1]
    assert certificates_allowed(s, lines_of(s, 1)[0]) == 1  # 4 segments: one certificate per 3


def test_build_route_offers_one_certificate_per_three_segments() -> None:
    s = shared()
    give(s, 0, {"Iron Ore": 6, "Timber": 6})
    for h in (A, B, C, E, Hex(5, 0)):
        place(s, h)
    answer(s, "Build Route")
    answer(s, "rail")
    build_rail(s, CENTRAL_CITY, A)
    build_rail(s, A, B)                           # 2 segments: no certificate yet, nothing asked
    assert s.pending[-1].kind == "turn" and s.pending[-1].player == 1
    answer(s, "Pass")
    answer(s, "Build Route")
    answer(s, "rail")
    build_rail(s, B, C)                           # the third segment
    answer(s, "done")
    step = s.pending[-1]
    assert step.kind == "shares.issue" and step.player == 0
    assert [(o.code, o.arg) for o in legal(s)] == [("qty", 1), ("done", 0)]
    answer(s, "qty", 1)
    (record,) = s.share_lines
    assert (record.owner, record.issued, record.held) == (0, 1, [1, 0])
    assert any("issued 1 share certificate(s) in its line" in e.text for e in s.log)
    answer(s, "Build Route")
    answer(s, "rail")
    build_rail(s, C, E)
    answer(s, "done")                             # 4 segments: 1 allowed, 1 issued: nothing asked
    assert s.pending[-1].kind == "turn"
    assert record.issued == 1


def test_a_later_build_may_issue_what_is_left_and_declining_issues_none() -> None:
    s = shared()
    rail(s, 0, 6)
    set_route(s, EAST[6], EAST[7], RAIL, 0)       # the 7th segment: 2 certificates allowed
    s.pending.append(Step(player=0, prompt="p", kind="turn"))
    shares.offer_issue(s, 0)
    assert [(o.code, o.arg) for o in legal(s)] == [("qty", 1), ("qty", 2), ("done", 0)]
    answer(s, "done")
    assert s.share_lines == [] and any("issued no share certificate" in e.text for e in s.log)
    set_route(s, EAST[7], EAST[8], RAIL, 0)
    set_route(s, EAST[8], EAST[9], RAIL, 0)       # 9 segments: 3 allowed
    shares.offer_issue(s, 0)
    answer(s, "qty", 3)
    assert s.share_lines[0].issued == 3 and s.share_lines[0].held == [3, 0]


def test_joining_two_lines_adds_their_certificates() -> None:
    s = shared(THREE)
    rail(s, 1, 3)                                  # east: CC-A-B-C
    east = ShareLine(owner=1, root=min(line_edges(s, 1, edge_code(A, 0))), issued=1, held=[1, 0, 0])
    west = [Hex(-1, 0), Hex(-2, 0), Hex(-3, 0), Hex(-4, 0)]
    rail(s, 1, 3, west)                            # west, apart: W1-W2-W3-W4
    far = ShareLine(owner=1, root=min(line_edges(s, 1, edge_code(west[0], 3))), issued=1, held=[0, 0, 1])
    s.share_lines += [east, far]
    assert sorted(len(line) for line in lines_of(s, 1)) == [3, 3]
    set_route(s, CENTRAL_CITY, west[0], RAIL, 1)   # joins them: 7 segments, one line
    assert [len(line) for line in lines_of(s, 1)] == [7]
    (record,) = s.share_lines
    assert record is east and (record.issued, record.held) == (2, [1, 0, 1])
    assert any("joined its lines" in e.text for e in s.log)
    shares.check_shares(s)


# -- buying -----------------------------------------------------------------------------

def test_buying_a_share_pays_the_owner_four() -> None:
    s = shared()
    record = issued(s, 1, [0, 2])
    s.players[0].currency = 9
    s.players[1].currency = 3
    buy = next(o for o in legal(s) if o.code == "Buy Share")
    assert buy.arg == record.root and "for 4¤" in buy.label
    GAME.apply(s, buy)
    assert (s.players[0].currency, s.players[1].currency) == (5, 7)
    assert record.held == [1, 1]
    assert s.pending[-1].kind == "turn" and s.pending[-1].player == 0  # a free action: the turn goes on
    assert s.players[0].actions == 3
    assert any("bought a share of P1's line" in e.text for e in s.log)


def test_illegal_buys_are_refused_and_change_nothing() -> None:
    s = shared()
    own = issued(s, 0, [1, 0])               # P0's own line
    s.players[0].currency = 10
    before = snapshot(s)
    with pytest.raises(IllegalActionError):
        GAME.apply(s, Choose(code="Buy Share", arg=own.root, label="x"))
    assert snapshot(s) == before
    s2 = shared()
    line = issued(s2, 1, [0, 1])
    s2.players[0].currency = 3                # cannot pay 4¤
    before = snapshot(s2)
    assert not any(o.code == "Buy Share" for o in legal(s2))
    with pytest.raises(IllegalActionError):
        GAME.apply(s2, Choose(code="Buy Share", arg=line.root, label="buy"))
    assert snapshot(s2) == before
    s2.players[0].currency = 8
    line.held = [1, 0]                         # nothing unsold
    before = snapshot(s2)
    with pytest.raises(IllegalActionError):
        GAME.apply(s2, Choose(code="Buy Share", arg=line.root, label="buy"))
    assert snapshot(s2) == before


def test_without_the_module_nothing_is_offered_or_recorded() -> None:
    s = position()
    give(s, 0, {"Iron Ore": 6, "Timber": 6})
    rail(s, 0, 6)
    assert "shares.fresh" not in s.module_state and s.share_lines == []
    shares.offer_issue(s, 0)
    assert s.pending[-1].kind == "turn"
    assert not any(o.code == "Buy Share" for o in legal(s))
    assert "shares_issued" not in GAME.played(s) and len(GAME.played(s)) == 20


# -- tolls -------------------------------------------------------------------------------

def test_a_toll_of_one_is_matched_and_two_split_over_three_in_the_owners_favour() -> None:
    s = shared(THREE)
    record = issued(s, 1, [1, 1, 1])          # P1 owns it and holds 1 unsold; P0 and P2 hold 1 each
    money = [p.currency for p in s.players]
    on_toll(s, 1, EAST[:3], 1)
    assert [p.currency - m for p, m in zip(s.players, money)] == [0, 1, 0]  # 2¤ / 3: 0 each, P1 keeps 2 (1 matched)
    assert record.tolls == 1
    assert any("the bank matched 1¤; 2¤ over 3 certificate(s): P0 0¤, P2 0¤, P1 keeps 2¤" in e.text for e in s.log)


def test_a_toll_split_over_two_certificates_pays_the_holder_one() -> None:
    s = shared(THREE)
    issued(s, 1, [1, 1, 0], n=6)
    money = [p.currency for p in s.players]
    on_toll(s, 1, EAST[:3], 1)
    assert [p.currency - m for p, m in zip(s.players, money)] == [1, 0, 0]  # P1: +1 match, -1 to P0


def test_the_switching_yard_toll_of_two_is_matched_with_two() -> None:
    s = shared(THREE)
    issued(s, 1, [1, 1, 1])
    money = [p.currency for p in s.players]
    on_toll(s, 1, EAST[:3], 2)                # 4¤ over 3: 1 each to P0 and P2, P1 keeps 2
    assert [p.currency - m for p, m in zip(s.players, money)] == [1, 0, 1]


def test_a_toll_on_roads_or_a_line_without_certificates_is_not_matched() -> None:
    s = shared(THREE)
    rail(s, 1, 3)
    money = [p.currency for p in s.players]
    on_toll(s, 1, EAST[:3], 1)
    assert [p.currency for p in s.players] == money


def test_a_laden_caravan_crossing_a_line_pays_the_toll_and_the_holders_are_paid() -> None:
    s = shared(THREE)
    issued(s, 1, [0, 1, 1], n=6)              # P1's 6-segment line: P1 1 unsold, P2 1
    cargo(s, {"Coal": 1, "Grain": 1})
    money = [p.currency for p in s.players]
    begin(s)
    leg(s, C)                                  # 3 rail segments of P1: 1 fuel, 1¤ toll
    # P0 pays 1; P1 gets 1 + 1 matched and pays P2 2 * 1 // 2 = 1
    assert [p.currency - m for p, m in zip(s.players, money)] == [-1, 1, 1]
    assert s.share_lines[0].tolls == 1


# -- the end --------------------------------------------------------------------------

def test_each_share_is_one_point_and_one_currency_of_portfolio() -> None:
    s = shared(THREE)
    issued(s, 1, [2, 1, 0])
    base = portfolio(s, 0) - 2
    assert portfolio(s, 0) == base + 2 and shares.share_portfolio(s, 1) == 1
    sheet = score_sheet(s)
    assert [parts["shares"] for parts in sheet.breakdown] == [2, 1, 0]
    assert MODULE.score(s, 2) == {"shares": 0}


# -- views, boards, validation --------------------------------------------------------------

def test_views_show_the_public_shares_and_hide_the_rest() -> None:
    s = shared()
    issued(s, 1, [1, 2])
    s.players[1].hand = ["Railway Survey"]
    view = GAME.view(s, 0)
    assert view.share_lines == s.share_lines
    assert view.players[1].hand == ["?"]
    assert view.tile_stack == [-1] * len(s.tile_stack)


def test_boards_show_lines_and_holdings() -> None:
    s = shared()
    issued(s, 1, [1, 2])
    text = render_text(s)
    assert "shares: P1's line (0,0)-(1,0): 9 rail, 3 certificate(s) (P0 1, P1 2 unsold), 0 toll(s) matched" in text
    assert "P0 holds 1 share(s): 1 pts + 1¤ portfolio at the end" in text
    svg = render_state_svg(GAME, s)
    assert 'dominant-baseline="central">S3</text>' in svg
    assert "P1's line (0,0)-(1,0): 9 rail, 3 share certificate(s) (P0 1, P1 2; the owner's unsold)" in svg
    assert "S2: a rail line's share certificates" in svg


def test_a_damaged_share_record_is_refused_naming_the_field() -> None:
    s = shared()
    record = issued(s, 1, [1, 2])
    good = json.loads(codec(GAME).state_to_json(s))
    record.held = [1, 1]
    with pytest.raises(InvalidRecordError, match=r"state.share_lines.0.held"):
        shares.check_shares(s)
    record.held = [1, 2]
    record.issued = 4
    record.held = [2, 2]
    with pytest.raises(InvalidRecordError, match=r"state.share_lines.0.issued': 4 certificates for 9 rail segments \(at most 3\)"):
        shares.check_shares(s)
    off = position()
    off.share_lines.append(ShareLine(owner=0, root=1, issued=1, held=[1, 0]))
    with pytest.raises(InvalidRecordError, match="state.share_lines"):
        shares.check_shares(off)
    assert good["state"]["share_lines"][0] == {"owner": 1, "root": record.root, "issued": 3, "held": [1, 2],
                                               "tolls": 0}
    good["state"]["share_lines"][0]["held"] = [1, 5]
    with pytest.raises(InvalidRecordError, match=r"state.share_lines.0.held"):
        codec(GAME).state_from_json(json.dumps(good))


# -- agents ------------------------------------------------------------------------------

def test_income_and_evaluation_know_shares() -> None:
    s = shared()
    record = issued(s, 1, [1, 1], n=6)
    record.tolls = 2
    s.round = 4                              # 2 tolls in 4 rounds: 0.5 a round, 9 rounds left
    assert expected_income(s, 0) == pytest.approx(0.5 * 9 * 1 * 2 * 1 / 2)
    assert MODULE.value(s, 0) == pytest.approx(expected_income(s, 0) / 3)
    assert shares.rail_progress(s, 1) == 0.0    # 6 segments: two whole certificates, no progress
    set_route(s, EAST[6], EAST[7], RAIL, 1)
    assert shares.rail_progress(s, 1) == pytest.approx(1 / 3)  # the 7th: a third of the next one
    before = GAME.evaluate(s, 0)
    record.held = [0, 2]
    assert GAME.evaluate(s, 0) < before      # holding the share is worth more to P0 than not


def test_the_strong_agent_issues_and_buys_late() -> None:
    s = shared()
    rail(s, 0, 6)
    s.module_state["shares.fresh"] = [min(lines_of(s, 0)[0])]
    shares.offer_issue(s, 0)
    agent = StrongSootAgent(1)
    choice = agent.act(GAME, GAME.view(s, 0), legal(s))
    assert (choice.code, choice.arg) == ("qty", 2)  # each issued certificate is a share the owner holds
    late = shared()
    record = issued(late, 1, [0, 2], n=6)
    record.tolls = 3
    late.round = 12
    late.players[0].currency = 9
    choice = StrongSootAgent(2).act(GAME, GAME.view(late, 0), legal(late))
    assert choice.code == "Buy Share" and choice.arg == record.root


# -- conformance -------------------------------------------------------------------------

def _busy_data(tmp: Path) -> str:
    """A designer's data directory where every rail segment backs a certificate (more shares to check)."""
    folder = tmp / "data"
    shutil.copytree(str(resources.files("hexkit_soot").joinpath("data")), folder)
    text = (folder / "shares.toml").read_text(encoding="utf-8")
    (folder / "shares.toml").write_text(text.replace("value = 3", "value = 1", 1), encoding="utf-8")
    return str(folder)


def test_conformance_shares_short(tmp_path: Path) -> None:
    configs = [GAME.make_config(players=n, variants={"shares"}) for n in (2, 3, 4, 5, 6)]
    configs.append(GAME.make_config(players=3, variants={"shares"}, data_dir=_busy_data(tmp_path)))
    report = check_game(GAME, configs, seeds=range(1), json_every=61, view_every=97, all_views=False)
    assert report.games == 6 and report.round_trips > 0


@pytest.mark.soak
def test_conformance_shares_soak(tmp_path: Path) -> None:
    configs = [GAME.make_config(players=n, variants={"shares"}) for n in (2, 3, 4, 5, 6)]
    busy = _busy_data(tmp_path)
    configs += [GAME.make_config(players=n, variants={"shares"}, data_dir=busy) for n in (2, 3, 4, 5, 6)]
    report = check_game(GAME, configs, seeds=range(100, 112), json_every=31, view_every=53, all_views=False)
    assert report.games == 120


@pytest.mark.soak
def test_conformance_shares_combined_soak(tmp_path: Path) -> None:
    """Shares with the other modules: solo, the Trust, Partnerships, a scenario (25 games, busy data)."""
    busy = _busy_data(tmp_path)
    combos = [(1, {"shares"}), (2, {"shares", "trust"}), (4, {"shares", "partnerships"}),
              (3, {"shares", "mountain-pass"}), (6, {"shares", "partnerships", "river-delta"})]
    configs = [GAME.make_config(players=n, variants=v, data_dir=busy) for n, v in combos]
    report = check_game(GAME, configs, seeds=range(200, 205), json_every=31, view_every=53, all_views=False)
    assert report.games == 25


def test_busy_games_issue_buy_and_match() -> None:
    """With one certificate per segment, random games issue, buy and (sometimes) match tolls."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        config = GAME.make_config(players=3, variants={"shares"}, data_dir=_busy_data(Path(tmp)))
        issued_n = bought = 0
        for seed in range(3):
            state = GAME.new(config, seed)
            chooser = Rng(seed)
            while not GAME.is_over(state):
                actions = GAME.legal_actions(state)
                GAME.apply(state, actions[chooser.randbelow(len(actions))])
            GAME.validate_state(state)
            issued_n += sum(r.issued for r in state.share_lines)
            bought += sum(sum(h for q, h in enumerate(r.held) if q != r.owner) for r in state.share_lines)
            played = GAME.played(state)
            assert sum(played["shares_issued"]) == sum(r.issued for r in state.share_lines)
            assert sum(played["shares_bought"]) == sum(
                sum(h for q, h in enumerate(r.held) if q != r.owner) for r in state.share_lines)
            assert sum(played["tolls_matched"]) == sum(r.tolls for r in state.share_lines)
            sheet = GAME.scores(state)
            for q in range(3):
                assert sheet.breakdown[q]["shares"] == shares.shares_held(state, q)
        assert issued_n > 0 and bought > 0
