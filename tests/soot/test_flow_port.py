"""Soot & Timber on the core engine (docs/flow.md, "Porting plan"): what is native so far.

``SootGame`` is a :class:`~hexkit.flow.FlowGame`; its one question type,
``Step``, is handled by ``SootQuestions``, which dispatches the turn
question (``kind="turn"``) to the native ``TurnMenu`` and the other kinds
to the registry's generators and handlers. The turn menu's direct
membership test must agree with the listed menu on every answer a menu
could hold, legal or not, at positions of seeded random play.
"""

from __future__ import annotations

from hexkit_soot.effects.cards import (
    FireRival,
    FreeCamp,
    FreeSegment,
    PriceDirection,
    PriceGood,
    StrikeHex,
    SurveyorPick,
    SurveyorWalk,
    TreatyCommunity,
)
from hexkit_soot.effects.events import DroughtChoice, DroughtFood
from hexkit_soot.effects.upgrades import LoadOutputs
from hexkit_soot.rules.movement import Leg
from hexkit_soot.rules.payment import PayQuestions, Rerun
from hexkit_soot.rules.refine import Firing

from functools import cache

import pytest

from hexkit.errors import IllegalAnswerError
from hexkit.flow import FlowGame, LegalView
from hexkit.rng import Rng
from hexkit_soot import GAME
from hexkit_soot.actions import (ChoosePayment, ChoosePrivatePayment, EffectQuestion, PayUpkeepFood, AnswerOffer, BuildOffer, CaravanStop, ChooseEventOption, ChooseGood, ChooseMarket,
                                 FrontierTax, UpkeepRemoval, BonusDiscard, DrawCards, HandLimitDiscard, KeepDrawn, LegacyBid, BuildSegment, BuildStructure, BuyUpgrade, DriveLeg, FireFacility, FoundCamp,
                                 SpecialiseSettlement,
                                 TrainCaravan, UnlockOuterDistrict, UpgradeSettlement, Choose, ChooseExplorer, CommunityInteraction, OfferTarget, DiscardSecret, DraftArchetype, ExploreSource, ExtractCamp,
                                 ExtractMode, FoundSettlement, IssueShares, KeepTile, MarketQuantity, MoveAgent,
                                 MoveWalk, PlaceTile, LaborDemand, RanchOutput, ReserveSlot, RouteKind, ScrubSoot,
                                 Step, TrailBossAgent)
from hexkit_soot.game import SootQuestions
from hexkit_soot.rules.actions import TurnMenu, turn_options
from hexkit_soot.rules.steps import FREE_ACTIONS, MAIN_ACTIONS
from hexkit_soot.state import SootState


@cache
def _turns() -> tuple[SootState, ...]:
    """Clones of every turn question of two seeded random 4-player games and one 3-player game."""
    out = []
    for players, seed in ((4, 0), (4, 1), (3, 5)):
        state = GAME.new(GAME.make_config(players=players), seed)
        chooser = Rng(seed ^ 0x5EED)
        while state.pending:
            top = state.pending[-1]
            if isinstance(top, Step) and top.kind == "turn":
                out.append(GAME.clone(state))
            legal = GAME.legal_actions(state)
            GAME.apply(state, legal[chooser.randbelow(len(legal))])
    return tuple(out)


def test_soot_is_a_flow_game_with_the_turn_menu_native() -> None:
    assert isinstance(GAME, FlowGame)
    assert GAME.flow.registered() == {"question": (Step, MarketQuantity, ScrubSoot, ChooseExplorer, ExploreSource,
                                                   KeepTile, PlaceTile, MoveAgent, MoveWalk, RouteKind,
                                                   ExtractCamp, ExtractMode, RanchOutput, TrailBossAgent,
                                                   FoundSettlement, ReserveSlot, DraftArchetype, DiscardSecret,
                                                   LaborDemand, IssueShares, CommunityInteraction, OfferTarget,
                                                   BuildSegment, BuildStructure, TrainCaravan, UnlockOuterDistrict,
                                                   FoundCamp, SpecialiseSettlement, UpgradeSettlement, BuyUpgrade,
                                                   FireFacility, DriveLeg, BuildOffer, AnswerOffer,
                                                   CaravanStop, ChooseEventOption, ChooseMarket, ChooseGood,
                                                   FrontierTax, UpkeepRemoval, DrawCards, KeepDrawn, BonusDiscard,
                                                   HandLimitDiscard, LegacyBid, PayUpkeepFood, ChoosePayment,
                                                   ChoosePrivatePayment, EffectQuestion),
                                      "step": (),
                                      "continuation": (Rerun, Firing, Leg, DroughtFood, DroughtChoice, SurveyorPick,
                                                       SurveyorWalk, PriceGood, PriceDirection, FireRival, FreeSegment, FreeCamp,
                                                       StrikeHex, TreatyCommunity, LoadOutputs)}
    handler = GAME.flow.handler(Step(player=0, kind="turn"))  # the first question, the draft, is typed now
    assert isinstance(handler, SootQuestions)
    assert set(handler.native) == {"turn", "pay", "pay.private"}
    assert isinstance(handler.native["turn"], TurnMenu)
    assert isinstance(handler.native["pay"], PayQuestions) and handler.native["pay.private"] is handler.native["pay"]


def test_turn_menu_contains_equals_membership_in_the_listed_menu() -> None:
    menu = TurnMenu()
    positions = _turns()
    assert len(positions) > 300
    checked = legal_seen = 0
    for state in positions:
        question = state.pending[-1]
        assert isinstance(question, Step)
        listed = turn_options(state, question.player)
        # every main action, every free answer seen anywhere, pass, and malformed ones
        candidates = [Choose(code=name) for name in MAIN_ACTIONS]
        candidates += [Choose(code=name, arg=1) for name in MAIN_ACTIONS]
        candidates += [Choose(code="Pass"), Choose(code="Pass", arg=2), Choose(code="nonsense")]
        candidates += [a for a in listed if a.code in FREE_ACTIONS]
        candidates += [Choose(code=a.code, arg=a.arg + 1) for a in listed if a.code in FREE_ACTIONS]
        for answer in candidates:
            expected = answer in listed
            assert menu.contains(state, question, answer) is expected, (state.step, answer)
            legal_seen += expected
            checked += 1
        assert menu.contains(state, question, "Pass") is False  # not a Choose
    assert checked > 10_000
    assert legal_seen > 1_000


def test_an_unlisted_view_answers_in_from_the_direct_check() -> None:
    state = GAME.clone(_turns()[40])
    view = GAME.legal_actions(state)
    assert isinstance(view, LegalView)
    assert Choose(code="Pass") in view
    assert Choose(code="Pass", arg=1) not in view
    assert view._actions is None  # nothing was listed for those tests
    listed = list(view)
    assert listed == turn_options(state, state.pending[-1].player)
    assert listed[-1] in view


def test_an_action_off_the_menu_is_refused_and_changes_nothing() -> None:
    state = GAME.clone(_turns()[40])
    player = state.pending[-1].player
    state.players[player].actions = 0
    state.players[player].restricted = 0
    state.invalidate_legal()
    before = GAME.clone(state)
    with pytest.raises(IllegalAnswerError, match="no actions left"):
        GAME.apply(state, Choose(code="Draw Cards"))
    assert state == before
