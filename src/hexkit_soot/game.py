"""The Soot & Timber game object: the hexkit protocol over the rule modules.

Source: rulebook (all sections).
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any, ClassVar, Generic, TypeVar

import cattrs
from cattrs.gen import make_dict_structure_fn

from hexkit.errors import HexkitError, InvalidRecordError, UnknownQuestionError
from hexkit.flow import Flow, FlowGame, Handler
from hexkit.validation import Problems
from hexkit.game import GameInfo, Information, PlayerId, ScoreSheet
from hexkit.hexes import Hex
from hexkit.rng import Rng
from hexkit_soot import effects
from hexkit_soot.actions import (SOOT_DECISIONS, TYPED_QUESTIONS, BuildSegment, BuildStructure, BuyUpgrade, ChooseExplorer, Choose,
                                 AnswerOffer, BuildOffer, CaravanStop, ChooseEventOption, ChooseGood, ChooseMarket,
                                 DriveLeg, FireFacility, FrontierTax, UpkeepRemoval, ChoosePayment,
                                 ChoosePrivatePayment, EffectQuestion, PayUpkeepFood,
                                 BonusDiscard, DrawCards, HandLimitDiscard, KeepDrawn, LegacyBid,
                                 CommunityInteraction, OfferTarget, DiscardSecret, DraftArchetype, ExploreSource,
                                 ExtractCamp, ExtractMode, FoundCamp, FoundSettlement, IssueShares, KeepTile,
                                 MarketQuantity, MoveAgent, MoveWalk, LaborDemand, PlaceTile, RanchOutput,
                                 ReserveSlot, RouteKind, ScrubSoot, SootQuestion, SpecialiseSettlement, Step,
                                 TrailBossAgent, TrainCaravan, UnlockOuterDistrict, UpgradeSettlement)
from hexkit_soot.migrate import typed_question
from hexkit_soot.present import present_answer, private_info
from hexkit_soot.config import MODULE_NAMES, VARIANTS, SootConfig, game_data
from hexkit_soot.effects import (
    cards as effect_cards,
    events as effect_events,
    passives as effect_passives,
    upgrades as effect_upgrades,
)
from hexkit_soot.effects.cards import why_unplayable
from hexkit_soot.effects.upgrades import market_intelligence_peek
from hexkit_soot.integrity import check_combined, check_fields, check_network, check_players
from hexkit_soot.registry import REGISTRY, SootRegistry, add_declared
from hexkit_soot.rules import (
    actions,
    camps,
    cards,
    communities,
    contracts,
    explore,
    extract,
    loans,
    market,
    market_update,
    movement,
    payment,
    production,
    refine,
    routes,
    settlements,
    setup,
    shares,
    soot,
    structures,
    taxes,
    trades,
    upgrades,
    upkeep,
)
from hexkit_soot.rules.actions import TurnMenu, free_of_action
from hexkit_soot.rules.communities import INGREDIENTS
from hexkit_soot.rules.flow import advance
from hexkit_soot.rules.game_end import end_reason
from hexkit_soot.rules import campaign as campaign_rules
from hexkit_soot.rules.modules import check_module_state, module_value, register_module, rival_seats
from hexkit_soot.rules.scenarios import SCENARIOS
from hexkit_soot.rules.trust import TRUST, trust_closed, trust_wins, verdict
from hexkit_soot.rules.network import network_capacity, network_load
from hexkit_soot.rules.scoring import score_sheet, portfolio, score_totals
from hexkit_soot.rules import partnerships as _partnerships
from hexkit_soot.rules import labor as _labor
from hexkit_soot.rules.setup import new_state
from hexkit_soot.rules.steps import FREE_ACTIONS, GENERATORS, HANDLERS, MAIN_ACTIONS, hand_on
from hexkit_soot.ledger import component_hooks, recount_supply
from hexkit_soot.state import PLAYED, RAIL, ROAD, SootState, renew_revisions
from hexkit_soot.svg import SootStyle, svg_style
from hexkit_soot.views import (
    HIDDEN,
    HIDDEN_BID,
    deal_screens,
    guess_bids,
    hide_bids,
    hide_questions,
    hide_screens,
)

__all__ = ["SootGame", "GAME", "HIDDEN_FIELDS", "DECLARING_MODULES", "register", "SootQuestions"]

DECLARING_MODULES: tuple[ModuleType, ...] = (
    effect_cards, effect_events, effect_passives, effect_upgrades,
    actions, explore, camps, payment, cards, contracts, loans, communities, settlements, movement,
    extract, market, refine, routes, soot, structures, trades, upgrades,
    _labor, shares,
)
"""Every module that declares steps, actions or effects, in registration
order (the order of the registry's tables; the turn menu has its own,
:data:`hexkit_soot.rules.actions.MENU_ORDER`)."""


def register(registry: SootRegistry) -> None:
    """Register every rule and effect of the game into ``registry`` (once).

    Args:
        registry: the tables the rules dispatch through.

    Raises:
        ValueError: if two modules declare the same effect part.
    """
    for module in DECLARING_MODULES:
        add_declared(registry, module)
    register_module(TRUST, registry)  # the optional modules, registered explicitly here
    for scenario in SCENARIOS.values():
        register_module(scenario, registry)
    _partnerships.register(registry)  # optional module (issue 14): config may then name it
    register_module(campaign_rules.MODULE, registry)
    _labor.register(registry)  # optional module labor (issue 14); its free actions and question are declared above
    shares.register(registry)  # optional module Shares (issue 14)


PAYING_RULES: tuple[type[payment.Paying], ...] = (refine.Firing, movement.Leg, effect_events.DroughtFood)
"""Every rule's payment continuation (:class:`~hexkit_soot.rules.payment.Paying`),
registered with the engine by :meth:`SootGame.build_flow`."""

HIDDEN_FIELDS = (
    *(f"players.*.stock.{good}" for good in INGREDIENTS),
    "players.*.stock",
    "players.*.screened",
    "players.*.hand.*",
    "players.*.secrets.*",
    "players.*.dealt.*",
    "tile_stack.*",
    "deck.*",
    "events.*",
    "contract_deck.*",
    "secret_deck.*",
    "flux.*",
    "module_state.trust.deck.*",  # module trust
    "bids.*",
    "pending.*.options.*",
    "pending.*.data.*",
    "pending.*.at",  # a typed question's fields, masked when it names a screened ingredient (SootQuestion.masked)
    "pending.*.good",  # MarketQuantity
    "pending.*.most",
    *(f"pending.*.{name}{item}" for name in ("give", "ask", "currency", "due") for item in ("", ".*")),  # BuildOffer
    "pending.*.screened",  # BuildOffer, CaravanStop, ChooseGood
    "pending.*.drawn.*",  # KeepDrawn
    *(f"pending.*.{name}{item}" for name in ("sell", "buy") for item in ("", ".*")),  # ChooseGood
    *(f"pending.*.{name}" for name in ("caravan", "spent", "fuelled", "node_seen")),  # CaravanStop
    *(f"pending.*.{name}{item}" for name in ("moved", "tolls_paid", "loaded", "unloaded", "loads", "unloads")
      for item in ("", ".*")),
    # ChoosePayment / ChoosePrivatePayment: the ways, the continuation, what is paid (it may name an
    # ingredient) and the units chosen so far (in the prompt)
    *(f"pending.*.{name}{item}" for name in ("offered", "shown", "then") for item in ("", ".*")),
    "pending.*.what",
    "pending.*.prompt",
)
"""State paths a player's view may hide: the kinds of other players'
ingredients (behind their screens: their number moves to ``screened``; the
pattern ``players.*.stock`` matches only the path of a network left empty),
other hands and secret objectives, the order of every face-down pile, blind
bids, and the answers of another player's private question (a ``Step``'s
options and data; a typed question's fields, :meth:`~hexkit_soot.actions.SootQuestion.masked`:
a payment's ways, continuation and, asked unit by unit, the prompt's units so far)."""

_REQUIREMENTS = {
    "Explore": "your Explorer must stand next to an open map edge and a tile must be available",
    "Extract": "your caravan must stand on your camp whose site still has tokens",
    "Found Camp": "your Builder must stand on a free hex (at most 2 goods lying there) where a camp type fits, you must afford it and be under your camp limit",
    "Found Settlement": "your Builder must stand on a free hex 2+ from other settlements, you must afford it and be under your settlement limit",
    "Upgrade Settlement": "your Builder must stand on a settlement below City, you must afford it and your Soot must be 5 or less",
    "Build Structure": "your Builder must stand where a free slot (or a warehouse spot) is and you must afford the structure",
    "Build Route": "you must afford a segment next to your route, a trail, your agent, your camp or the Central City",
    "Refine": "you must own or afford to rent a facility whose inputs and use cost are present",
    "Market Transaction": "you need a caravan at a market location or a market among your warehouse nodes, and goods to sell or currency to buy",
    "Scrub Soot": "you need soot, currency, and your Builder at the Central City or where you own a facility",
    "Community Interaction": "your Explorer or Builder must stand on a community not pacted by a rival, and you must afford it",
    "Draw Cards": "the card row and the deck must not both be empty",
    "Buy Upgrade": "you must afford an upgrade of your archetype or a shared one with copies left",
    "Move": "you need an agent that can move",
    "Train Caravan": "a City that has not trained must be reachable with 3 Grain and 2 currency",
    "Unlock Outer District": "the Outer District must be in play and locked, and you need 4 Cut Stone",
}


class SootQuestions(Handler[SootState, Step, Choose]):
    """Every Soot question (one :class:`Step` type) on the core engine, dispatched by ``kind``.

    Payments and effect questions are typed now (:class:`~hexkit_soot.actions.ChoosePayment`,
    :class:`~hexkit_soot.actions.EffectQuestion`); a ``Step`` holding a typed
    continuation (``then``) is one built by hand, answered by the code
    registered for the continuation's type (:meth:`hexkit.flow.Flow.continuation`).
    Native kinds have their own :class:`~hexkit.flow.Handler` in
    :attr:`native` (``"turn"``: :class:`~hexkit_soot.rules.actions.TurnMenu`;
    ``"pay"`` and ``"pay.private"``: :class:`~hexkit_soot.rules.payment.PayQuestions`,
    for a Soot 0.3.2 save's payment question without continuation, the only
    payment ``Step`` left); every other kind is a typed question, so a
    ``Step`` of another kind is one built by hand, listed by the registry's
    generators (or its fixed options) and answered by the registry's handlers. After an answer, :func:`~hexkit_soot.rules.flow.advance`
    runs the automatic steps when no question is left.

    Args:
        native: question kind -> its native handler.
        flow: the game's engine (its registered continuations).
    """

    fast_contains = True

    def __init__(self, native: dict[str, Handler[SootState, Step, Choose]], flow: Flow[SootState]) -> None:
        self.native = native
        self.flow = flow

    def answers(self, state: SootState, question: Step) -> Sequence[Choose]:
        """The legal answers of ``question``: its native handler's, its fixed options or its generator's."""
        native = self.native.get(question.kind)
        if native is not None:
            return native.answers(state, question)
        if question.options:
            return question.options
        gen = GENERATORS.get(question.kind)
        return gen(state, question) if gen is not None else ()

    def contains(self, state: SootState, question: Step, answer: object) -> bool:
        """Whether ``answer`` is legal: a native kind's direct check, else membership in the answers."""
        native = self.native.get(question.kind)
        if native is not None:
            return native.contains(state, question, answer)
        return answer in self.answers(state, question)

    def resolve(self, state: SootState, question: Step, answer: Choose) -> None:
        """Answer ``question`` (already popped), then run on to the next question.

        A question holding a continuation (``then``: a payment) hands the
        answer to the code registered for it (ask, then resume).
        """
        then = question.then
        if then is not None:
            hand_on(self.flow, state, question, then, answer)
            if not state.pending:
                advance(state)
            return
        native = self.native.get(question.kind)
        if native is not None:
            native.resolve(state, question, answer)
        else:
            handler = HANDLERS.get(question.kind)
            if handler is None:  # a kind nobody declared (a damaged save): refused, nothing changed
                state.pending.append(question)
                raise UnknownQuestionError(question, f"question kind {question.kind!r}", ", ".join(sorted(HANDLERS)))
            handler(state, question, answer)
        if not state.pending:
            advance(state)


