"""How Soot & Timber's answers look to a frontend (the core's ``present_answer`` hook).

Every Soot answer is a :class:`~hexkit_soot.actions.Choose`, an answer of the
shared vocabulary: its kind, hex and component come from the answer itself
(:data:`hexkit_soot.actions.ANSWER_CODES`). This hook only adds what needs the
state: a component's name instead of its index (``ComponentRef("card",
"Boomtown")``, the good, the contract, the secret objective dealt at set-up)
and, for a card, its currency value (what it costs to give up).

Source: rulebook, "Phase 2: Actions" (the answers' meanings).
"""

from __future__ import annotations

from typing import Any

from hexkit.flow.answers import AnswerKind, ComponentRef
from hexkit.present import AnswerInfo
from hexkit_soot.actions import Choose
from hexkit_soot.config import data
from hexkit_soot.data import SecretObjective
from hexkit_soot.rules.communities import INGREDIENTS
from hexkit_soot.state import SootState
from hexkit_soot.views import HIDDEN

__all__ = ["present_answer", "goal_text", "MEASURE_WORDS"]


MEASURE_WORDS: dict[str, str] = {
    "camps": "camps", "settlements_founded": "settlements founded", "segments": "route segments",
    "facilities": "facilities", "soot": "soot", "prestige": "prestige", "currency": "currency",
    "far_camps": "far camps", "rail": "rail segments", "camp_categories": "camp categories",
    "clean_with_facility": "a facility with soot 3 or less", "pacts": "community pacts",
    "tier3_facilities": "Tier 3 facilities", "contracts": "contracts fulfilled",
    "currency_no_loans": "currency with no loan", "upgrades_done": "town upgrades",
}
"""Each objective measure (``data.MEASURES``, every one) in the words a player reads."""


def goal_text(objective: SecretObjective) -> str:
    """What a secret objective asks, for a player: ``"reach 10 currency with no loan for 5 VP"``."""
    words = MEASURE_WORDS[objective.measure]
    if objective.measure == "clean_with_facility":  # a yes/no measure: 1 means met
        return f"end with {words} for {objective.points} VP"
    return f"reach {objective.target} {words} for {objective.points} VP"


def _card(state: SootState, name: str, label: str) -> AnswerInfo:
    d = data(state)
    card = d.cards.get(name)
    if card is None:
        return AnswerInfo("component", label, component=ComponentRef("card", name))
    words = d.card_texts[name]  # the text with its numbers filled in
    text = f"{label} (card worth {card.value} currency" + (f"; {words}" if words else "") + ")"
    return AnswerInfo("component", text, component=ComponentRef("card", name))


def _named(state: SootState, question: str, ref: ComponentRef, label: str) -> AnswerInfo | None:
    """The component ``ref`` (an index into the data or a row) by name, or ``None`` if it names nothing."""
    d = data(state)
    i = int(ref.key)
    if ref.group == "card" and question == "setup.secret":
        objectives = d.secret_objectives
        if 0 <= i < len(objectives):
            o = objectives[i]
            return AnswerInfo("component", f"{label} ({goal_text(o)})",
                              component=ComponentRef("objective", o.name))
        return None
    names: list[str]
    if ref.group == "card":
        names = list(d.cards)
    elif ref.group == "card row":
        if 0 <= i < len(state.card_row) and state.card_row[i]:
            return _card(state, state.card_row[i], label)
        return None
    elif ref.group == "good":
        names = list(d.goods)
    elif ref.group == "contract":
        names = [c.name for c in d.contracts]
    elif ref.group == "contract row":
        row = state.contract_row
        if not (0 <= i < len(row) and 0 <= row[i] < len(d.contracts)):
            return None
        return AnswerInfo("component", label, component=ComponentRef("contract", d.contracts[row[i]].name))
    else:
        return None
    if not 0 <= i < len(names):
        return None
    if ref.group == "card":
        return _card(state, names[i], label)
    return AnswerInfo("component", label, component=ComponentRef(ref.group, names[i]))


def present_answer(state: SootState, action: Any) -> AnswerInfo | None:
    """Kind, label, hex and component of a Soot answer; ``None`` to let the core decide.

    Args:
        state: the state or the mover's view.
        action: a legal answer to the pending :class:`~hexkit_soot.actions.Step`.

    Returns:
        An :class:`~hexkit.present.AnswerInfo` with the answer's own kind and
        hex, and its component by name; ``None`` for anything that is not a
        :class:`~hexkit_soot.actions.Choose` (the core reads it).
    """
    if not isinstance(action, Choose):
        return None
    label = str(action)
    kind = action.kind
    ref = action.component
    if kind is AnswerKind.COMPONENT and ref is not None:
        step = state.decision()
        named = _named(state, str(getattr(step, "kind", "")), ref, label)
        if named is not None:
            return named
    return AnswerInfo(kind.value, label, hex=action.hex, component=ref)


def private_info(view: SootState, seat: int) -> list[str]:
    """Lines about ``seat``'s hidden things in its own view: hand, objectives, screen, bid.

    Args:
        view: ``game.view(state, seat)``.
        seat: the seat.

    Returns:
        Readable lines (nothing of another seat: the view hides it).
    """
    d = data(view)
    p = view.players[seat]
    lines = []
    hand = [c for c in p.hand if c != HIDDEN]
    if hand:
        cards = ", ".join(f"{c} ({d.cards[c].value}¤)" if c in d.cards else c for c in sorted(hand))
        lines.append(f"Hand: {cards}")
    else:
        lines.append("Hand: empty")
    objectives = d.secret_objectives
    kept = [objectives[i] for i in p.secrets if 0 <= i < len(objectives)]
    for o in kept:
        lines.append(f"Secret objective: {o.name} ({goal_text(o)})")
    dealt = [objectives[i].name for i in p.dealt if 0 <= i < len(objectives)]
    if dealt:
        lines.append(f"Objectives dealt, to choose from: {', '.join(dealt)}")
    screened = {g: n for g, n in p.stock.items() if g in INGREDIENTS and n}
    if screened:
        lines.append("Behind your screen: " + ", ".join(f"{n} {g}" for g, n in sorted(screened.items())))
    if seat < len(view.bids) and view.bids[seat] >= 0:
        lines.append(f"Your blind bid: {view.bids[seat]}")
    return lines
