"""Gain Spellcar: the Spellcar Market and placing Spellcars in the railyard.

Take one Spellcar from the Market and place it in any column; the second
row must be full before the third is used; printed Company Spellcars may be
covered only when no empty space is left. With no legal space the gain is
lost. Whenever two Spellcars or fewer remain in the Market they are
discarded and six new ones dealt; when the stack cannot deal, the discard
is shuffled into a new stack (assumed, the rulebook does not say), so
Spellcars discarded later (Car Bomb) come back.

Source: rulebook, Administrate (Gain Spellcar, Placing Spellcars); Upgrade
(Gain Spellcar twice); "Space is limited".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from hexkit.components import Deck, EmptyPolicy, MarketRow, WipeWhenLow

from hexkit_empyreal.actions import GainSpellcar, auto
from hexkit_empyreal.actions import (
    DONE,
    Choose,
    Done,
    PlaceAt,
    PlaceSpellcar,
    TakeSpellcar,
    interned,
)
from hexkit_empyreal.data import RuleNumbers
from hexkit_empyreal.effects.registry import Steps
from hexkit_empyreal.rules.declines import note_declined
from hexkit_empyreal.rules.dispatch import EmpyrealHandler, runs
from hexkit_empyreal.state import REV_MARKET, EmpyrealState, data, touch, touch_folio
from hexkit_empyreal.state import tally

__all__ = [
    "slot_label",
    "slot_index",
    "legal_slots",
    "market_rule",
    "spellcar_market",
    "refill_market",
    "discard_spellcar",
    "gain_spellcar_steps",
    "column",
]


_LABELS = tuple(f"{chr(ord('A') + slot // 3)}{slot % 3 + 1}" for slot in range(78))
"""Labels of the slots ``A1`` .. ``Z3``, by index (every decision names a few)."""
_INDEX = {label: i for i, label in enumerate(_LABELS)}


def slot_label(slot: int) -> str:
    """Label of a railyard slot index (``7`` -> ``"C2"``)."""
    if 0 <= slot < 78:
        return _LABELS[slot]
    return f"{chr(ord('A') + slot // 3)}{slot % 3 + 1}"


def slot_index(label: str) -> int:
    """Index of a railyard slot label (``"C2"`` -> ``7``).

    Raises:
        ValueError: not a slot label.
    """
    found = _INDEX.get(label) if type(label) is str else None
    if found is not None:
        return found
    if len(label) != 2 or not label[0].isalpha() or label[1] not in "123":
        raise ValueError(f"{label!r} is not a railyard slot")
    return (ord(label[0].upper()) - ord("A")) * 3 + int(label[1]) - 1


def column(railyard: list[str], col: int) -> list[int]:
    """Slots of a column that hold a Spellcar."""
    return [s for s in range(col * 3, col * 3 + 3) if s < len(railyard) and railyard[s] not in ("", "-")]


def legal_slots(state: EmpyrealState, player: int) -> list[int]:
    """Railyard slots where a new Spellcar may go now (empty if no room)."""
    ry = state.players[player].railyard
    empty = [s for s, v in enumerate(ry) if v == ""]
    if empty:
        row2_open = any(s % 3 == 1 for s in empty)
        return [s for s in empty if s % 3 != 2 or not row2_open]
    spells = data(state).spellcars
    return [s for s, v in enumerate(ry) if v not in ("", "-") and spells[v].printed]


_RULE: list[Any] = [None, None]


def market_rule(rules: RuleNumbers) -> WipeWhenLow:
    """The Spellcar Market's refill rule: wipe at two left, deal six (``market_wipe_at``, ``market_size``).

    One value per rule numbers (the rule is immutable; identity-cached).
    """
    last = _RULE
    if last[0] is not rules:
        last[0], last[1] = rules, WipeWhenLow(threshold=rules.market_wipe_at, deal=rules.market_size)
    return last[1]  # type: ignore[no-any-return]


_ROW: list[Any] = [None]


def spellcar_market(state: EmpyrealState) -> MarketRow[str, WipeWhenLow]:
    """The Spellcar Market as a core :class:`~hexkit.components.MarketRow`.

    A compact row over the state's own lists (``market``, and ``deck`` and
    ``discard`` as its :class:`~hexkit.components.Deck`, reshuffling the
    discard when the stack runs out): changing the row changes the state,
    and the saved state keeps its three lists. The row last made is reused
    while it is over the very same three lists (a clone has its own).
    """
    row = _ROW[0]
    if row is not None and row.slots is state.market and row.deck.draw_pile is state.deck \
            and row.deck.discard_pile is state.discard:
        rules = data(state).rules
        if row.rule is market_rule(rules) and row.capacity == rules.market_size:
            return row  # type: ignore[no-any-return]
    deck = Deck(state.deck, state.discard, EmptyPolicy.RESHUFFLE)
    slots = cast("list[str | None]", state.market)
    rules = data(state).rules
    made: MarketRow[str, WipeWhenLow] = MarketRow(slots, deck, market_rule(rules), rules.market_size)
    _ROW[0] = made
    return made


def refill_market(state: EmpyrealState) -> None:
    """Market wipe: with two Spellcars or fewer left, discard them and deal six.

    The wipe applies "any time" the Market is that small, so it is checked
    after every take, whenever Spellcars reach the discard (Car Bomb) and
    before every Gain Spellcar. When the stack cannot deal, the discard is
    shuffled into a new stack (assumed: the rulebook does not say); with
    neither a stack nor a discard nothing can be dealt and the Market stays
    as it is until a Spellcar is discarded.

    Source: rulebook, Administrate (Gain Spellcar); Upgrade (Gain Spellcar twice).
    """
    row = spellcar_market(state)
    # A wipe deals from the stack, then from the whole discard (the wiped
    # Spellcars included) shuffled into a new stack.
    short = len(state.deck) < row.size
    shuffled = len(state.discard) + len(state.market)
    if not row.refill(state.rng):  # False: the row and its deck are as they were
        return
    touch(state, REV_MARKET)
    if short and shuffled:
        state.note(None, f"the Spellcar stack ran out: the {shuffled} discarded Spellcars were shuffled into a new stack")
    state.note(None, f"the Spellcar Market was wiped and dealt: {', '.join(state.market)}")


def discard_spellcar(state: EmpyrealState, spellcar: str) -> None:
    """Put a Spellcar on the Spellcar discard pile, then apply the Market wipe."""
    spellcar_market(state).deck.discard(spellcar)
    touch(state, REV_MARKET)
    refill_market(state)


def gain_spellcar_steps(player: int) -> Steps:
    """Steps of one Gain Spellcar."""
    return [auto(GainSpellcar, player)]


@runs(GainSpellcar)
def _gain_spellcar(state: EmpyrealState, o: GainSpellcar) -> Steps | None:
    refill_market(state)
    if not state.market:
        state.note(o.player, "the Spellcar Market is empty and nothing is left to deal; the gain is lost")
        return None
    if not legal_slots(state, o.player):
        state.note(o.player, f"{state.players[o.player].company} has no room for a Spellcar; the gain is lost")
        return None
    return [TakeSpellcar(player=o.player, prompt="take a Spellcar from the Market")]


class TakeSpellcarHandler(EmpyrealHandler[TakeSpellcar]):
    """Take a Spellcar from the Market, or decline."""

    def answers(self, state: EmpyrealState, d: TakeSpellcar) -> Sequence[Any]:
        acts: list[Any] = [interned(Choose, s) for s in sorted(set(state.market))]
        acts.append(DONE)
        return acts

    def answer(self, state: EmpyrealState, d: TakeSpellcar, action: Any) -> None:
        if isinstance(action, Done):
            note_declined(state, d)
            return
        spellcar_market(state).take_item(action.option, refill=False)
        touch(state, REV_MARKET)
        state.pending.append(PlaceSpellcar(player=d.player, prompt="place the Spellcar", spellcar=action.option))
        refill_market(state)

    def why(self, state: EmpyrealState, d: TakeSpellcar, action: Any) -> str | None:
        if isinstance(action, Choose):
            return f"{action.option} is not in the Spellcar Market"
        return None


class PlaceSpellcarHandler(EmpyrealHandler[PlaceSpellcar]):
    """Place the taken Spellcar in a legal railyard slot."""

    def answers(self, state: EmpyrealState, d: PlaceSpellcar) -> Sequence[Any]:
        return [interned(PlaceAt, slot_label(s)) for s in legal_slots(state, d.player)]

    def answer(self, state: EmpyrealState, d: PlaceSpellcar, action: Any) -> None:
        slot = slot_index(action.slot)
        ps = state.players[d.player]
        covered = ps.railyard[slot]
        ps.railyard[slot] = d.spellcar
        touch_folio(state, d.player)
        tally(state, "spellcars_built", d.player)
        if state.turn.player == d.player:
            state.turn.gained.append(d.spellcar)
        over = f", covering {covered}" if covered else ""
        state.note(d.player, f"{ps.company} gained {d.spellcar} at {action.slot}{over}")

    def why(self, state: EmpyrealState, d: PlaceSpellcar, action: Any) -> str | None:
        if isinstance(action, PlaceAt):
            try:
                slot = slot_index(action.slot)
            except ValueError:
                return f"{action.slot!r} is not a railyard slot"
            ry = state.players[d.player].railyard
            if slot >= len(ry) or ry[slot] == "-":
                return f"the railyard has no slot {action.slot}"
            if ry[slot] == "" and slot % 3 == 2:
                return "the second row of the railyard must be full before the third is used"
            if ry[slot] != "":
                return f"slot {action.slot} is taken; printed Company Spellcars may be covered only when no empty space is left"
        return None
