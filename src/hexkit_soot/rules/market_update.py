"""Phase 1, Market Update.

1. Even rounds: the Event Token holder flips the top event of the
   season's pack and picks option A or B for the whole table (rounds 2-12:
   six events a game; the final rounds 13-14 have none, assumed from "six
   events per game").
2. Boom and Hardship rounds: every Tier 3 price rises 1 step.
3. Two players: flip a Market Flux card (riser +1, faller -1).
4. Refill the contract row and the card row; every Legacy card entering
   the row is auctioned at once by blind bids, one after another in slot
   order (an auction always has a winner, so the slot empties and the
   refill goes on, auctioning any Legacy card dealt into it as well).

Seasons also reshuffle the contract deck: Tier 2 contracts join at the
start of Boom (round 4), Tier 3 at the start of Hardship (round 7).

Source: rulebook, Phase 1 "Market Update", §16 "Events", §23 Market Flux,
"Contracts".
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit.components import Deck, EmptyPolicy
from hexkit.flow import Handler
from hexkit_soot.actions import Choose, ChooseEventOption
from hexkit_soot.effects import Ctx, lookup
from hexkit_soot.effects.reactions import Moment, notify
from hexkit_soot.grid import season_of
from hexkit_soot.ledger import data, move_price
from hexkit_soot.rules.cards import legacy_in_row, refill_row, start_auction
from hexkit_soot.rules.contracts import contract_deck, refill_contracts
from hexkit_soot.rules.event_log import NOTHING, changes, snapshot
from hexkit_soot.rules.player_counts import uses_market_flux
from hexkit_soot.rules.steps import opt
from hexkit_soot.state import SootState
from hexkit_soot.state import tally as _tally  # "what was played" counters

__all__ = ["run_market_update", "EventHandler", "apply_event", "flip_flux", "flux_deck", "event_deck"]


def _season_contracts(state: SootState) -> None:
    tier = {4: 2, 7: 3}.get(state.round)
    if tier is None:
        return
    cts = data(state).contracts
    joining = [c for c in state.contract_later if cts[c].tier == tier]
    if joining:
        state.contract_later = [c for c in state.contract_later if cts[c].tier != tier]
        deck = contract_deck(state)
        for c in joining:
            deck.put_top(c)
        deck.shuffle(state.rng)
        state.note(None, f"Tier {tier} contracts shuffled into the contract deck")


def flux_deck(state: SootState) -> Deck[int]:
    """The 2P Market Flux cards as a core :class:`~hexkit.components.Deck` over the state's lists.

    Draw pile ``SootState.flux`` (top last), discard pile
    ``SootState.flux_discard``; the flipped cards are shuffled into a new
    pile when it runs out (policy ``RESHUFFLE``).

    Args:
        state: the game.
    """
    return Deck(state.flux, state.flux_discard, EmptyPolicy.RESHUFFLE)


def event_deck(state: SootState) -> Deck[int]:
    """The event deck as a core :class:`~hexkit.components.Deck` over ``SootState.events``.

    Event indexes in four season packs, top last; an event drawn is
    resolved and leaves the game (no discard pile, policy ``STOP``).

    Args:
        state: the game.
    """
    return Deck(state.events, [], EmptyPolicy.STOP)


def flip_flux(state: SootState) -> None:
    """2P Market Flux: flip one card, riser +1, faller -1; reshuffle when exhausted.

    Args:
        state: the game.
    """
    deck = flux_deck(state)
    card = deck.draw(state.rng)
    if card is None:
        return
    deck.discard(card)
    fc = data(state).flux[card]
    move_price(state, fc.rises, 1, "Market Flux")
    move_price(state, fc.falls, -1, "Market Flux")
    state.note(None, f"Market Flux: {fc.rises} up, {fc.falls} down")


def run_market_update(state: SootState) -> bool:
    """Advance the Market Update; return True when the phase is done.

    ``state.cursor``: 0 start, 1 event asked, 2 demand/flux/futures, 3 refill, 4 done.

    Args:
        state: the game.
    """
    if state.cursor == 0:
        state.note(None, f"Round {state.round} ({season_of(state.round)})")
        state.note(None, f"== Round {state.round}, Phase 1: Market Update ==")
        _season_contracts(state)
        state.cursor = 1
        season = season_of(state.round)
        deck = data(state).events
        matching = [i for i, e in enumerate(state.events) if deck[e].season == season]
        # even rounds up to 12: six events a game (the final rounds have none)
        if state.round % 2 == 0 and state.round <= data(state).numbers.last_round and matching:
            state.event_now = event_deck(state).remove(state.events[matching[-1]])  # the season's top event
            ev = data(state).events[state.event_now]
            _tally(state, "events", state.event_token)
            state.note(None, f"event: {ev.name}")
            state.pending.append(ChooseEventOption(player=state.event_token, prompt=f"{ev.name}: choose A or B"))
            return False
    if state.cursor == 1:
        state.cursor = 2
        if season_of(state.round) in ("Boom", "Hardship") and state.round <= 9:
            for name, g in data(state).goods.items():
                if g.kind == "tracked" and g.tier == 3:
                    move_price(state, name, 1, "Tier 3 demand")
        if uses_market_flux(state):
            flip_flux(state)
        for player in state.order:
            notify(state, player, Moment.MARKET_UPDATE)
        for player in state.order:
            found = lookup("Commodity Futures")
            if "Commodity Futures" in state.players[player].upgrades and found is not None and found.play is not None:
                found.play(Ctx(state=state, player=player, source="Commodity Futures"))
        if state.pending:
            return False
    if state.cursor == 2:
        state.cursor = 3
        refill_contracts(state)
    if state.cursor == 3:
        # a Legacy card still in the row awaits its auction (each auction empties its slot)
        waiting = legacy_in_row(state) or refill_row(state)
        if waiting:
            start_auction(state, waiting[0])
            return False
        state.cursor = 4
    return True


class EventHandler(Handler[SootState, ChooseEventOption, Choose]):
    """The :class:`~hexkit_soot.actions.ChooseEventOption` question: option A or B of this round's event.

    Source: rulebook, "Phase 1: Market Update".
    """

    def answers(self, state: SootState, question: ChooseEventOption) -> Sequence[Choose]:
        """``Choose("A", 0)`` and ``Choose("B", 1)``, labelled with the options' texts."""
        d = data(state)
        a, b = d.event_texts[d.events[state.event_now].name]  # the texts with their numbers filled in
        return (opt("A", 0, f"A: {a}"), opt("B", 1, f"B: {b}"))

    def resolve(self, state: SootState, question: ChooseEventOption, answer: Choose) -> None:
        """Apply the chosen option of this round's event."""
        apply_event(state, state.event_now, answer.code, question.player)


def apply_event(state: SootState, index: int, option: str, holder: int) -> None:
    """Run option ``option`` of event ``index`` (a no-op, logged, if its effect is not registered).

    Args:
        state: the game.
        index: the event's index in the data.
        option: ``A`` or ``B``.
        holder: the Event Token holder, who chose.
    """
    ev = data(state).events[index]
    state.note(holder, f"chose option {option} of {ev.name}")
    found = lookup(ev.name)
    if found is None or found.play is None:
        state.note(None, f"(event {ev.name} has no registered effect yet)")
        return
    before, depth = snapshot(state), len(state.pending)
    found.play(Ctx(state=state, player=holder, source=ev.name, option=option))
    asked = len(state.pending) > depth
    changed = changes(before, snapshot(state))
    if changed != NOTHING:
        state.note(None, f"{ev.name} ({option}) changed{' (so far: questions pending)' if asked else ''}: {changed}")
    elif asked:
        state.note(None, f"{ev.name} ({option}) changed nothing yet: questions pending")
    else:
        state.note(None, f"{ev.name} ({option}) changed nothing: no player, price or stack met its terms")