Q = TypeVar("Q", bound=SootQuestion)


class Typed(Handler[SootState, Q, Choose], Generic[Q]):
    """A typed question's own handler, then :func:`~hexkit_soot.rules.flow.advance` when no question is left.

    Args:
        inner: the question's handler (the rule module's).
    """

    def __init__(self, inner: Handler[SootState, Q, Choose]) -> None:
        self.inner = inner
        self.fast_contains = inner.fast_contains

    def answers(self, state: SootState, question: Q) -> Sequence[Choose]:
        """The inner handler's answers."""
        return self.inner.answers(state, question)

    def contains(self, state: SootState, question: Q, answer: object) -> bool:
        """The inner handler's check."""
        return self.inner.contains(state, question, answer)

    def explain(self, state: SootState, question: Q, answer: object) -> str | None:
        """The inner handler's reason."""
        return self.inner.explain(state, question, answer)

    def resolve(self, state: SootState, question: Q, answer: Choose) -> None:
        """Answer, then run on to the next question."""
        self.inner.resolve(state, question, answer)
        if not state.pending:
            advance(state)


class SootGame(FlowGame[SootState, SootConfig]):
    """Soot & Timber, base game for 2-6 players (2P Market Flux, 5-6P Outer District)."""

    info: ClassVar[GameInfo] = GameInfo(
        name="soot",
        title="Soot & Timber",
        version="0.4.0",
        min_players=1,  # the solo game against the Trust (rulebook, The Trust)
        max_players=6,
        # random play (benchmark chooser), 300 games at 2-6 players: at most
        # 1,779 decisions (6 players); about 3x that, so a stuck game shows
        max_decisions=5_500,
        variants=VARIANTS,
        information=Information.IMPERFECT,
        stochastic=True,
        hidden_fields=HIDDEN_FIELDS,
        action_catalogue="hexkit_soot.catalogue:action_space",
        modules=MODULE_NAMES,
    )
    config_type: ClassVar[type[SootConfig]] = SootConfig
    state_type: ClassVar[type[SootState]] = SootState
    action_types: ClassVar[tuple[type, ...]] = (Choose,)
    decision_types: ClassVar[tuple[type, ...]] = (Step, *TYPED_QUESTIONS)
    untagged_decision: ClassVar[type[Step]] = Step
    """Saves from before the typed questions hold only untagged ``Step`` values."""
    faction_parts: ClassVar[tuple[str, ...]] = ("archetype",)
    """Name of the one part of a ``factions`` label (the sim's optional
    ``faction_parts`` hook: a :func:`hexkit.sim.load_results` column)."""

    def build_flow(self) -> Flow[SootState]:
        """The game's engine: the rule and effect tables registered explicitly, then its one question type.

        Importing a rule or effect module registers nothing; this fills
        :data:`~hexkit_soot.registry.REGISTRY` (:func:`register`) and
        registers :class:`SootQuestions` for :class:`Step` (the turn menu and
        the payment questions native), each typed question's handler
        (docs/flow.md, "Soot & Timber"; those whose answer pays through
        ``payment.settle`` also with the payments, which run them again once
        the payer has chosen), and the payment continuations
        (:data:`PAYING_RULES`).
        """
        register(REGISTRY)
        flow: Flow[SootState] = Flow(self.info.name)
        settling: dict[type[SootQuestion], payment.SettlingHandler[Any]] = {}
        pay = payment.register(flow, PAYING_RULES, settling)
        flow.question(Step, SootQuestions({"turn": TurnMenu(), "pay": pay, "pay.private": pay}, flow))

        def paying(kind: type[Q], handler: payment.SettlingHandler[Q]) -> None:
            """A question whose answer pays through ``payment.settle``: its handler also continues the payment."""
            flow.question(kind, Typed(handler))
            settling[kind] = handler

        flow.question(MarketQuantity, Typed(market.QuantityHandler()))
        flow.question(ScrubSoot, Typed(soot.ScrubHandler()))
        flow.question(ChooseExplorer, Typed(explore.ExplorerHandler()))
        flow.question(ExploreSource, Typed(explore.SourceHandler()))
        flow.question(KeepTile, Typed(explore.KeepHandler()))
        flow.question(PlaceTile, Typed(explore.PlaceHandler()))
        flow.question(MoveAgent, Typed(movement.AgentHandler()))
        flow.question(MoveWalk, Typed(movement.WalkHandler()))
        flow.question(RouteKind, Typed(routes.KindHandler()))
        flow.question(ExtractCamp, Typed(extract.CampHandler()))
        flow.question(ExtractMode, Typed(extract.ModeHandler()))
        flow.question(RanchOutput, Typed(production.RanchHandler()))
        flow.question(TrailBossAgent, Typed(upgrades.AgentHandler()))
        flow.question(FoundSettlement, Typed(settlements.FoundHandler()))
        flow.question(ReserveSlot, Typed(settlements.ReserveHandler()))
        flow.question(DraftArchetype, Typed(setup.DraftHandler()))
        flow.question(DiscardSecret, Typed(setup.SecretHandler()))
        flow.question(LaborDemand, Typed(_labor.DemandHandler()))
        flow.question(IssueShares, Typed(shares.IssueHandler()))
        flow.question(CommunityInteraction, Typed(communities.InteractHandler()))
        flow.question(OfferTarget, Typed(trades.TargetHandler()))
        paying(BuildSegment, routes.SegmentHandler())
        paying(BuildStructure, structures.BuildHandler())
        paying(TrainCaravan, structures.TrainHandler())
        paying(UnlockOuterDistrict, structures.OuterHandler())
        paying(FoundCamp, camps.FoundHandler())
        paying(SpecialiseSettlement, settlements.SpecHandler())
        paying(UpgradeSettlement, settlements.UpgradeHandler())
        paying(BuyUpgrade, upgrades.BuyHandler())
        paying(FireFacility, refine.FireHandler())
        paying(DriveLeg, movement.DriveHandler())
        flow.question(BuildOffer, Typed(trades.BuildHandler()))
        flow.question(AnswerOffer, Typed(trades.AnswerHandler()))
        flow.question(CaravanStop, Typed(movement.StopHandler()))
        flow.question(ChooseEventOption, Typed(market_update.EventHandler()))
        flow.question(ChooseMarket, Typed(market.WhereHandler()))
        flow.question(ChooseGood, Typed(market.GoodHandler()))
        flow.question(FrontierTax, Typed(taxes.TaxHandler()))
        flow.question(UpkeepRemoval, Typed(upkeep.RemovalHandler()))
        flow.question(DrawCards, Typed(cards.DrawHandler()))
        flow.question(KeepDrawn, Typed(cards.KeepHandler()))
        flow.question(BonusDiscard, Typed(cards.BonusHandler()))
        flow.question(HandLimitDiscard, Typed(cards.LimitHandler()))
        flow.question(LegacyBid, Typed(cards.BidHandler()))
        paying(PayUpkeepFood, upkeep.FoodHandler())
        flow.question(ChoosePayment, Typed(payment.PaymentHandler(flow)))
        flow.question(ChoosePrivatePayment, Typed(payment.PaymentHandler(flow)))
        flow.question(EffectQuestion, Typed(effects.EffectHandler(flow)))
        effect_events.register(flow)
        effect_cards.register(flow)
        effect_upgrades.register(flow)
        return flow

    def register_codec_hooks(self, conv: cattrs.Converter) -> None:
        """Read a saved ``Step`` of a kind that has its own class now as that class (:mod:`hexkit_soot.migrate`)."""
        super().register_codec_hooks(conv)
        component_hooks(conv)  # the core components saved in their fields' old shapes
        made: list[Any] = []

        def structure_step(saved: Any, _: Any) -> Any:
            if isinstance(saved, dict):
                typed = typed_question(saved)
                if typed is not None:
                    return conv.structure(typed[1], typed[0])
            if not made:
                made.append(make_dict_structure_fn(Step, conv))
            return made[0](saved, Step)

        conv.register_structure_hook(Step, structure_step)

    def score_notes(self, state: SootState) -> list[str]:
        """Extra lines under the score sheet: the partnerships, best first (Partnerships on), else none.

        Args:
            state: the game.
        """
        lines = _partnerships.describe(state)
        if lines and self.is_over(state):
            lines[0] += "  <- wins (the lower partner total counts)"
        if self.is_over(state) and verdict(state):
            lines.append(verdict(state))
        return lines

    def setup(self, config: SootConfig, rng: Rng) -> SootState:
        """Set up the map, decks and draft, then run to the first question.

        Source: rulebook, "Set-up".
        """
        state = new_state(config, rng)
        renew_revisions(state)  # set-up wrote the map without stamping it
        advance(state)
        return state

    def explain_illegal(self, state: SootState, action: Any) -> str:
        """Name the rule an action breaks, with the state's facts."""
        malformed = self.malformed(action)
        if malformed is not None:
            return malformed
        step = state.decision()
        if step is None:
            return "the game is over"
        if not isinstance(action, Choose):
            return f"answers are Choose values; {type(action).__name__} is not one ({step.prompt})"
        idle = _labor.why_idle(state, step, action) if isinstance(step, SOOT_DECISIONS) else None
        if idle is not None:  # module labor: a facility without a worker at work
            return idle
        same_code = sorted({o.arg for o in self.legal_actions(state) if o.code == action.code})
        if same_code and action.code not in ("Play Card", "Spend Card"):  # its kind is offered, its argument not
            shown = ", ".join(map(str, same_code[:12])) + (", ..." if len(same_code) > 12 else "")
            return (f"{action.code!r} with argument {action.arg} is not offered to P{step.player} "
                    f"('{step.prompt}'); its offered arguments: {shown}")
        if isinstance(step, Step) and step.kind == "turn":
            p = state.players[step.player]
            main = MAIN_ACTIONS.get(action.code)
            if main is not None:
                if p.actions <= 0 and not (p.restricted and main.restricted_ok) and not free_of_action(state, step.player, action.code):
                    return f"{action.code}: P{step.player} has no actions left this round"
                facts = _facts(state, step.player, action.code)
                rule = _REQUIREMENTS.get(action.code, "its requirements are not met")
                if action.code == "Refine":  # module labor: name the facilities idle for want of a worker
                    rule += _labor.refine_note(state, step.player)
                return f"{action.code} is not possible now: {rule}" + (f" ({facts})" if facts else "")
            if action.code in ("Play Card", "Spend Card"):
                cards = list(game_data(state.config).cards)
                if not 0 <= action.arg < len(cards):
                    return f"{action.code}: there is no card number {action.arg}"
                card = cards[action.arg]
                if card not in p.hand:
                    return f"{action.code}: P{step.player} does not hold {card}"
                if action.code == "Play Card":
                    reason = why_unplayable(state, step.player, card)
                    if reason is not None:
                        return reason
            if action.code in FREE_ACTIONS:
                return f"{action.code} with argument {action.arg} is not available to P{step.player} now"
        offered = ", ".join(str(o) for o in list(self.legal_actions(state))[:8])
        return f"'{action}' does not answer '{step.prompt}' (P{step.player}); offered: {offered}"

    def clone(self, state: SootState) -> SootState:
        """A fast independent copy (containers copied level by level)."""
        return state.copy()

    def scores(self, state: SootState) -> ScoreSheet:
        """Final scores with breakdown and tie-breakers (provisional before the end).

        Source: rulebook, "Final Scoring", "Tie-breakers".
        """
        return score_sheet(state)

    def restore_derived(self, state: SootState) -> None:
        """Recount what is out of the token supply (not saved: :func:`~hexkit_soot.ledger.recount_supply`)
        and give every section a fresh revision stamp (stamps are never saved: :mod:`hexkit.revision`)."""
        recount_supply(state)
        renew_revisions(state)

    def validate_state(self, state: SootState) -> None:
        """Refuse a loaded state whose numbers break the rules' bounds.

        Checks, per player: currency not negative; Soot within the track;
        goods known and counts not negative; bulk goods in the network within
        its capacity (I40); no more camps owned than founded; loans within the limit; a hidden
        ingredient count only in another player's view; plus one player
        record per seat, a round within the hard cap, hidden bids only in a
        view, the open trade offer and Binding Trade Contracts
        (:func:`~hexkit_soot.rules.trades.check_trades`), and trail marks
        that match the routes (:func:`~hexkit_soot.rules.routes.check_trails`);
        then seats, names, places, the map, prices, token counts and pending
        questions (:mod:`hexkit_soot.integrity`); ``module_state`` keys only
        of the game's modules (:func:`~hexkit_soot.rules.modules.check_module_state`).
        Every problem is collected.

        Raises:
            StateValidationError: an ``InvalidRecordError`` naming every
                broken field (``"state.players.1.currency"`` first).
        """
        super().validate_state(state)
        if len(state.players) != state.config.players:
            raise InvalidRecordError(
                "state.players",
                f"{len(state.players)} player records for a {state.config.players}-player game",
            )
        problems = Problems()
        check_players(state, problems)
        check_fields(state, problems)
        _labor.check_workers(state, problems)  # module labor: its module_state lists and its question
        check_module_state(state, problems)  # only the keys the game's modules keep
        if not problems:  # the combined checks look things up by the names just checked
            check_network(state, problems)
            for check in (trades.check_trades, routes.check_trails, shares.check_shares):
                try:
                    check(state)
                except InvalidRecordError as exc:
                    problems.errors.append(exc)
            check_combined(state, problems, self)
        problems.raise_if_any()

    def factions(self, state: SootState) -> list[str]:
        """Each seat's archetype, for balance studies (the sim's ``factions`` hook)."""
        return [player.archetype or "undrafted" for player in state.players]

    def played(self, state: SootState) -> dict[str, list[int]]:
        """What was played: each mechanism of :data:`~hexkit_soot.state.PLAYED`
        (and, with the Shares module, :data:`hexkit_soot.rules.shares.PLAYED`)
        -> count per seat (the study harness's ``played`` hook); a mechanism
        that never happened is listed with zeros.

        Args:
            state: a state (or a view: the counts are public).

        Returns:
            Mechanism name -> one count per seat.
        """
        n = len(state.players)
        names = PLAYED + (shares.PLAYED if shares.NAME in getattr(state.config, "modules", ()) else ())
        return {name: list(state.played.get(name, [0] * n)) for name in names}

    def strong_agent(self, seed: int) -> Any:
        """This game's strong agent (the core ``strong`` spec's hook):
        :class:`~hexkit_soot.strong.StrongSootAgent`.

        Args:
            seed: seeds the agent's own random stream.

        Returns:
            A new agent (a :class:`hexkit.agents.base.Agent`).
        """
        from hexkit_soot.strong import StrongSootAgent  # loaded only when a strong agent is asked for

        return StrongSootAgent(seed)

    def turns(self, state: SootState) -> int:
        """Rounds played, for balance studies (the sim's ``turns`` hook)."""
        return state.round

    def end_reason(self, state: SootState) -> str:
        """Why the game ended (the sim's ``end_reason`` hook): the Frontier
        Closes marker drawn, or the Frontier closed at the end of round 12
        (either way two more rounds were played, to round 14 at most)."""
        reason = "Frontier Closes marker drawn by the Trust" if trust_closed(state) else end_reason(state)
        if "trust" in getattr(state.config, "modules", ()) and state.config.players == 1:  # solo: no scores
            return reason + ("; the Trust wins" if trust_wins(state) else "; P0 beats the Trust")
        return reason

    def beaten_by(self, state: SootState) -> str | None:
        """The opponent outside the seats that won, or ``None``: "the Trust"
        when it won a solo game (the CLI's result line and :meth:`returns`).

        Args:
            state: the game.
        """
        return "the Trust" if self.is_over(state) and trust_wins(state) else None

    def returns(self, state: SootState) -> list[float]:
        """As the core's, except that a solo player beaten by the Trust gets 0.

        Args:
            state: the game.
        """
        if self.beaten_by(state) is not None:
            return [0.0] * self.num_players(state)
        return super().returns(state)

    def present_answer(self, state: SootState, action: Any) -> Any:
        """How ``action`` looks to a frontend (the core's hook; see :mod:`hexkit_soot.present`)."""
        return present_answer(state, action)

    def private_info(self, view: SootState, seat: PlayerId) -> list[str]:
        """Lines about ``seat``'s own hidden things in its view (see :mod:`hexkit_soot.present`)."""
        return private_info(view, seat)

    def svg_style(self, state: SootState) -> tuple[dict[Hex, int], SootStyle]:
        """The map and style that draw ``state`` (the core's ``svg_style`` hook).

        Args:
            state: the state or a player's view.

        Returns:
            The explored hexes with their tile ids, and a :class:`~hexkit_soot.svg.SootStyle`.
        """
        return svg_style(state)

    def evaluate(self, state: SootState, player: PlayerId) -> float:
        """Heuristic value for greedy and MCTS agents: this player's worth minus the best rival's.

        Worth is the score so far (loans, soot and objectives included) plus
        the engine's promise: a third of the portfolio (currency and goods at
        current prices), 1 per camp, 2 per facility owned, 1 per held contract
        and per card in hand, a little per route segment owned. With modules
        on, the rivals are :func:`~hexkit_soot.rules.modules.rival_seats` (a
        partner is none) and the modules' terms are added
        (:func:`~hexkit_soot.rules.modules.module_value`: the Trust's threat
        in a solo game, the partner's cap on your total).
        """
        promise = _promises(state)
        worth = [float(t) + promise[p] for p, t in enumerate(score_totals(state))]
        others = [worth[q] for q in rival_seats(state, player)]  # a partner is no rival (module partnerships)
        # optional modules' terms (the Trust's threat, the partner's cap); 0 without modules
        return worth[player] - (max(others) if others else 0.0) + module_value(state, player)

    def observation_encoder(self, config: SootConfig) -> Any:
        """The :mod:`hexkit.rl` encoder (:mod:`hexkit_soot.observation`; needs numpy)."""
        from hexkit_soot.observation import SootEncoder

        return SootEncoder(config)

    # -- hidden information ---------------------------------------------
    def redact(self, state: SootState, player: PlayerId) -> None:
        """Hide other hands, secrets, screened ingredients, bids, pile orders and others' private options.

        Face-down piles whose contents are public knowledge (events, contracts,
        Market Flux) are sorted, hiding only their order; piles whose contents
        are not (terrain stack, card deck, secret objectives) are masked. The
        kinds of other players' ingredients, their placed blind bids and
        their private questions are hidden as :mod:`hexkit_soot.views` says.

        Source: rulebook, Set-up (face-down stack, secret objectives), Legacy
        auction (blind bids), Components (ingredients behind your screen).
        """
        hide_screens(state, player)
        for i, p in enumerate(state.players):
            if i != player:
                p.hand = [HIDDEN] * len(p.hand)
                p.secrets = [-1] * len(p.secrets)
                p.dealt = [-1] * len(p.dealt)
        state.tile_stack = [-1] * len(state.tile_stack)
        state.deck = [HIDDEN] * len(state.deck)
        state.secret_deck = [-1] * len(state.secret_deck)
        state.events = sorted(state.events)
        # Market Intelligence lets its owner look at the top contracts: they stay in place.
        peek = market_intelligence_peek(state, player)
        cut = max(0, len(state.contract_deck) - peek)
        state.contract_deck = sorted(state.contract_deck[:cut]) + state.contract_deck[cut:]
        state.flux = sorted(state.flux)
        if "trust.deck" in state.module_state:  # module trust: the deck's order is hidden
            state.module_state["trust.deck"] = sorted(state.module_state["trust.deck"])
        hide_bids(state, player)
        hide_questions(state, player)

    def determinize(self, view: SootState, player: PlayerId, rng: Rng) -> SootState:
        """A full state consistent with ``view``: hidden parts resampled with ``rng``.

        Unseen tiles, cards and objectives are dealt back at random, pile
        orders shuffled, other players' placed bids guessed and the hidden
        ingredient tokens dealt behind the rivals' screens
        (:mod:`hexkit_soot.views`). Every draw depends only on what the view
        shows, so two states with the same view give the same samples.
        """
        sample = self.clone(view)
        sample.rng = rng.spawn()
        sample.viewer = None
        sample.invalidate_legal()
        data = game_data(sample.config)
        # terrain stack: tiles not seen anywhere
        seen = set(sample.tiles.values()) | set(sample.survey) | set(sample.drawn)
        unseen = [t for t in range(len(data.tile_list())) if t not in seen]
        rng.shuffle(unseen)
        sample.tile_stack = unseen[: len(sample.tile_stack)]
        # cards: every card not visible to the player goes back into hidden places
        pool = [name for name, c in data.cards.items() for _ in range(c.copies)]
        visible = [*sample.players[player].hand, *sample.card_row, *sample.discard, *sample.legacy_gone]
        if sample.auction:
            visible.append(sample.auction)
        names = list(data.cards)
        for s in sample.pending:
            # the player's own blind draw is seen; another player's is only ever
            # pending while that player is to move, never while this one is
            if isinstance(s, KeepDrawn) and s.player == player:
                visible.extend(names[c] for c in s.drawn)
        for c in visible:
            if c in pool:
                pool.remove(c)
        rng.shuffle(pool)
        for i, p in enumerate(sample.players):
            if i != player:
                p.hand = [pool.pop() for _ in p.hand if pool]
        sample.deck = pool[: len(sample.deck)]
        # secret objectives
        secrets = list(range(len(data.secret_objectives)))
        for own in sample.players[player].secrets + sample.players[player].dealt:
            secrets.remove(own)
        rng.shuffle(secrets)
        for i, p in enumerate(sample.players):
            if i != player:
                p.secrets = sorted(secrets.pop() for _ in p.secrets)
                p.dealt = [secrets.pop() for _ in p.dealt]
        sample.secret_deck = secrets[: len(sample.secret_deck)]
        for pile in (sample.events, sample.flux, sample.module_state.get("trust.deck", [])):
            rng.shuffle(pile)
        peek = market_intelligence_peek(sample, player)
        cut = max(0, len(sample.contract_deck) - peek)
        hidden = sample.contract_deck[:cut]
        rng.shuffle(hidden)
        sample.contract_deck = hidden + sample.contract_deck[cut:]
        guess_bids(sample, rng)
        deal_screens(sample, player, rng)
        return sample


