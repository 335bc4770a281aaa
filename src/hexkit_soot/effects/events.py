"""The 20 events: four season packs of five, each with Option A and Option B.

In Phase 1 of every even round the Event Token holder flips the top event
and chooses an option for the whole table; the rules then run the event
registered here under its name with ``ctx.option`` = ``"A"`` or ``"B"`` and
``ctx.player`` = the token holder. "Every player" goes round the table in
seat order starting with the token holder.

The options' texts are the data file's (``events.toml``; the event list of
the Components doc is missing, so all are assumed). Readings taken where a
text leaves a detail open (each is repeated on its event):

* a player who owes currency and cannot pay it all pays what they have
  (currency never goes negative);
* "most" / "fewest" / "least" conditions include every tied player, and
  nobody qualifies when the measure is 0 for the "most" conditions;
* goods gained go to the warehouse network unless the text names a tile;
  the supply is finite, so a gain can come up short.

Each event is one function of a :class:`~hexkit_soot.effects.Ctx` doing
both options; its numbers are read from ``effects.toml``
(:class:`~hexkit_soot.data.EffectNumbers`, ``effects.<event>_<what>``; the
docstrings give the packaged values); questions (the Drought's food-or-currency) are answered
through the event's ``resume``.

Source: rulebook, §16 "Events" (20 cards in four 5-card season packs, A/B
chosen by the Event Token holder, even rounds); data ``events.toml``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

import attrs

from hexkit.flow import Flow, Resume
from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.actions import Choose
from hexkit_soot.effects import Ctx, ask, effect, verbs
from hexkit_soot.effects.cards import rail_segments
from hexkit_soot.rules.explore import tile_info
from hexkit_soot.rules.extract import scarcity_cascade
from hexkit_soot.rules.payment import Need, Paying, Pick, Stages, pay, places, source_need, take
from hexkit_soot.rules.upkeep import food_available
from hexkit_soot.state import CENTRAL_CITY, SootState, touch_map

__all__ = ["DroughtChoice", "DroughtFood", "drought_choice", "register", "EVENT_NAMES", "table_order", "camps_owned", "facilities_owned", "pay_what_you_can"]

EVENT_NAMES = (
    "Spring Floods", "Wagon Train Arrives", "Land Speculators", "Fur Rendezvous", "Survey Party",
    "Railway Mania", "Gold Fever", "Foreign Buyers", "Credit Boom", "Lumber Rush",
    "Drought", "Harsh Winter", "Cholera Outbreak", "Bank Panic", "Labor Unrest",
    "Exhausted Seams", "Market Glut", "Reform Movement", "Westward Exodus", "Last Frontier",
)
"""Every event name this module registers, in season order."""


# -- helpers -------------------------------------------------------------------------------

def table_order(state: SootState, first: PlayerId) -> Iterator[PlayerId]:
    """Every seat once, in seat order starting with ``first``.

    Args:
        state: the game.
        first: the seat to start with (the Event Token holder).

    Yields:
        Seats.
    """
    n = len(state.players)
    for k in range(n):
        yield (first + k) % n


def camps_owned(state: SootState, player: PlayerId) -> int:
    """Camps ``player`` owns.

    Args:
        state: the game.
        player: the owner.

    Returns:
        The number of camps.
    """
    return sum(1 for c in state.camps.values() if c.owner == player)


def facilities_owned(state: SootState, player: PlayerId) -> int:
    """Tier 2 and Tier 3 facilities ``player`` owns (warehouses do not count).

    Args:
        state: the game.
        player: the owner.

    Returns:
        The number of facilities.
    """
    facs = verbs.data(state).facilities
    return sum(
        1
        for s in state.settlements.values()
        for f in s.facilities
        if f.owner == player and facs[f.name].tier >= 2
    )


def pay_what_you_can(state: SootState, player: PlayerId, due: int, why: str) -> int:
    """``player`` pays ``due`` ¤ to the bank, or all they have if less.

    Args:
        state: the game.
        player: who pays.
        due: the amount owed.
        why: reason for the log.

    Returns:
        The amount paid.
    """
    paid = min(due, state.players[player].currency)
    verbs.pay_currency(state, player, paid, why)
    return paid


def _stacks(n: int) -> str:
    """``"1 stack"``, ``"3 stacks"``."""
    return f"{n} stack" if n == 1 else f"{n} stacks"


def _tokens(n: int) -> str:
    """``"1 token"``, ``"2 tokens"``."""
    return f"{n} token" if n == 1 else f"{n} tokens"


def _cards(n: int) -> str:
    """``"1 card"``, ``"2 cards"``."""
    return f"{n} card" if n == 1 else f"{n} cards"


def _stacks_of(state: SootState, keep: Callable[[str], bool]) -> list[tuple[Hex, str]]:
    """``(hex, resource)`` of the placed depletion stacks whose resource passes ``keep``."""
    out = []
    for h in sorted(state.stacks):
        resource = tile_info(state, state.tiles[h])[1]
        if resource and keep(resource):
            out.append((h, resource))
    return out


def _non_renewable(state: SootState) -> Callable[[str], bool]:
    sites = verbs.data(state).sites
    return lambda r: r in sites and not sites[r].semi_renewable


def _option(ctx: Ctx) -> bool:
    """True for Option A, False for Option B."""
    return ctx.option == "A"


# -- Thaw --------------------------------------------------------------------------------------

@effect("Spring Floods")
def spring_floods(ctx: Ctx) -> None:
    """A: each camp on a water hex gets 1 Fish on its tile (tile cap 2). B: everyone gains 1 Fish.

    Option A gives the Fish to the camp's owner, one per such camp.

    Source: assumed (data ``events.toml``, Spring Floods); water overlays and
    the tile cap: rulebook, "The Map", "Production".
    """
    state = ctx.state
    numbers = verbs.data(state).effects
    if _option(ctx):
        for h in sorted(state.camps):
            if state.water.get(h):
                verbs.gain_goods(state, state.camps[h].owner, "Fish", numbers.spring_floods_camp_fish, at=h,
                                 why="Spring Floods")
    else:
        for p in table_order(state, ctx.player):
            verbs.gain_goods(state, p, "Fish", numbers.spring_floods_fish, why="Spring Floods")


@effect("Wagon Train Arrives")
def wagon_train(ctx: Ctx) -> None:
    """A: everyone gains 2 Grain in their network. B: everyone gains 1¤.

    Source: assumed (data ``events.toml``, Wagon Train Arrives).
    """
    numbers = verbs.data(ctx.state).effects
    for p in table_order(ctx.state, ctx.player):
        if _option(ctx):
            verbs.gain_goods(ctx.state, p, "Grain", numbers.wagon_train_grain, why="Wagon Train Arrives")
        else:
            verbs.gain_currency(ctx.state, p, numbers.wagon_train_currency, "Wagon Train Arrives")


@effect("Land Speculators")
def land_speculators(ctx: Ctx) -> None:
    """A: the players with the fewest camps gain 2¤. B: the players with the most camps pay 1¤.

    Ties include every tied player. For B nobody pays while nobody has a
    camp (owning the most of nothing is not speculation).

    Source: assumed (data ``events.toml``, Land Speculators).
    """
    state = ctx.state
    numbers = verbs.data(state).effects
    counts = {p: camps_owned(state, p) for p in table_order(state, ctx.player)}
    if _option(ctx):
        low = min(counts.values())
        for p, n in counts.items():
            if n == low:
                verbs.gain_currency(state, p, numbers.land_speculators_currency, "Land Speculators: fewest camps")
    else:
        high = max(counts.values())
        for p, n in counts.items():
            if n == high and high > 0:
                pay_what_you_can(state, p, numbers.land_speculators_payment, "Land Speculators: most camps")


@effect("Fur Rendezvous")
def fur_rendezvous(ctx: Ctx) -> None:
    """A: Cloth rises 2 steps. B: every Furs depletion stack on the map gains 1 token.

    Source: assumed (data ``events.toml``, Fur Rendezvous); Furs stacks:
    rulebook, "Production" (semi-renewable stacks).
    """
    state = ctx.state
    numbers = verbs.data(state).effects
    if _option(ctx):
        verbs.move_price(state, "Cloth", numbers.fur_rendezvous_steps, "Fur Rendezvous")
    else:
        tokens = numbers.fur_rendezvous_tokens
        for h, _ in _stacks_of(state, lambda r: r == "Furs"):
            verbs.add_stack_tokens(state, h, tokens)
        state.note(None, f"every Furs stack gained {_tokens(tokens)} (Fur Rendezvous)")


@effect("Survey Party")
def survey_party(ctx: Ctx) -> None:
    """A: everyone draws 1 card blind. B: the Event Token holder gains 2¤.

    Source: assumed (data ``events.toml``, Survey Party).
    """
    numbers = verbs.data(ctx.state).effects
    if _option(ctx):
        for p in table_order(ctx.state, ctx.player):
            verbs.draw_cards(ctx.state, p, numbers.survey_party_cards)
        ctx.state.note(None, f"everyone drew {_cards(numbers.survey_party_cards)} (Survey Party)")
    else:
        verbs.gain_currency(ctx.state, ctx.player, numbers.survey_party_currency, "Survey Party")


# -- Boom ------------------------------------------------------------------------------------------

@effect("Railway Mania")
def railway_mania(ctx: Ctx) -> None:
    """A: Steel and Pig Iron rise 1 step. B: every player owning a rail segment scores 1 point.

    Source: assumed (data ``events.toml``, Railway Mania).
    """
    state = ctx.state
    numbers = verbs.data(state).effects
    if _option(ctx):
        verbs.move_price(state, "Steel", numbers.railway_mania_steps, "Railway Mania")
        verbs.move_price(state, "Pig Iron", numbers.railway_mania_steps, "Railway Mania")
    else:
        for p in table_order(state, ctx.player):
            if rail_segments(state, p) > 0:
                verbs.gain_points(state, p, numbers.railway_mania_points, "Railway Mania", source="events")


@effect("Gold Fever")
def gold_fever(ctx: Ctx) -> None:
    """A: Luxury Goods rise 2 steps. B: every Gold depletion stack on the map gains 1 token.

    Source: assumed (data ``events.toml``, Gold Fever).
    """
    state = ctx.state
    numbers = verbs.data(state).effects
    if _option(ctx):
        verbs.move_price(state, "Luxury Goods", numbers.gold_fever_steps, "Gold Fever")
    else:
        grew = 0
        tokens = numbers.gold_fever_tokens
        for h, _ in _stacks_of(state, lambda r: r == "Gold"):
            was = state.stacks[h]
            verbs.add_stack_tokens(state, h, tokens)
            grew += state.stacks[h] != was
        state.note(None, f"{_stacks(grew)} of Gold gained {_tokens(tokens)} (Gold Fever)" if grew
                   else "no Gold stack on the map gains a token (Gold Fever)")


@effect("Foreign Buyers")
def foreign_buyers(ctx: Ctx) -> None:
    """A: every Tier 2 price rises 1 step. B: every Tier 3 price rises 1 step.

    Source: assumed (data ``events.toml``, Foreign Buyers).
    """
    steps = verbs.data(ctx.state).effects.foreign_buyers_steps
    verbs.move_tier(ctx.state, 2 if _option(ctx) else 3, steps, "Foreign Buyers")


@effect("Credit Boom")
def credit_boom(ctx: Ctx) -> None:
    """A: every player with a loan outstanding gains 2¤. B: every player without one gains 1¤.

    Source: assumed (data ``events.toml``, Credit Boom); loans: rulebook, "Loans".
    """
    numbers = verbs.data(ctx.state).effects
    for p in table_order(ctx.state, ctx.player):
        loans = ctx.state.players[p].loans
        if _option(ctx) and loans > 0:
            verbs.gain_currency(ctx.state, p, numbers.credit_boom_loan_currency, "Credit Boom")
        elif not _option(ctx) and loans == 0:
            verbs.gain_currency(ctx.state, p, numbers.credit_boom_currency, "Credit Boom")


@effect("Lumber Rush")
def lumber_rush(ctx: Ctx) -> None:
    """A: Lumber and Cut Stone rise 1 step. B: everyone gains 1 Timber in their network.

    Source: assumed (data ``events.toml``, Lumber Rush).
    """
    state = ctx.state
    numbers = verbs.data(state).effects
    if _option(ctx):
        verbs.move_price(state, "Lumber", numbers.lumber_rush_steps, "Lumber Rush")
        verbs.move_price(state, "Cut Stone", numbers.lumber_rush_steps, "Lumber Rush")
    else:
        for p in table_order(state, ctx.player):
            verbs.gain_goods(state, p, "Timber", numbers.lumber_rush_timber, why="Lumber Rush")


# -- Hardship ----------------------------------------------------------------------------------------

_DROUGHT = "Drought"


def _food_goods(state: SootState, player: PlayerId) -> list[str]:
    """Food goods ``player`` could pay with: in the network or on any caravan (as for upkeep)."""
    return sorted(g for g, n in food_available(state, player).items() if n > 0)


def _pay_food(state: SootState, player: PlayerId, good: str, holder: PlayerId, k: int) -> bool:
    """Pay 1 unit of ``good`` from the network or a caravan, the payer's choice; False when asked.

    When the good is in more than one place the payer chooses which gives
    it (:func:`~hexkit_soot.rules.payment.pay`); the Drought then goes on
    from its :class:`DroughtFood` continuation with the next player.
    """
    paying = DroughtFood(payer=player, good=good, holder=holder, k=k)
    need = paying.need(state)
    if len(need.names) > 1:
        pay(state, paying)
        return False
    paying.take(state, [(need.names[0], 1)] if need.names else [])
    return True


@attrs.frozen(kw_only=True)
class DroughtFood(Paying):
    """A Drought's B option waiting for the payer to say where a food unit comes from.

    Attributes:
        good: the food good paid.
        holder: the Event Token holder (the Drought's table order starts there).
        k: the payer's position in that order.
    """

    good: str
    holder: PlayerId
    k: int

    def need(self, state: SootState) -> Need:
        """One unit of the good, one unit per place holding it."""
        return source_need(places(state, self.payer, None, network=True), self.good, 1)

    def stages(self, state: SootState) -> Stages:
        """One stage: which place gives the unit."""
        need = self.need(state)
        return lambda done: None if done else need

    def take(self, state: SootState, pick: Sequence[tuple[str, int]]) -> None:
        """Take the unit from the place chosen."""
        for key, n in pick:
            if key == "network":
                verbs.lose_goods(state, self.payer, self.good, n, why=_DROUGHT)
            else:
                take(state, self.payer, None, key, self.good, n)
                state.note(self.payer, f"lost {n} {self.good} from a caravan ({_DROUGHT})")

    def paid(self, state: SootState, picks: list[Pick]) -> None:
        """Take the unit, then go on with the next player."""
        self.take(state, picks[0])
        _drought_next(state, self.holder, self.k + 1)


def _drought_next(state: SootState, holder: PlayerId, k: int) -> None:
    """Settle the Drought's B option for the players from position ``k`` on (asking when there is a choice)."""
    order = list(table_order(state, holder))
    names = list(verbs.data(state).goods)
    cash = verbs.data(state).effects.drought_currency
    while k < len(order):
        p = order[k]
        options = [("food", names.index(g), f"pay 1 {g}") for g in _food_goods(state, p)]
        if state.players[p].currency >= cash:
            options.append(("cash", cash, f"pay {cash}¤"))
        if len(options) > 1:
            ask(state, p, _DROUGHT, f"pay:{holder}:{k}", options, f"Drought: pay 1 food or {cash}¤?",
                then=DroughtChoice(payer=p, holder=holder, k=k))
            return
        if options:
            if not _drought_pay(state, p, options[0][0], options[0][1], holder, k):
                return
        else:
            state.note(p, f"has neither food nor {cash}¤ for the Drought")
        k += 1


def _drought_pay(state: SootState, player: PlayerId, code: str, arg: int, holder: PlayerId, k: int) -> bool:
    """Pay the Drought as answered; False while the payer is asked where the food comes from."""
    if code == "cash":
        verbs.pay_currency(state, player, verbs.data(state).effects.drought_currency, _DROUGHT)
        return True
    return _pay_food(state, player, list(verbs.data(state).goods)[arg], holder, k)


@attrs.frozen(kw_only=True)
class DroughtChoice(Resume):
    """The Drought's B option asking a player whether to pay 1 food or 2¤.

    Attributes:
        payer: who answers.
        holder: the Event Token holder (the table order starts there).
        k: the payer's position in that order.
    """

    payer: PlayerId
    holder: PlayerId
    k: int


def drought_choice(state: SootState, then: DroughtChoice, answer: Choose) -> None:
    """Pay the Drought as answered (``food`` good id, or ``cash``), then go on with the next player.

    Args:
        state: the game.
        then: who pays, and where the table order stands.
        answer: the payer's answer.
    """
    if _drought_pay(state, then.payer, answer.code, answer.arg, then.holder, then.k):
        _drought_next(state, then.holder, then.k + 1)


def _drought_resume(ctx: Ctx, stage: str, answer: Choose) -> None:
    """The older form of the Drought's questions (a save of Soot 0.3.2: stage ``pay:<holder>:<k>``
    or ``food:<holder>:<k>``, no continuation): answered as :func:`drought_choice`."""
    _, holder_s, k_s = stage.split(":")
    drought_choice(ctx.state, DroughtChoice(payer=ctx.player, holder=int(holder_s), k=int(k_s)), answer)


def register(flow: Flow[SootState]) -> None:
    """Register the events' typed continuations with the game's engine (called by ``game.py``).

    Args:
        flow: the game's engine.
    """
    flow.resume(DroughtChoice, drought_choice)


@effect(_DROUGHT, resume=_drought_resume)
def drought(ctx: Ctx) -> None:
    """A: Processed Foods rises 2 steps. B: everyone pays 1 food or 2¤
    (``effects.drought_steps``, ``effects.drought_currency``).

    For B each player in turn chooses when they could pay either way (any
    one unit of a food good from their network or a caravan, as for upkeep,
    whatever its food value; or 2¤), and, when that good is both in the
    network and on a caravan (or on two), which gives it; with one way open
    it is taken without asking; with none, nothing is paid.

    Source: assumed (data ``events.toml``, Drought); food goods: rulebook,
    §20.1 (food values, in ``goods.toml``).
    """
    if _option(ctx):
        verbs.move_price(ctx.state, "Processed Foods", verbs.data(ctx.state).effects.drought_steps, _DROUGHT)
    else:
        _drought_next(ctx.state, ctx.player, 0)


@effect("Harsh Winter")
def harsh_winter(ctx: Ctx) -> None:
    """A: everyone's Soot Track advances 1. B: everyone pays 1¤ per camp owned, at most 3¤.

    Soot thresholds (4, 8) cost Prestige as usual. Under B a player pays
    what they can.

    Source: assumed (data ``events.toml``, Harsh Winter); soot thresholds:
    rulebook, "Soot".
    """
    numbers = verbs.data(ctx.state).effects
    for p in table_order(ctx.state, ctx.player):
        if _option(ctx):
            verbs.advance_soot(ctx.state, p, numbers.harsh_winter_soot, "Harsh Winter")
        else:
            due = numbers.harsh_winter_currency_per_camp * camps_owned(ctx.state, p)
            pay_what_you_can(ctx.state, p, min(numbers.harsh_winter_currency_max, due), "Harsh Winter")


@effect("Cholera Outbreak")
def cholera(ctx: Ctx) -> None:
    """A: the player(s) with the most soot lose 1 Prestige. B: everyone at soot 5+ loses 1 Prestige.

    Under A all tied players lose it, and nobody does while every track is at 0.

    Source: assumed (data ``events.toml``, Cholera Outbreak).
    """
    state = ctx.state
    numbers = verbs.data(state).effects
    soot = {p: state.players[p].soot for p in table_order(state, ctx.player)}
    top = max(soot.values())
    for p, s in soot.items():
        if (_option(ctx) and s == top and top > 0) or (not _option(ctx) and s >= numbers.cholera_soot):
            verbs.change_prestige(state, p, -numbers.cholera_prestige, "Cholera Outbreak")


@effect("Bank Panic")
def bank_panic(ctx: Ctx) -> None:
    """A: everyone pays 1¤ per loan outstanding. B: every tracked price falls 1 step.

    Source: assumed (data ``events.toml``, Bank Panic).
    """
    state = ctx.state
    numbers = verbs.data(state).effects
    if _option(ctx):
        for p in table_order(state, ctx.player):
            pay_what_you_can(state, p, numbers.bank_panic_currency_per_loan * state.players[p].loans, "Bank Panic")
    else:
        verbs.move_tier(state, 2, -numbers.bank_panic_steps, "Bank Panic")
        verbs.move_tier(state, 3, -numbers.bank_panic_steps, "Bank Panic")


@effect("Labor Unrest")
def labor_unrest(ctx: Ctx) -> None:
    """A: everyone pays 1¤ per facility owned, at most 3¤. B: every facility owner loses 1 Prestige.

    Warehouses are not facilities here.

    Source: assumed (data ``events.toml``, Labor Unrest).
    """
    state = ctx.state
    numbers = verbs.data(state).effects
    for p in table_order(state, ctx.player):
        n = facilities_owned(state, p)
        if _option(ctx):
            due = numbers.labor_unrest_currency_per_facility * n
            pay_what_you_can(state, p, min(numbers.labor_unrest_currency_max, due), "Labor Unrest")
        elif n > 0:
            verbs.change_prestige(state, p, -numbers.labor_unrest_prestige, "Labor Unrest")


# -- Decline ---------------------------------------------------------------------------------------------

@effect("Exhausted Seams")
def exhausted_seams(ctx: Ctx) -> None:
    """A: every non-renewable stack with exactly 1 token loses it. B: every such stack with 2+ loses 1
    (``effects.exhausted_seams_thinned_at_least``, ``effects.exhausted_seams_thinned_tokens``).

    "Non-renewable" (the text's "raw mineral") is every site resource that
    is not semi-renewable (Furs and Herbs are spared). Under A an emptied
    stack may set off the resource's Scarcity Cascade, as after an Extract.

    Source: assumed (data ``events.toml``, Exhausted Seams); Scarcity
    Cascade: rulebook, "Extract".
    """
    state = ctx.state
    numbers = verbs.data(state).effects
    least, lose = numbers.exhausted_seams_thinned_at_least, numbers.exhausted_seams_thinned_tokens
    emptied: list[str] = []
    thinned = 0
    for h, resource in _stacks_of(state, _non_renewable(state)):
        left = state.stacks[h]
        if _option(ctx) and left == 1:
            state.stacks[h] = 0
            emptied.append(resource)
        elif not _option(ctx) and left >= least:
            state.stacks[h] = left - lose  # never empties: the data check keeps lose < least
            thinned += 1
    touch_map(state)
    what = ("every seam with 1 token left is emptied" if _option(ctx)
            else f"every seam with {least}+ tokens loses {lose}")
    state.note(None, f"Exhausted Seams ({ctx.option}): {what} ({_stacks(len(emptied) if _option(ctx) else thinned)}"
               f" {'emptied' if _option(ctx) else 'thinned'})")
    for resource in sorted(set(emptied)):
        scarcity_cascade(state, resource)


@effect("Market Glut")
def market_glut(ctx: Ctx) -> None:
    """A: every Tier 2 price falls 1 step. B: every Tier 3 price falls 1 step.

    Source: assumed (data ``events.toml``, Market Glut).
    """
    steps = verbs.data(ctx.state).effects.market_glut_steps
    verbs.move_tier(ctx.state, 2 if _option(ctx) else 3, -steps, "Market Glut")


@effect("Reform Movement")
def reform_movement(ctx: Ctx) -> None:
    """A: everyone removes 1 soot. B: the player(s) with the least soot gain 1 Prestige.

    Source: assumed (data ``events.toml``, Reform Movement).
    """
    state = ctx.state
    numbers = verbs.data(state).effects
    if _option(ctx):
        for p in table_order(state, ctx.player):
            verbs.remove_soot(state, p, numbers.reform_movement_soot, "Reform Movement")
    else:
        soot = {p: state.players[p].soot for p in table_order(state, ctx.player)}
        low = min(soot.values())
        for p, s in soot.items():
            if s == low:
                verbs.change_prestige(state, p, numbers.reform_movement_prestige, "Reform Movement")


@effect("Westward Exodus")
def westward_exodus(ctx: Ctx) -> None:
    """A: every player who founded no settlement gains 3¤. B: founders score 1 point per settlement founded.

    Source: assumed (data ``events.toml``, Westward Exodus).
    """
    state = ctx.state
    numbers = verbs.data(state).effects
    for p in table_order(state, ctx.player):
        founded = state.players[p].founded
        if _option(ctx) and founded == 0:
            verbs.gain_currency(state, p, numbers.westward_exodus_currency, "Westward Exodus")
        elif not _option(ctx) and founded > 0:
            verbs.gain_points(state, p, numbers.westward_exodus_points * founded, "Westward Exodus", source="events")


@effect("Last Frontier")
def last_frontier(ctx: Ctx) -> None:
    """A: everyone draws 1 card blind. B: 1 point per camp owned 4+ hexes from the Central City.

    Source: assumed (data ``events.toml``, Last Frontier); distance 4+:
    rulebook, "Milestones" (Frontier Magnate) and the frontier premium.
    """
    state = ctx.state
    numbers = verbs.data(state).effects
    if _option(ctx):
        for p in table_order(state, ctx.player):
            verbs.draw_cards(state, p, numbers.last_frontier_cards)
        state.note(None, f"everyone drew {_cards(numbers.last_frontier_cards)} (Last Frontier)")
        return
    far = verbs.data(state).numbers.premium_distance
    for p in table_order(state, ctx.player):
        n = sum(1 for h, c in state.camps.items() if c.owner == p and h.distance(CENTRAL_CITY) >= far)
        verbs.gain_points(state, p, numbers.last_frontier_points * n, "Last Frontier: far camps", source="events")
