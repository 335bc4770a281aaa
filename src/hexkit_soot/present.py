"""How Soot & Timber's answers look to a frontend (the core's ``present_answer`` hook).

Every Soot answer is a :class:`~hexkit_soot.actions.Choose` with a ``code``;
this module maps the codes to the shared kinds of :mod:`hexkit.flow.answers`:
``hex``/``trail`` name a hex (``arg`` is its :func:`~hexkit_soot.grid.hex_code`),
``Play Card``, ``row`` and card ``discard`` name a card (with its currency
value, what it costs to give up), ``discard`` at set-up a secret objective,
``qty`` a number, ``done`` is done. Everything else is an option, and
:func:`hexkit.present.present` falls back to its own reading.

Source: rulebook, "Phase 2: Actions" (the answers' meanings).
"""

from __future__ import annotations

from typing import Any

from hexkit.flow.answers import ComponentRef
from hexkit.present import AnswerInfo
from hexkit_soot.actions import Choose, Step
from hexkit_soot.config import D
from hexkit_soot.grid import code_hex
from hexkit_soot.rules.communities import INGREDIENTS
from hexkit_soot.state import SootState
from hexkit_soot.views import HIDDEN

__all__ = ["present_answer"]


def _card(state: SootState, name: str, label: str) -> AnswerInfo:
    card = D(state).cards.get(name)
    if card is None:
        return AnswerInfo("component", label, component=ComponentRef("card", name))
    text = f"{label} (card worth {card.value} currency" + (f"; {card.text}" if card.text else "") + ")"
    return AnswerInfo("component", text, component=ComponentRef("card", name))


def present_answer(state: SootState, action: Any) -> AnswerInfo | None:
    """Kind, label, hex and component of a Soot answer; ``None`` to let the core decide.

    Args:
        state: the state or the mover's view.
        action: a legal answer to the pending :class:`~hexkit_soot.actions.Step`.

    Returns:
        An :class:`~hexkit.present.AnswerInfo`, or ``None`` for an answer this
        module does not map (the core shows it as an option).
    """
    if not isinstance(action, Choose) or action.arg < 0:
        return None
    step = state.decision()
    kind = step.kind if isinstance(step, Step) else ""
    label = str(action)
    code = action.code
    if code in ("hex", "trail"):
        return AnswerInfo("hex", label, hex=code_hex(action.arg))
    if code == "done":
        return AnswerInfo("done", label)
    if code == "qty":
        return AnswerInfo("number", label)
    names = list(D(state).cards)
    if code == "Play Card" and 0 <= action.arg < len(names):
        return _card(state, names[action.arg], label)
    if code == "row" and 0 <= action.arg < len(state.card_row) and state.card_row[action.arg]:
        return _card(state, state.card_row[action.arg], label)
    if code == "discard":
        if kind == "setup.secret":
            objectives = D(state).secret_objectives
            if 0 <= action.arg < len(objectives):
                o = objectives[action.arg]
                return AnswerInfo(
                    "component", f"{label} (reach {o.target} {o.measure} for {o.points} VP)",
                    component=ComponentRef("objective", o.name),
                )
        elif 0 <= action.arg < len(names):
            return _card(state, names[action.arg], label)
    return None


def private_info(view: SootState, seat: int) -> list[str]:
    """Lines about ``seat``'s hidden things in its own view: hand, objectives, screen, bid.

    Args:
        view: ``game.view(state, seat)``.
        seat: the seat.

    Returns:
        Readable lines (nothing of another seat: the view hides it).
    """
    data = D(view)
    p = view.players[seat]
    lines = []
    hand = [c for c in p.hand if c != HIDDEN]
    if hand:
        cards = ", ".join(f"{c} ({data.cards[c].value}¤)" if c in data.cards else c for c in sorted(hand))
        lines.append(f"Hand: {cards}")
    else:
        lines.append("Hand: empty")
    objectives = data.secret_objectives
    kept = [objectives[i] for i in p.secrets if 0 <= i < len(objectives)]
    for o in kept:
        lines.append(f"Secret objective: {o.name} (reach {o.target} {o.measure} for {o.points} VP)")
    dealt = [objectives[i].name for i in p.dealt if 0 <= i < len(objectives)]
    if dealt:
        lines.append(f"Objectives dealt, to choose from: {', '.join(dealt)}")
    screened = {g: n for g, n in p.stock.items() if g in INGREDIENTS and n}
    if screened:
        lines.append("Behind your screen: " + ", ".join(f"{n} {g}" for g, n in sorted(screened.items())))
    if seat < len(view.bids) and view.bids[seat] >= 0:
        lines.append(f"Your blind bid: {view.bids[seat]}")
    return lines
