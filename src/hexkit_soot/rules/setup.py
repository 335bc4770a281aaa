"""Set-up: the map, the stacks and decks, the draft, packages and secret objectives.

Central City alone on the map; a terrain stack of 35/50/65/80 tiles for
2/3/4/5-6 players drawn from the 130, with the Frontier Closes marker 10
tiles from the bottom; the community bag (6 Trading Posts, 4 Tribal
Capitals, 8 blanks); every tracked price on its base; the 60-card deck
(the row is dealt by round 1's Market Update, so a Legacy card in it is
auctioned like any other); events in four season packs; Tier 1 contracts
in the deck and the row, Tier 2 and 3 waiting for their seasons (copies
per tile: 1 at 2 players, 2 at 3-4, 3 at 5-6); 3 public objectives; the
archetype draft of N+1 boards in reverse seating order; packages, agents
at the Central City, 3 secret objectives keep 2, Prestige (Rancher Good),
the Event Token to the last seat; round 1 order from the seat that drafted
last (seat 0). At 5-6 players the Outer District is in play.

Interpretation (assumed): the Builder and caravans "deploy on first use"
at the Central City, so they start there.

Source: rulebook, "Set-up" (map, market, cards, archetypes, players), §23.
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit.flow import Handler
from hexkit.rng import Rng
from hexkit_soot.actions import Choose, DiscardSecret, DraftArchetype
from hexkit_soot.config import SootConfig, game_data
from hexkit_soot.ledger import data, gain_goods, start_package
from hexkit_soot.rules.modules import active_modules
from hexkit_soot.rules.objectives import secret_deck
from hexkit_soot.rules.player_counts import contract_copies, has_outer_district, shared_copies, uses_market_flux
from hexkit_soot.rules.steps import opt, refuse_masked
from hexkit_soot.state import (
    CENTRAL_CITY,
    CENTRAL_TILE,
    OUTER_HEX,
    OUTER_TILE,
    PLAYED,
    POINT_SOURCES,
    Caravan,
    PlayerState,
    Settlement,
    SootState,
    TokenSupply,
    add_goods,
)

__all__ = ["new_state", "contract_copies", "give_package", "DraftHandler", "SecretHandler"]


def new_state(config: SootConfig, rng: Rng) -> SootState:
    """A game set up to the archetype draft (the first question).

    Args:
        config: a game config.
        rng: the random source.
    """
    data = game_data(config)
    nums = data.numbers
    n = config.players
    state = SootState(config=config, rng=rng)
    state.players = [PlayerState() for _ in range(n)]
    state.played = {name: (0,) * n for name in PLAYED}
    state.points_by = {name: (0,) * n for name in POINT_SOURCES}
    state.supply = TokenSupply.from_counts({name: g.tokens for name, g in data.goods.items()})
    state.tiles = {CENTRAL_CITY: CENTRAL_TILE}
    state.settlements = {CENTRAL_CITY: Settlement(kind="Central City", tier=3)}
    all_tiles = list(range(len(data.tile_list())))
    rng.shuffle(all_tiles)
    stack = all_tiles[: data.stack_size(max(n, 2))]  # solo (trust): the 2-player stack
    state.tile_stack = stack
    state.below_marker = min(nums.frontier_marker_depth, len(stack))
    state.bag = {c.name: c.count for c in data.communities if c.count}
    for name, g in data.goods.items():
        if g.kind == "tracked":
            state.prices[name] = g.base
            state.floors[name] = g.minimum
    deck = [name for name, c in data.cards.items() for _ in range(c.copies)]
    rng.shuffle(deck)
    state.deck = deck
    state.card_row = [""] * nums.card_row
    events: list[int] = []
    for season in ("Decline", "Hardship", "Boom", "Thaw"):
        pack = [i for i, e in enumerate(data.events) if e.season == season]
        rng.shuffle(pack)
        events.extend(pack)
    state.events = events
    copies = contract_copies(n)
    tier1 = [i for i, c in enumerate(data.contracts) if c.tier == 1 for _ in range(copies)]
    rng.shuffle(tier1)
    state.contract_deck = tier1
    state.contract_later = [i for i, c in enumerate(data.contracts) if c.tier > 1 for _ in range(copies)]
    state.contract_row = [-1] * nums.contract_row
    for i in range(nums.contract_row):
        if state.contract_deck:
            state.contract_row[i] = state.contract_deck.pop()
    state.public = sorted(rng.sample(range(len(data.public_objectives)), nums.public_objectives))
    secrets = list(range(len(data.secret_objectives)))
    rng.shuffle(secrets)
    state.secret_deck = secrets
    state.shared_upgrades = {name: shared_copies(n) for name, u in data.upgrades.items() if not u.archetype}
    if uses_market_flux(state):
        flux = list(range(len(data.flux)))
        rng.shuffle(flux)
        state.flux = flux
    if has_outer_district(n):
        state.outer_district = 1
        state.tiles[OUTER_HEX] = OUTER_TILE  # attached to the Central City (I56)
    # N+1 boards; at 6 players only the 6 printed boards exist, so all 6 are offered.
    state.draft_pool = sorted(rng.sample(list(data.archetypes), min(n + 1, len(data.archetypes))))
    state.order = list(range(n))
    state.event_token = n - 1
    state.round = 0
    state.phase = "draft"
    state.cursor = 0
    for module in active_modules(state):
        module.on_setup(state)
    return state


def ask_draft(state: SootState) -> None:
    """Ask the next drafter (reverse seating order: the last seat first)."""
    n = state.config.players
    state.pending.append(DraftArchetype(player=n - 1 - state.cursor, prompt="choose your archetype"))


class DraftHandler(Handler[SootState, DraftArchetype, Choose]):
    """The :class:`~hexkit_soot.actions.DraftArchetype` question: which archetype.

    Source: rulebook, "Set-up".
    """

    def answers(self, state: SootState, question: DraftArchetype) -> Sequence[Choose]:
        """``Choose("archetype", i)`` for each archetype left in the pool."""
        return tuple(opt("archetype", i, f"draft {name}") for i, name in enumerate(state.draft_pool))

    def resolve(self, state: SootState, question: DraftArchetype, answer: Choose) -> None:
        """Take the archetype and its package."""
        name = state.draft_pool.pop(answer.arg)
        give_package(state, question.player, name)
        state.cursor += 1


def give_package(state: SootState, player: int, name: str) -> None:
    """Set ``player`` up as archetype ``name``: package, agents, prestige.

    Args:
        state: the game.
        player: the seat concerned.
        name: the archetype's name.
    """
    arch = data(state).archetypes[name]
    p = state.players[player]
    p.archetype = name
    start_package(state, player, arch.currency, arch.prestige)
    for g, k in arch.goods.items():
        gain_goods(state, player, g, k)  # into the network, within its room
    p.explorers = [CENTRAL_CITY]
    p.builders = [CENTRAL_CITY]
    p.caravans = [Caravan(loc=CENTRAL_CITY) for _ in range(arch.caravans)]
    state.note(player, f"drafted the {name}")


def ask_secret(state: SootState, player: int) -> None:
    """Deal 3 secret objectives to ``player`` from the top of the :func:`~hexkit_soot.rules.objectives.secret_deck`
    and ask which to discard."""
    nums = data(state).numbers
    p = state.players[player]
    p.dealt = secret_deck(state).draw_many(nums.secret_dealt)  # from the top; fewer if the deck is short
    _ask_discard(state, player)


def _ask_discard(state: SootState, player: int) -> None:
    state.pending.append(DiscardSecret(player=player, prompt="secret objectives: discard one"))


_HIDDEN_DISCARD = (Choose(code="discard", arg=-1, label="?"),)
"""The one answer another seat's view shows (the objectives dealt are secret)."""


