"""Hidden information: ingredients behind screens, blind bids, private questions, agents that cannot tell."""

from __future__ import annotations

import fnmatch
import json
from collections import Counter
from typing import Any

import pytest

from hexkit.agents import GreedyAgent, MCTSAgent
from hexkit.errors import InvalidRecordError
from hexkit.hexes import Hex
from hexkit.rng import Rng
from hexkit.serialize import codec
from hexkit.testing import flatten
from hexkit_soot import GAME
from hexkit_soot.game import HIDDEN_FIELDS
from hexkit_soot.grid import hex_code
from hexkit_soot.ledger import data, to_supply
from hexkit_soot.rules.cards import start_auction
from hexkit_soot.rules.scoring import score_sheet, portfolio
from hexkit_soot.state import Community, SootState
from hexkit_soot.views import HIDDEN_BID, hidden_tokens

from tests.soot.helpers import bid, give, place, start

CA, SM = "Cultural Artifact", "Specialty Material"
CODEC = codec(GAME)


def answer(state: SootState, code: str, arg: int | None = None) -> None:
    """Apply the legal answer with ``code`` (and ``arg`` if given)."""
    pick = next(a for a in GAME.legal_actions(state) if a.code == code and (arg is None or a.arg == arg))
    GAME.apply(state, pick)


def as_json(state: SootState) -> dict[str, Any]:
    return CODEC.state_to_dict(state)["state"]  # type: ignore[no-any-return]


def screens() -> SootState:
    """Three players, P0 to move; P0 holds 1 CA, P1 2 CA + 1 SM + 1 Timber, P2 only 2 SM."""
    state = start(("Merchant", "Industrialist", "Rancher"))
    give(state, 0, {CA: 1})
    give(state, 1, {CA: 2, SM: 1, "Timber": 1})
    for good, n in state.players[2].stock.items():
        to_supply(state, good, n)  # the tokens go back: a saved state must add up
    state.players[2].stock = {}
    give(state, 2, {SM: 2})
    return state


def changed_paths(full: SootState, view: SootState) -> set[str]:
    a, b = dict(flatten(as_json(full))), dict(flatten(as_json(view)))
    return {k for k in a.keys() | b.keys() if a.get(k) != b.get(k)}


# -- the view -----------------------------------------------------------------------
def test_another_players_view_hides_the_split_but_not_the_total() -> None:
    state = screens()
    seen = as_json(GAME.view(state, 0))
    p1, p2 = seen["players"][1], seen["players"][2]
    assert CA not in json.dumps(p1) and SM not in json.dumps(p1)
    assert p1["stock"] == {g: n for g, n in state.players[1].stock.items() if g not in (CA, SM)}
    assert p1["stock"]["Timber"] == 1 + data(state).archetypes["Industrialist"].goods["Timber"]
    assert p1["screened"] == 3
    assert p2["stock"] == {} and p2["screened"] == 2
    assert seen["players"][0]["stock"][CA] == 1 and seen["players"][0]["screened"] == 0
    assert seen["supply"] == as_json(state)["supply"]  # the supply is on the table
    # The owner sees their own split.
    own = as_json(GAME.view(state, 1))["players"][1]
    assert own["stock"][CA] == 2 and own["stock"][SM] == 1 and own["screened"] == 0


def test_the_view_changes_only_declared_hidden_fields() -> None:
    state = screens()
    view = GAME.view(state, 0)
    changed = changed_paths(state, view) - {"rng", "viewer"}
    screen_paths = {p for p in changed if p.startswith("players.")}
    assert screen_paths == {
        f"players.1.stock.{CA}", f"players.1.stock.{SM}", "players.1.screened",
        f"players.2.stock.{SM}", "players.2.stock", "players.2.screened",
    } | {p for p in changed if ".hand." in p or ".secrets." in p}
    for path in changed:
        assert any(fnmatch.fnmatchcase(path, pat) or path.startswith(pat + ".") for pat in (*HIDDEN_FIELDS, "rng", "viewer"))
    # A network's goods other than ingredients are never covered by the empty-network pattern.
    assert not any(fnmatch.fnmatchcase("players.1.stock.Timber", pat) for pat in HIDDEN_FIELDS)


def test_a_view_of_a_view_is_the_same_view() -> None:
    state = screens()
    view = GAME.view(state, 0)
    assert as_json(GAME.view(view, 0)) == as_json(view)


def test_scores_and_portfolio_on_a_view_count_hidden_ingredients_at_their_price() -> None:
    state = screens()
    view = GAME.view(state, 0)
    assert portfolio(view, 1) == portfolio(state, 1)
    assert portfolio(view, 2) == portfolio(state, 2) == state.players[2].currency + 2 * 5
    # Secret objectives are the only part of a rival's score a view cannot know.
    for seat in (1, 2):
        full, seen = score_sheet(state).breakdown[seat], score_sheet(view).breakdown[seat]
        assert {k: v for k, v in seen.items() if k != "secret objectives"} == \
               {k: v for k, v in full.items() if k != "secret objectives"}
        assert seen["secret objectives"] == 0