def _facts(state: SootState, player: PlayerId, action: str) -> str:
    """The state's facts behind a main action's requirements, for error messages."""
    p = state.players[player]
    data = game_data(state.config)
    if action == "Explore":
        where = ", ".join(str(h) for h in p.explorers)
        return f"Explorer at {where}; {len(state.tile_stack)} tiles in the stack, {len(state.survey)} surveyed"
    if action in ("Found Camp", "Found Settlement", "Upgrade Settlement", "Build Structure", "Scrub Soot"):
        where = ", ".join(str(h) for h in p.builders)
        extra = ""
        if action == "Found Camp":
            extra = f"; {p.camps_founded} of {data.archetypes[p.archetype].camps} camps founded" if p.archetype else ""
        elif action == "Found Settlement":
            extra = f"; {p.founded} of {data.archetypes[p.archetype].settlements} settlements" if p.archetype else ""
        elif action in ("Upgrade Settlement", "Scrub Soot"):
            extra = f"; Soot {p.soot}, {p.currency}¤"
        return f"Builder at {where}{extra}"
    if action == "Extract":
        caravans = ", ".join(str(c.loc) for c in p.caravans) or "none"
        camps = ", ".join(f"{h} ({state.stacks.get(h, 0)} left)" for h, c in sorted(state.camps.items()) if c.owner == player)
        return f"caravans at {caravans}; camps {camps or 'none'}"
    if action == "Community Interaction":
        return f"Explorer at {', '.join(map(str, p.explorers))}, Builder at {', '.join(map(str, p.builders))}, {p.currency}¤"
    if action in ("Build Route", "Buy Upgrade", "Market Transaction", "Train Caravan"):
        return f"{p.currency}¤, {len(p.hand)} cards, network: " + (", ".join(f"{n} {g}" for g, n in sorted(p.stock.items())) or "empty")
    return ""


def _promises(state: SootState) -> list[float]:
    """Each player's engine promise (see :meth:`SootGame.evaluate`), counted
    in one pass over camps, settlements and routes."""
    n = state.config.players
    owned = [0.0] * n
    for c in state.camps.values():
        owned[c.owner] += 1.0
    for s in state.settlements.values():
        for f in s.facilities:
            if 0 <= f.owner < n:
                owned[f.owner] += 2.0
    ends = [0] * n  # each segment is seen from both of its hexes
    for h, kinds in state.route_kind.items():
        owners = state.route_owner[h]
        for d in range(6):
            if kinds[d] in (ROAD, RAIL) and 0 <= owners[d] < n:
                ends[owners[d]] += 1
    return [portfolio(state, q) / 3.0 + owned[q] + len(p.contracts) + 0.5 * len(p.hand)
            + 0.25 * (ends[q] // 2) for q, p in enumerate(state.players)]


GAME = SootGame()
"""The registered game object (entry point ``soot``)."""