class SecretHandler(Handler[SootState, DiscardSecret, Choose]):
    """The :class:`~hexkit_soot.actions.DiscardSecret` question: which dealt objective to discard.

    Source: rulebook, "Set-up" (secret objectives).
    """

    def answers(self, state: SootState, question: DiscardSecret) -> Sequence[Choose]:
        """``Choose("discard", k)`` per dealt objective; one masked answer in another seat's view."""
        if state.viewer is not None and state.viewer != question.player:
            return _HIDDEN_DISCARD
        names = data(state).secret_objectives
        return tuple(opt("discard", k, f"discard {names[k].name}") for k in state.players[question.player].dealt)

    def resolve(self, state: SootState, question: DiscardSecret, answer: Choose) -> None:
        """Discard one (to the bottom of the secret deck); once only the number to keep is left, keep them."""
        player = question.player
        if answer.arg < 0:  # the placeholder of a masked question (another seat's view)
            refuse_masked(state, question, answer, "secret objective")
        p = state.players[player]
        p.dealt.remove(answer.arg)
        secret_deck(state).put_bottom(answer.arg)
        if len(p.dealt) > data(state).numbers.secret_kept:
            _ask_discard(state, player)
            return
        p.secrets = sorted(p.dealt)
        p.dealt = []
        state.note(player, f"kept {len(p.secrets)} secret objectives")
        state.cursor += 1