def test_the_viewers_legal_actions_are_those_of_the_full_state() -> None:
    state = screens()
    assert list(GAME.legal_actions(GAME.view(state, 0))) == list(GAME.legal_actions(state))


# -- the log ---------------------------------------------------------------------------
def test_gaining_an_ingredient_is_logged_without_its_kind() -> None:
    state = start(("Merchant", "Rancher"))
    at = Hex(1, 0)
    place(state, at)
    state.communities[at] = Community(kind="Tribal Capital", favor=[2, 0])
    state.players[0].explorers[0] = at
    shown = len(state.log)
    answer(state, "Community Interaction")
    answer(state, "interact", hex_code(at) * 2 + 1)  # a Specialty Material
    assert state.players[0].stock[SM] == 1
    lines = [e.text for e in state.log[shown:] if e.player == 0]
    assert "gained 1 ingredient (Community Interaction)" in lines
    # Production: the pact just formed pays out, again without the kind.
    from hexkit_soot.rules.communities import pact_payout

    pact_payout(state)
    assert state.log[-1].text == f"gained 1 ingredient (pact at {at})"
    assert state.players[0].stock[CA] == 1
    assert CA not in json.dumps(as_json(GAME.view(state, 1))["log"])
    assert SM not in json.dumps(as_json(GAME.view(state, 1))["log"])


# -- determinisation -------------------------------------------------------------------------
def test_determinize_keeps_totals_and_supply_and_varies_the_split() -> None:
    state = screens()
    view = GAME.view(state, 0)
    splits = Counter()
    for k in range(40):
        sample = GAME.determinize(view, 0, Rng(k))
        assert sample.supply == state.supply
        assert sample.players[0].stock == state.players[0].stock
        assert all(p.screened == 0 for p in sample.players)
        held = [(p.stock.get(CA, 0), p.stock.get(SM, 0)) for p in sample.players[1:]]
        assert [a + b for a, b in held] == [3, 2]  # each rival's total
        assert sum(a for a, _ in held) == 2 and sum(b for _, b in held) == 3  # tokens of each kind
        assert sample.players[1].stock["Timber"] == state.players[1].stock["Timber"]
        assert as_json(GAME.view(sample, 0)) == as_json(view)  # consistent with everything the view shows
        splits[tuple(held)] += 1
    # P1 takes 3 of the 5 hidden tokens (2 CA, 3 SM): 0, 1 or 2 CA.
    assert set(splits) == {((0, 3), (2, 0)), ((1, 2), (1, 1)), ((2, 1), (0, 2))}


def test_determinize_deals_the_hidden_tokens_uniformly() -> None:
    state = start(("Merchant", "Industrialist", "Rancher"))
    give(state, 1, {CA: 1})
    give(state, 2, {SM: 1})
    view = GAME.view(state, 0)
    first_has_ca = sum(GAME.determinize(view, 0, Rng(k)).players[1].stock.get(CA, 0) for k in range(400))
    assert 160 <= first_has_ca <= 240  # 200 expected: each arrangement of the two tokens alike


def test_with_two_players_the_rivals_split_follows_from_the_supply() -> None:
    state = start(("Merchant", "Rancher"))
    give(state, 1, {CA: 2, SM: 3})
    view = GAME.view(state, 0)
    assert view.players[1].screened == 5
    assert hidden_tokens(view, CA) == 2 and hidden_tokens(view, SM) == 3
    for k in range(5):
        sample = GAME.determinize(view, 0, Rng(k))
        assert (sample.players[1].stock[CA], sample.players[1].stock[SM]) == (2, 3)


def test_ingredients_on_a_caravan_stay_public() -> None:
    state = screens()
    state.players[1].caravans[0].cargo[CA] = state.players[1].stock.pop(CA)
    view = GAME.view(state, 0)
    assert view.players[1].caravans[0].cargo == {CA: 2}
    assert view.players[1].screened == 1
    sample = GAME.determinize(view, 0, Rng(3))
    assert sample.players[1].caravans[0].cargo == {CA: 2}
    assert sample.players[1].stock.get(CA, 0) + sample.players[1].stock.get(SM, 0) == 1


# -- saving ---------------------------------------------------------------------------------------
def test_a_saved_view_round_trips() -> None:
    state = screens()
    view = GAME.view(state, 0)
    text = CODEC.state_to_json(view)
    again = CODEC.state_from_json(text)
    assert again == view
    assert again.players[1].screened == 3 and CODEC.state_to_json(again) == text


def test_hidden_counts_only_in_another_players_view() -> None:
    state = screens()
    full = as_json(state)
    full["players"][1]["screened"] = 2
    with pytest.raises(InvalidRecordError, match=r"state\.players\.1\.screened"):
        CODEC.state_from_dict({**CODEC.state_to_dict(state), "state": full})
    own = as_json(GAME.view(state, 1))
    own["players"][1]["screened"] = 1
    with pytest.raises(InvalidRecordError, match=r"state\.players\.1\.screened"):
        CODEC.state_from_dict({**CODEC.state_to_dict(state), "state": own})


