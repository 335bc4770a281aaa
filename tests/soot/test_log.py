"""What the Soot log says: phase headers, struggling settlements, cancelled offers, event changes.

Rulebook: "Round Structure" (five phases each round), "Phase 3: Upkeep"
(an unpaid settlement upkeep marks it Struggling), §16 Events.
"""

from __future__ import annotations

from hexkit.hexes import Hex
from hexkit_soot import GAME
from hexkit_soot.ledger import data
from hexkit_soot.rules.upkeep import food_bill, pay_food
from tests.soot.helpers import legal, settle, start
from tests.soot.test_events import _seams, event, position


def test_every_phase_of_a_round_has_a_header_in_order() -> None:
    s = start(("Merchant", "Rancher"))
    while s.round == 1:
        options = legal(s)
        GAME.apply(s, next((a for a in options if a.code == "pass"), options[0]))
    headers = [e.text for e in s.log if e.text.startswith("== Round 1,")]
    assert headers == [
        "== Round 1, Phase 1: Market Update ==",
        "== Round 1, Phase 2: Actions ==",
        "== Round 1, Phase 3: Upkeep ==",
        "== Round 1, Phase 4: Production ==",
        "== Round 1, Phase 5: End ==",
    ]
    assert "== Round 2, Phase 1: Market Update ==" in [e.text for e in s.log]


def test_unpaid_upkeep_says_settlements_struggle_only_for_a_founder() -> None:
    s = start(("Merchant", "Rancher"))
    settle(s, Hex(2, 0), founder=0)
    s.players[0].stock = {}
    s.players[0].currency = 0
    s.pending.clear()
    assert food_bill(s, 0) == 2  # founder 1 + the facility owners' 1 (none: the founder)
    assert pay_food(s, 0)
    assert s.log[-1].text == "could not pay upkeep: 2 food short, paid 0¤; their settlements struggle"
    assert s.settlements[Hex(2, 0)].struggling

    s = start(("Merchant", "Rancher"))
    s.round = 7  # Hardship: +1 food per player, no camp or settlement needed
    s.players[0].stock = {}
    s.players[0].currency = 0
    s.pending.clear()
    assert food_bill(s, 0) == 1
    assert pay_food(s, 0)
    assert s.log[-1].text == "could not pay upkeep: 1 food short, paid 0¤"


def test_exhausted_seams_line_names_each_stack_changed() -> None:
    state = position()
    gold, coal, herbs, iron = _seams(state)
    event(state, "Exhausted Seams", "B")
    line = next(e.text for e in state.log if e.text.startswith("Exhausted Seams (B) changed"))
    assert line == (f"Exhausted Seams (B) changed: stack at {coal} 3 -> 2; stack at {iron} 2 -> 1")


def test_market_glut_line_names_the_prices() -> None:
    state = position()
    event(state, "Market Glut", "A")
    line = next(e.text for e in state.log if e.text.startswith("Market Glut (A) changed"))
    lumber = data(state).goods["Lumber"].base
    assert f"Lumber price {lumber} -> {lumber - 1}" in line
    assert "Steel price" not in line


def test_gold_fever_b_counts_the_stacks_it_grows_and_says_when_there_are_none() -> None:
    state = position()
    state.stacks.clear()
    event(state, "Gold Fever", "B")
    texts = [e.text for e in state.log]
    assert "no Gold stack on the map gains a token (Gold Fever)" in texts
    assert texts[-1] == "Gold Fever (B) changed nothing: no player, price or stack met its terms"

    state = position()
    gold, coal, herbs, iron = _seams(state)
    event(state, "Gold Fever", "B")
    texts = [e.text for e in state.log]
    assert "1 stack of Gold gained 1 token (Gold Fever)" in texts
    assert texts[-1] == f"Gold Fever (B) changed: stack at {gold} 1 -> 2"


def test_exhausted_seams_counts_the_stacks_each_option_touches() -> None:
    state = position()
    gold, coal, herbs, iron = _seams(state)
    event(state, "Exhausted Seams", "B")
    assert "Exhausted Seams (B): every seam with 2+ tokens loses 1 (2 stacks thinned)" in [e.text for e in state.log]
    state = position()
    _seams(state)
    event(state, "Exhausted Seams", "A")
    assert "Exhausted Seams (A): every seam with 1 token left is emptied (1 stack emptied)" in [e.text for e in state.log]


# ----------------------------------------------------- the log of whole games
def _games() -> list[list[str]]:
    """The log texts of three 4-player random games (as ``hexkit play soot --players 4 --seed N``)."""
    from hexkit.testing import play_random

    return [[e.text for e in play_random(GAME, GAME.make_config(4), seed)[0].log] for seed in (1, 2, 3)]


_LOGS: list[list[str]] = []


def _logs() -> list[list[str]]:
    if not _LOGS:
        _LOGS.extend(_games())
    return _LOGS


def test_no_offer_is_ever_logged_as_withdrawn_unless_it_was_proposed() -> None:
    for texts in _logs():
        assert not any("withdr" in t for t in texts)
        cancelled = [t for t in texts if "cancelled an offer" in t]
        assert cancelled and all(t.endswith("before proposing it") for t in cancelled)


def test_every_phase_of_every_round_has_its_header_in_a_whole_game() -> None:
    phases = ("Market Update", "Actions", "Upkeep", "Production", "End")
    for texts in _logs():
        headers = [t for t in texts if t.startswith("== Round ")]
        last = int(headers[-1].split()[2].rstrip(","))
        assert last >= 12
        assert headers == [f"== Round {r}, Phase {i + 1}: {name} ==" for r in range(1, last + 1)
                           for i, name in enumerate(phases)]


def test_struggling_settlements_are_named_only_for_founders_in_a_whole_game() -> None:
    for seed in (1, 2, 3):
        from hexkit.testing import play_random

        state, _ = play_random(GAME, GAME.make_config(4), seed)
        for entry in state.log:
            if "their settlements struggle" in entry.text:
                assert entry.player is not None
                assert state.players[entry.player].founded > 0


def test_every_event_line_says_what_changed_or_why_nothing_did() -> None:
    seen = 0
    for texts in _logs():
        for i, text in enumerate(texts):
            if not text.startswith("event: "):
                continue
            name = text.removeprefix("event: ")
            summary = next(t for t in texts[i + 1:] if t.startswith(f"{name} (") and " changed" in t)
            seen += 1
            assert "changed: nothing changed" not in summary
            tail = summary.split(" changed", 1)[1]
            assert tail.startswith(": ") or tail.startswith(" (so far") or tail.startswith(" nothing")
            if tail.startswith(": "):
                assert " -> " in tail
    assert seen >= 3 * 5  # events on the even rounds 2..12 (at least five a game)
