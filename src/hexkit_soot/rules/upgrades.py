"""Upgrades: archetype upgrade tiles and shared upgrades.

Buying an upgrade is a main action: 1 action + 2¤ + the tile's resources,
1 point each. Each archetype may buy its own three tiles; shared tiles
(#19 Trail Boss, #20 Sanitation Works) come in ceil(N/2) copies for
anyone. What a tile does afterwards is its registered effect
(:mod:`hexkit_soot.effects`); a tile with an immediate part (the Trail
Boss's new agent) runs it on purchase.

Interpretation (assumed, I57): the text gives "1 action + 2¤ + cost; 1
point" for the archetype tiles only; shared tiles are bought the same way
(1 action, 1 point), their 2¤ being the printed currency of the Trail
Boss's cost.

Source: rulebook, §21 (upgrades: 1 action + 2¤ + cost, 1 point each),
"Gaining agents" (shared upgrade #19).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from hexkit.flow import Handler
from hexkit.game import PlayerId
from hexkit_soot.actions import BuyUpgrade, Choose, TrailBossAgent
from hexkit_soot.effects import Ctx, lookup
from hexkit_soot.ledger import data, gain_points
from hexkit_soot.rules.cards import wild_cards
from hexkit_soot.rules.network import affordable, pay
from hexkit_soot.rules.payment import SettlingHandler
from hexkit_soot.rules.player_counts import shared_copies
from hexkit_soot.rules.steps import main_action, opt
from hexkit_soot.data import SootData
from hexkit_soot.state import CENTRAL_CITY, Caravan, Goods, SootState

__all__ = ["purchasable", "shared_copies", "BuyHandler", "AgentHandler"]


def purchasable(state: SootState, player: PlayerId) -> list[str]:
    """Upgrade tiles ``player`` may buy now (cost included).

    Args:
        state: the game.
        player: the seat concerned.
    """
    return list(_purchasable(state, player))


def _purchasable(state: SootState, player: PlayerId) -> Iterator[str]:
    """:func:`purchasable`, one at a time (the menu needs only the first)."""
    p = state.players[player]
    d = data(state)
    upgrades = d.upgrades
    cur, cards, owned = p.currency, len(p.hand), p.upgrades
    for name in d.upgrades_for(p.archetype):  # its own tiles and the shared ones
        up = upgrades[name]
        if not up.archetype and state.shared_upgrades.get(name, 0) <= 0:
            continue
        # can_pay(state, player, up.cost, None, up.currency), the player's facts read once
        if name not in owned and cur >= up.currency and affordable(up.cost, p.stock, cards):
            yield name


def _options(state: SootState, player: PlayerId) -> list[Choose]:
    return [opt("upgrade", data(state).upgrades[n].number, f"buy upgrade {n}") for n in purchasable(state, player)]


_BY_PRICE: tuple[object, dict[str, tuple[tuple[int, str, bool, Goods], ...]]] = (None, {})
"""The data the rows below were made for, then by archetype the upgrades it may buy
(:meth:`~hexkit_soot.data.SootData.upgrades_for`) as ``(currency, name, own tile, goods)``,
cheapest currency first."""


def _by_price(d: SootData, archetype: str) -> tuple[tuple[int, str, bool, Goods], ...]:
    """The rows of :data:`_BY_PRICE` for ``archetype`` under the data ``d``."""
    global _BY_PRICE
    if _BY_PRICE[0] is not d:
        _BY_PRICE = (d, {})
    rows = _BY_PRICE[1].get(archetype)
    if rows is None:
        ups = d.upgrades
        rows = _BY_PRICE[1][archetype] = tuple(sorted(
            ((ups[n].currency, n, bool(ups[n].archetype), ups[n].cost) for n in d.upgrades_for(archetype)),
            key=lambda row: row[0]))
    return rows


def _any_purchasable(state: SootState, player: PlayerId) -> bool:
    """Whether :func:`_purchasable` finds one: its test, made in order of currency so
    that the upgrades the player's currency cannot pay are never looked at."""
    p = state.players[player]
    cur, cards, owned, stock, shared = p.currency, len(p.hand), p.upgrades, p.stock, state.shared_upgrades
    for currency, name, own, cost in _by_price(data(state), p.archetype):
        if currency > cur:
            return False  # the rest cost more currency still
        if (own or shared.get(name, 0) > 0) and name not in owned and affordable(cost, stock, cards):
            return True
    return False


@main_action("Buy Upgrade", _any_purchasable)
def start(state: SootState, player: PlayerId) -> None:
    """Choose the tile."""
    state.pending.append(BuyUpgrade(player=player, prompt="Buy Upgrade: which?"))


class BuyHandler(SettlingHandler[BuyUpgrade]):
    """The :class:`~hexkit_soot.actions.BuyUpgrade` question: which tile; then pay, take it and run its part.

    Source: rulebook, "Buy Upgrade".
    """

    def answers(self, state: SootState, question: BuyUpgrade) -> Sequence[Choose]:
        """``Choose("upgrade", number)`` for each tile the player may buy and pay."""
        return tuple(_options(state, question.player))

    def resolve_paying(self, state: SootState, question: BuyUpgrade, answer: Choose, given: tuple[int, ...]) -> None:
        """Pay, take the tile, score, run its immediate part."""
        _on_buy(state, question, answer, given)


def _on_buy(state: SootState, question: BuyUpgrade, answer: Choose, given: tuple[int, ...]) -> None:
    """Pay, take the tile, score, run its immediate part."""
    player = question.player
    up = next(u for u in data(state).upgrades.values() if u.number == answer.arg)
    cards = wild_cards(state, question, answer, up.cost, None, given=given)
    if cards is None:
        return
    pay(state, player, up.cost, None, up.currency, why=f"upgrade {up.name}", cards=cards)
    if not up.archetype:
        state.shared_upgrades[up.name] -= 1
    state.players[player].upgrades.append(up.name)
    gain_points(state, player, data(state).numbers.upgrade_points, f"upgrade {up.name}", source="upgrades")
    if up.name == "Trail Boss":
        state.pending.append(TrailBossAgent(player=player, prompt="Trail Boss: which agent?"))
        return
    found = lookup(up.name)
    if found is not None and found.play is not None:
        found.play(Ctx(state=state, player=player, source=up.name))


_AGENTS = ("Explorer", "Builder", "Caravan")


class AgentHandler(Handler[SootState, TrailBossAgent, Choose]):
    """The :class:`~hexkit_soot.actions.TrailBossAgent` question: which new agent.

    Source: upgrade tile "Trail Boss".
    """

    def answers(self, state: SootState, question: TrailBossAgent) -> Sequence[Choose]:
        """``Choose("agent", i)`` for the Explorer, the Builder and the Caravan."""
        return tuple(opt("agent", i, f"gain {a}") for i, a in enumerate(_AGENTS))

    def resolve(self, state: SootState, question: TrailBossAgent, answer: Choose) -> None:
        """The new agent starts at the Central City."""
        p = state.players[question.player]
        if answer.arg == 0:
            p.explorers.append(CENTRAL_CITY)
        elif answer.arg == 1:
            p.builders.append(CENTRAL_CITY)
        else:
            p.caravans.append(Caravan(loc=CENTRAL_CITY))
        state.note(question.player, f"gained a new {_AGENTS[answer.arg]} at the Central City")