# -- blind bids ----------------------------------------------------------------------------------
def auction() -> SootState:
    """Two players; a Legacy card auctioned; P0 has bid 2 and P1 is to bid."""
    state = start(("Merchant", "Rancher"))
    legacy = next(name for name, c in data(state).cards.items() if c.legacy)
    state.card_row[0] = legacy
    state.order = [0, 1]
    start_auction(state, 0)
    bid(state, 2)
    assert state.pending[-1].player == 1
    return state


def test_a_placed_bid_is_hidden_and_guessed_within_what_the_bidder_could_bid() -> None:
    state = auction()
    view = GAME.view(state, 1)
    assert view.bids == [HIDDEN_BID, -1]
    assert GAME.view(state, 0).bids == [2, -1]
    cap = state.players[0].currency  # no cap: up to all the bidder holds
    guesses = {GAME.determinize(view, 1, Rng(k)).bids[0] for k in range(60)}
    assert guesses <= set(range(cap + 1)) and len(guesses) > 2
    # The sampled auction still needs P1's bid and then settles with a real winner.
    sample = GAME.determinize(view, 1, Rng(0))
    GAME.apply(sample, next(a for a in GAME.legal_actions(sample) if a.code == "bid" and a.arg == 0))
    assert sample.auction == "" and any(data(sample).cards[c].legacy for p in sample.players for c in p.hand)


def test_a_full_state_with_a_hidden_bid_is_refused() -> None:
    state = auction()
    data = CODEC.state_to_dict(state)
    data["state"]["bids"][0] = HIDDEN_BID
    with pytest.raises(InvalidRecordError, match=r"state\.bids\.0"):
        CODEC.state_from_dict(data)


# -- other players' private questions --------------------------------------------------------------
def test_another_players_market_question_does_not_show_their_ingredients() -> None:
    state = screens()
    answer(state, "Pass")  # P1's turn
    assert state.pending[-1].player == 1
    answer(state, "Market Transaction")
    step = state.pending[-1]
    answers = list(GAME.legal_actions(state))
    assert step.kind == "market.good" and any(CA in o.label for o in answers)
    view = GAME.view(state, 0)
    seen = list(GAME.legal_actions(view))
    assert all(o.arg == -1 and o.label == "?" for o in seen)
    assert {o.code for o in seen} == {o.code for o in answers}
    assert CA not in json.dumps(as_json(view)["pending"])
    assert GAME.view(state, 1).pending[-1] == step  # the asker sees their own answers


def test_another_players_discard_question_does_not_show_their_hand() -> None:
    state = screens()
    answer(state, "Pass")
    hand = ["Bank Draft", "Land Grant", "Foreman"]
    state.players[1].hand = list(hand)
    answer(state, "Discard for Action")
    assert state.pending[-1].kind == "cards.bonus"
    view = GAME.view(state, 0)
    text = json.dumps(as_json(view)["pending"])
    assert not any(card in text for card in hand)
    assert [(a.code, a.arg, a.label) for a in GAME.legal_actions(view)] == [("discard", -1, "?")]
    # the asker's own view lists the hand (read from the state by the typed question's handler)
    assert sorted(a.label for a in GAME.legal_actions(GAME.view(state, 1))) == sorted(f"discard {c}" for c in hand)


# -- agents cannot tell ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "make",
    [
        lambda: GreedyAgent(seed=3),
        lambda: MCTSAgent(iterations=12, rollout_depth=4, seed=3),
    ],
    ids=["greedy", "mcts"],
)
def test_choice_ignores_the_hidden_ingredient_split(make: Any) -> None:
    state = screens()
    me = GAME.current_player(state)
    assert me == 0
    view = GAME.view(state, me)
    resampled = [GAME.determinize(view, me, Rng(k)) for k in range(4)]
    # The resamples really hold another split behind the rivals' screens.
    truth = [state.players[q].stock for q in (1, 2)]
    assert any([s.players[q].stock for q in (1, 2)] != truth for s in resampled)
    legal = GAME.legal_actions(view)
    expected = make().act(GAME, view, legal)
    for given in [state, *resampled, *(GAME.view(s, me) for s in resampled)]:
        assert make().act(GAME, given, legal) == expected


def test_another_seats_view_of_a_turn_menu_lists_no_hidden_card() -> None:
    """The mover's hand is face down in the other seat's view: listing that view's answers
    raised KeyError: '?' (found by a hostile run); now it lists the rest, no card named."""
    import random

    from hexkit_soot import GAME

    state = GAME.new(GAME.make_config(2), seed=1)
    rng = random.Random(0)
    while True:
        mover = GAME.current_player(state)
        if getattr(state.pending[-1], "kind", "") == "turn" and state.players[mover].hand:
            break
        GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
    view = GAME.view(state, 1 - mover)
    assert set(view.players[mover].hand) == {"?"}
    listed = list(GAME.legal_actions(view))
    assert listed and not any(a.code == "Spend Card" for a in listed)
    hand = set(state.players[mover].hand)
    assert not any(card in a.label for a in listed for card in hand)
