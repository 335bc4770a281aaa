"""Soot question kinds ported from ``Step(kind, tag, data)`` to typed questions.

The Explore chain: ``"explore.explorer"`` is
:class:`~hexkit_soot.actions.ChooseExplorer` (the Explorers that can
explore), ``"explore.source"`` :class:`~hexkit_soot.actions.ExploreSource`
(explorer, draw, surveys), ``"explore.tile"``
:class:`~hexkit_soot.actions.KeepTile` (explorer) and ``"explore.hex"``
:class:`~hexkit_soot.actions.PlaceTile` (explorer, kept tile).

The Move's walkers: ``"move.agent"`` is :class:`~hexkit_soot.actions.MoveAgent`
(agents moved, tolls paid) and ``"move.walk"``
:class:`~hexkit_soot.actions.MoveWalk` (Explorer or Builder, which one, and
the Move so far); an old save's packed ``data[0]`` (agent bits, toll bits
from bit 32) is read into the two lists.

Questions with one hex or no context: ``"route.kind"``
(:class:`~hexkit_soot.actions.RouteKind`), ``"extract.camp"``
(:class:`~hexkit_soot.actions.ExtractCamp`), ``"extract.mode"``
(:class:`~hexkit_soot.actions.ExtractMode`: the camp's ``at``),
``"production.ranch"`` (:class:`~hexkit_soot.actions.RanchOutput`: the
Ranch's ``at``), ``"upgrade.agent"``
(:class:`~hexkit_soot.actions.TrailBossAgent`), ``"settlement.found"``
(:class:`~hexkit_soot.actions.FoundSettlement`), ``"settlement.reserve"``
(:class:`~hexkit_soot.actions.ReserveSlot`: the new settlement's ``at``),
``"setup.draft"`` (:class:`~hexkit_soot.actions.DraftArchetype`) and
``"setup.secret"`` (:class:`~hexkit_soot.actions.DiscardSecret`, private: one
masked answer in another seat's view).

Module labor's ``"labor.demand"`` is :class:`~hexkit_soot.actions.LaborDemand`
(the facility's ``at`` and ``slot``, once packed as ``hex code * 8 + slot``);
module shares' ``"shares.issue"`` is :class:`~hexkit_soot.actions.IssueShares`
(the line's ``root_edge`` and the ``most`` certificates left).

``"community.interact"`` is :class:`~hexkit_soot.actions.CommunityInteraction`
(no fields; masked to one answer in another seat's view of a screened asker);
``"trade.target"`` is :class:`~hexkit_soot.actions.OfferTarget` (the seats
offered a trade and a contract, kept as asked).

``"soot.scrub"`` is :class:`~hexkit_soot.actions.ScrubSoot` (most cubes).

The builds that pay through cards (``cards.build_payment`` -> ``payment.settle``):
``"route.edge"`` is :class:`~hexkit_soot.actions.BuildSegment` (route, built),
``"structure.build"`` :class:`~hexkit_soot.actions.BuildStructure`,
``"structure.train"`` :class:`~hexkit_soot.actions.TrainCaravan`,
``"structure.outer"`` :class:`~hexkit_soot.actions.UnlockOuterDistrict` (never
asked; only a payment's continuation holds it), ``"camp.found"``
:class:`~hexkit_soot.actions.FoundCamp`, ``"settlement.spec"``
:class:`~hexkit_soot.actions.SpecialiseSettlement` (at, settlement),
``"settlement.upgrade"`` :class:`~hexkit_soot.actions.UpgradeSettlement` and
``"upgrade.buy"`` :class:`~hexkit_soot.actions.BuyUpgrade`; a payment they ask
continues with the typed question (a ``Rerun``), and payments saved by Soot
0.3.3 (an untagged paying step) and 0.3.2 (the paying step under the payment
question) load and play the same. Those that pay through ``payment.pay``:
``"refine.fire"`` is :class:`~hexkit_soot.actions.FireFacility` (fuel, extra,
fired, and the facilities offered, kept as asked) and ``"move.drive"``
:class:`~hexkit_soot.actions.DriveLeg` (the caravan and the Move so far).
The trade: ``"trade.build"`` is :class:`~hexkit_soot.actions.BuildOffer`
(the goods, currency values and rounds offered, kept as asked; masked in
another seat's view when it names a screened ingredient, the one masking
rule of typed questions) and ``"trade.answer"``
:class:`~hexkit_soot.actions.AnswerOffer`. A caravan's stop, ``"move.cargo"``,
is :class:`~hexkit_soot.actions.CaravanStop` (the Move so far, what was
loaded and unloaded here, and the loads, unloads and drive offered, kept as
asked; masked by the same rule). The round's event, ``"event.choose"``, is
:class:`~hexkit_soot.actions.ChooseEventOption` (no fields: the event is the
state's). The market's ``"market.where"`` is
:class:`~hexkit_soot.actions.ChooseMarket` (the markets, kept as asked) and
``"market.good"`` :class:`~hexkit_soot.actions.ChooseGood` (the market, the
goods to sell and to buy, kept as asked; masked by the one rule). Upkeep's
``"upkeep.tax"`` is :class:`~hexkit_soot.actions.FrontierTax` (unpaid) and
``"upkeep.remove"`` :class:`~hexkit_soot.actions.UpkeepRemoval` (no fields),
their answers the player's camps and facilities, read from the state.

``"market.qty"`` is :class:`~hexkit_soot.actions.MarketQuantity` (market hex,
good, sell or buy, most units): its answers, labels and action numbers are
those of the old step, a save from before loads as the typed question, and a
save that does not fit is refused naming the field.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

import attrs
import pytest

from hexkit.errors import IllegalActionError, InvalidRecordError
from hexkit.hexes import Hex
from hexkit.rl.spaces import space_for
from hexkit.rng import Rng
from hexkit.serialize import codec
from hexkit_soot import GAME
from hexkit_soot.actions import (TYPED_QUESTIONS, ChoosePayment, ChoosePrivatePayment, EffectQuestion, PayUpkeepFood, ChooseEventOption, ChooseGood, ChooseMarket, FrontierTax,
                                 UpkeepRemoval, AnswerOffer, BuildOffer, BuildSegment, CaravanStop, BuildStructure, BuyUpgrade, DriveLeg, FireFacility, FoundCamp,
                                 SpecialiseSettlement, TrainCaravan, UnlockOuterDistrict, UpgradeSettlement,
                                 ChooseExplorer, Choose, CommunityInteraction, OfferTarget, DiscardSecret, DraftArchetype,
                                 ExploreSource, ExtractCamp, ExtractMode, FoundSettlement, IssueShares, KeepTile, LaborDemand,
                                 MarketQuantity, MoveAgent, MoveWalk, PlaceTile, RanchOutput, ReserveSlot, RouteKind,
                                 ScrubSoot, SootQuestion, Step, TrailBossAgent)
from hexkit_soot.catalogue import key
from hexkit_soot.grid import hex_code
from hexkit_soot.ledger import data
from hexkit_soot.rules.payment import Rerun
from hexkit_soot.state import CENTRAL_CITY, SootState

from .helpers import camp, give, place, start


@cache
def _positions() -> tuple[SootState, ...]:
    """Clones of the positions of seeded random games where a typed question is pending."""
    out = []
    for players, seed in ((2, 1), (4, 2), (3, 3)):
        state = GAME.new(GAME.make_config(players), seed)
        rng = Rng(seed)
        while not GAME.is_over(state):
            if isinstance(state.pending[-1], TYPED_QUESTIONS):
                out.append(GAME.clone(state))
            legal = GAME.legal_actions(state)
            GAME.apply(state, legal[rng.randbelow(len(legal))])
    return tuple(out)


def _market_questions() -> tuple[SootState, ...]:
    return tuple(s for s in _positions() if isinstance(s.pending[-1], MarketQuantity))


def _old_form(state: SootState) -> dict[str, Any]:
    """The state saved as before the port: every pending question an untagged Step."""
    saved = codec(GAME).state_to_dict(state)
    old = copy.deepcopy(saved)
    for i, q in enumerate(state.pending):
        entry = old["state"]["pending"][i]
        entry.pop("type")
        if isinstance(q, MarketQuantity):
            assert q.at is not None
            good = list(data(state).goods)[q.good]
            side = "sell" if q.sell else "buy"
            old["state"]["pending"][i] = {
                "player": q.player, "prompt": q.prompt, "kind": "market.qty", "tag": side,
                "data": [hex_code(q.at), q.good],
                "options": [{"code": "qty", "arg": n, "label": f"{side} {n} {good}"} for n in range(1, q.most + 1)],
            }
        elif isinstance(q, ScrubSoot):
            old["state"]["pending"][i] = {
                "player": q.player, "prompt": q.prompt, "kind": "soot.scrub", "tag": "", "data": [],
                "options": [{"code": "qty", "arg": n, "label": f"remove {n} soot"} for n in range(1, q.most + 1)],
            }
    return old


def test_market_quantity_is_typed_and_answers_as_before() -> None:
    positions = _market_questions()
    assert len(positions) >= 10
    space = space_for(GAME, GAME.make_config(2))
    for state in positions:
        q = state.pending[-1]
        assert isinstance(q, MarketQuantity) and q.kind == "market.qty" and q.prompt == "Market: how many?"
        assert q.at in state.tiles and q.most >= 1
        good = list(data(state).goods)[q.good]
        legal = list(GAME.legal_actions(state))
        side = "sell" if q.sell else "buy"
        assert [(a.code, a.arg, a.label) for a in legal] == [("qty", n, f"{side} {n} {good}")
                                                            for n in range(1, q.most + 1)]
        # the catalogue numbers it by the old key, (kind, code, arg), in its listed block (not the overflow)
        assert key(q, legal[0]) == ("market.qty", "qty", 1)
        if state.config.players == 2:
            assert space.meaning(space.index_of(legal[0], legal, q)) == "market.qty: qty 1"


def test_a_quantity_past_most_is_refused_and_changes_nothing() -> None:
    state = GAME.clone(_market_questions()[0])
    q = state.pending[-1]
    assert isinstance(q, MarketQuantity)
    before = json.dumps(codec(GAME).state_to_dict(state), sort_keys=True)
    with pytest.raises(IllegalActionError, match="market.qty|how many|qty"):
        GAME.apply(state, Choose(code="qty", arg=q.most + 1))
    assert json.dumps(codec(GAME).state_to_dict(state), sort_keys=True) == before


def test_new_saves_round_trip_and_name_the_type() -> None:
    for state in _market_questions()[:5]:
        saved = codec(GAME).state_to_dict(state)
        top = saved["state"]["pending"][-1]
        assert top["type"] == "MarketQuantity" and set(top) == {"type", "player", "prompt", "at", "good", "sell", "most"}
        loaded = codec(GAME).state_from_dict(json.loads(json.dumps(saved)))
        assert loaded.pending == state.pending
        assert list(GAME.legal_actions(loaded)) == list(GAME.legal_actions(state))


def test_a_save_from_before_loads_the_typed_question_and_plays_on() -> None:
    for state in map(GAME.clone, _market_questions()[:5]):
        old = _old_form(state)
        assert "type" not in json.dumps(old["state"]["pending"])
        loaded = codec(GAME).state_from_dict(old)
        assert loaded.pending == state.pending
        assert all(isinstance(s, (Step, MarketQuantity)) for s in loaded.pending)
        legal = list(GAME.legal_actions(loaded))
        GAME.apply(loaded, legal[-1])
        GAME.apply(state, legal[-1])
        assert codec(GAME).state_to_dict(loaded) == codec(GAME).state_to_dict(state)


@pytest.mark.parametrize(("field", "value", "message"), [
    ("data", [5], "data: a 'market.qty' question holds"),
    ("tag", "steal", "tag: a 'market.qty' question is 'sell' or 'buy'"),
    ("options", [], "options: a 'market.qty' question offers"),
])
def test_a_save_from_before_that_does_not_fit_is_refused_naming_the_field(field: str, value: Any, message: str) -> None:
    state = _market_questions()[0]
    old = _old_form(state)
    old["state"]["pending"][-1][field] = value
    with pytest.raises(InvalidRecordError, match=r"state.pending\[\d+\]") as caught:
        codec(GAME).state_from_dict(old)
    assert message in str(caught.value)


def test_a_typed_question_naming_what_does_not_exist_is_refused() -> None:
    state = _market_questions()[0]
    saved = codec(GAME).state_to_dict(state)
    saved["state"]["pending"][-1]["good"] = 999
    with pytest.raises(InvalidRecordError, match=r"state.pending.\d+.good"):
        codec(GAME).state_from_dict(saved)
    saved["state"]["pending"][-1]["good"] = 0
    saved["state"]["pending"][-1]["at"] = str(Hex(40, 40))
    with pytest.raises(InvalidRecordError, match=r"state.pending.\d+.at"):
        codec(GAME).state_from_dict(saved)


def _scrub_position() -> SootState:
    """P0 at its turn with 2 soot, currency and its Builder at the Central City, Scrub Soot chosen."""
    state = start()
    p = state.players[0]
    p.soot, p.currency = 2, 10
    p.builders = [CENTRAL_CITY]
    GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.code == "Scrub Soot"))
    return state


def test_scrub_soot_is_typed_answers_as_before_and_loads_from_before() -> None:
    state = _scrub_position()
    q = state.pending[-1]
    assert isinstance(q, ScrubSoot) and q.kind == "soot.scrub" and q.prompt == "Scrub Soot: how many?"
    assert q.most == 2
    legal = list(GAME.legal_actions(state))
    assert [(a.code, a.arg, a.label) for a in legal] == [("qty", 1, "remove 1 soot"), ("qty", 2, "remove 2 soot")]
    assert key(q, legal[-1]) == ("soot.scrub", "qty", 2)
    old = _old_form(state)
    assert old["state"]["pending"][-1]["kind"] == "soot.scrub"
    loaded = codec(GAME).state_from_dict(old)
    assert loaded.pending == state.pending
    cash = state.players[0].currency
    GAME.apply(loaded, legal[-1])
    assert loaded.players[0].soot == 0
    assert loaded.players[0].currency == cash - 2 * data(state).numbers.scrub_cost
    with pytest.raises(IllegalActionError):
        GAME.apply(state, Choose(code="qty", arg=3))
    assert state.pending[-1] == q and state.players[0].soot == 2
    saved = codec(GAME).state_to_dict(state)
    saved["state"]["pending"][-1]["most"] = 99
    with pytest.raises(InvalidRecordError, match=r"state.pending.\d+.most"):
        codec(GAME).state_from_dict(saved)


# -- Explore --------------------------------------------------------------------

_EXPLORE_DATA = {
    ChooseExplorer: lambda q: [],
    ExploreSource: lambda q: [q.explorer],
    KeepTile: lambda q: [q.explorer],
    PlaceTile: lambda q: [q.explorer, q.tile],
}
"""The ``data`` an Explore step held before the port, by its typed class."""


def _old_explore(state: SootState) -> dict[str, Any]:
    """The state saved as before the port, its Explore question on top an untagged Step with its fixed options."""
    old = copy.deepcopy(codec(GAME).state_to_dict(state))
    q = state.pending[-1]
    options = [{"code": a.code, "arg": a.arg, "label": a.label} for a in GAME.legal_actions(state)]
    old["state"]["pending"][-1] = {"player": q.player, "prompt": q.prompt, "kind": q.kind, "tag": "",
                                   "data": _EXPLORE_DATA[type(q)](q), "options": options}
    return old


def _explore_positions() -> tuple[SootState, ...]:
    return tuple(s for s in _positions() if type(s.pending[-1]) in _EXPLORE_DATA)


def _two_explorers() -> SootState:
    """P0 at its turn with two Explorers at the Central City (the second from a Trail Boss, as the load
    checks ask), Explore chosen: which Explorer?"""
    state = start()
    state.players[0].explorers = [CENTRAL_CITY, CENTRAL_CITY]
    state.players[0].upgrades.append("Trail Boss")
    state.shared_upgrades["Trail Boss"] -= 1
    GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.code == "Explore"))
    return state


def test_the_explore_questions_are_typed_and_answer_as_before() -> None:
    positions = _explore_positions()
    kinds = {type(s.pending[-1]) for s in positions}
    assert kinds == {ExploreSource, KeepTile, PlaceTile}
    for state in positions:
        q = state.pending[-1]
        assert isinstance(q, (ExploreSource, KeepTile, PlaceTile))
        legal = list(GAME.legal_actions(state))
        at = state.players[q.player].explorers[q.explorer]
        if isinstance(q, ExploreSource):
            assert q.kind == "explore.source" and q.prompt == "Explore: draw or take a surveyed tile?"
            assert [a.code for a in legal] == ["draw"] * q.draw + ["survey"] * len(q.surveys)
            assert all(a.label.startswith("take surveyed ") for a in legal[q.draw:])
        elif isinstance(q, KeepTile):
            assert q.kind == "explore.tile" and q.prompt == "Explore: which tile to place?"
            assert [(a.code, a.arg) for a in legal] == [("tile", i) for i in range(len(state.drawn))]
            assert all(a.label.startswith("keep ") for a in legal)
        else:
            assert q.kind == "explore.hex" and q.prompt == "Explore: where to place it?"
            assert 0 <= q.tile < len(state.drawn)
            free = [h for h in at.neighbors() if h not in state.tiles]
            assert [(a.code, a.arg, a.label) for a in legal] == [("hex", hex_code(h), f"place at {h}") for h in free]
            assert key(q, legal[0]) == ("explore.hex", "hex", hex_code(free[0]))


def test_the_explorer_question_offers_the_explorers_that_can_explore() -> None:
    state = _two_explorers()
    q = state.pending[-1]
    assert isinstance(q, ChooseExplorer) and q.kind == "explore.explorer" and q.explorers == (0, 1)
    legal = list(GAME.legal_actions(state))
    assert [(a.code, a.arg, a.label) for a in legal] == [("explorer", i, f"Explorer at {CENTRAL_CITY}") for i in (0, 1)]
    GAME.apply(state, legal[1])
    source = state.pending[-1]
    assert isinstance(source, ExploreSource) and source.explorer == 1 and source.draw


def test_an_explore_save_from_before_loads_the_typed_question_and_plays_on() -> None:
    positions = [*_explore_positions()[:12], _two_explorers()]
    for state in map(GAME.clone, positions):
        old = _old_explore(state)
        assert "type" not in json.dumps(old["state"]["pending"][-1])
        loaded = codec(GAME).state_from_dict(old)
        assert loaded.pending == state.pending
        legal = list(GAME.legal_actions(loaded))
        assert legal == list(GAME.legal_actions(state))
        GAME.apply(loaded, legal[-1])
        GAME.apply(state, legal[-1])
        assert codec(GAME).state_to_dict(loaded) == codec(GAME).state_to_dict(state)


@pytest.mark.parametrize(("kind", "field", "value", "message"), [
    (ExploreSource, "data", [], "data: a 'explore.source' question holds [explorer]"),
    (ExploreSource, "options", [{"code": "steal", "arg": 0}], "options: a 'explore.source' question's answers are"),
    (KeepTile, "data", [0, 1], "data: a 'explore.tile' question holds [explorer]"),
    (KeepTile, "tag", "x", "tag: a 'explore.tile' question has no tag"),
    (PlaceTile, "data", ["0", 0], "data: a 'explore.hex' question holds [explorer, drawn tile]"),
    (ChooseExplorer, "options", [], "options: a 'explore.explorer' question offers at least one answer"),
])
def test_an_explore_save_from_before_that_does_not_fit_is_refused_naming_the_field(
        kind: type[SootQuestion], field: str, value: Any, message: str) -> None:
    state = _two_explorers() if kind is ChooseExplorer else next(
        s for s in _explore_positions() if isinstance(s.pending[-1], kind))
    old = _old_explore(state)
    old["state"]["pending"][-1][field] = value
    with pytest.raises(InvalidRecordError, match=r"state.pending\[\d+\]") as caught:
        codec(GAME).state_from_dict(old)
    assert message in str(caught.value)


@pytest.mark.parametrize(("kind", "field", "value"), [
    (ChooseExplorer, "explorers", [0, 5]),
    (ExploreSource, "explorer", 9),
    (ExploreSource, "surveys", [7]),
    (PlaceTile, "tile", 6),
    (KeepTile, "explorer", -1),
])
def test_an_explore_question_naming_what_the_player_lacks_is_refused(kind: type[SootQuestion], field: str,
                                                                      value: Any) -> None:
    state = _two_explorers() if kind is ChooseExplorer else next(
        s for s in _explore_positions() if isinstance(s.pending[-1], kind))
    saved = codec(GAME).state_to_dict(state)
    saved["state"]["pending"][-1][field] = value
    with pytest.raises(InvalidRecordError, match=rf"state.pending.\d+.{field}"):
        codec(GAME).state_from_dict(saved)


# -- Move: agents and walkers ------------------------------------------------------

def _packed(q: MoveAgent | MoveWalk) -> int:
    """The old ``data[0]`` of a move question: bit n for agent n moved, bit 32 + seat for a toll paid."""
    return sum(1 << a for a in q.moved) + sum(1 << (32 + o) for o in q.tolls_paid)


def _old_move(state: SootState) -> dict[str, Any]:
    """The state saved as before the port, its Move question on top an untagged Step."""
    old = copy.deepcopy(codec(GAME).state_to_dict(state))
    q = state.pending[-1]
    assert isinstance(q, (MoveAgent, MoveWalk))
    data = [_packed(q)] if isinstance(q, MoveAgent) else [_packed(q), q.index + 8 * (q.agent == "Builder")]
    options = [{"code": a.code, "arg": a.arg, "label": a.label} for a in GAME.legal_actions(state)]
    old["state"]["pending"][-1] = {"player": q.player, "prompt": q.prompt, "kind": q.kind, "tag": "", "data": data,
                                   "options": options}
    return old


def _move_positions() -> tuple[SootState, ...]:
    return tuple(s for s in _positions() if isinstance(s.pending[-1], (MoveAgent, MoveWalk)))


def test_the_move_agent_and_walk_questions_are_typed_and_answer_as_before() -> None:
    positions = _move_positions()
    assert {type(s.pending[-1]) for s in positions} == {MoveAgent, MoveWalk}
    for state in positions:
        q = state.pending[-1]
        legal = list(GAME.legal_actions(state))
        p = state.players[q.player]
        if isinstance(q, MoveAgent):
            assert q.kind == "move.agent"
            assert q.prompt == ("Move: another agent?" if q.moved else "Move: which agent?")
            assert (legal[-1].code == "done") == bool(q.moved)
            assert all(a.arg not in q.moved for a in legal if a.code == "agent")
        else:
            assert isinstance(q, MoveWalk) and q.kind == "move.walk" and q.prompt == "Move: where to?"
            at = (p.builders if q.agent == "Builder" else p.explorers)[q.index]
            assert q.index + 8 * (q.agent == "Builder") in q.moved
            assert legal and all(a.code == "hex" and a.label.startswith("to ") for a in legal)
            assert hex_code(at) not in [a.arg for a in legal]
            assert key(q, legal[0]) == ("move.walk", "hex", legal[0].arg)


def test_a_move_save_from_before_loads_the_typed_question_and_plays_on() -> None:
    positions = _move_positions()
    picked = [s for s in positions if isinstance(s.pending[-1], MoveWalk)][:5] + \
        [s for s in positions if isinstance(s.pending[-1], MoveAgent) and s.pending[-1].moved][:5]
    for state in map(GAME.clone, picked):
        old = _old_move(state)
        loaded = codec(GAME).state_from_dict(old)
        assert loaded.pending == state.pending
        legal = list(GAME.legal_actions(loaded))
        assert legal == list(GAME.legal_actions(state))
        GAME.apply(loaded, legal[0])
        GAME.apply(state, legal[0])
        assert codec(GAME).state_to_dict(loaded) == codec(GAME).state_to_dict(state)


def test_an_old_move_step_unpacks_its_tolls() -> None:
    state = next(s for s in _move_positions() if isinstance(s.pending[-1], MoveAgent) and s.pending[-1].moved)
    old = _old_move(state)
    old["state"]["pending"][-1]["data"][0] |= 1 << 33  # P1 paid a toll this Move
    q = codec(GAME).state_from_dict(old).pending[-1]
    assert isinstance(q, MoveAgent) and q.tolls_paid == (1,) and q.moved == state.pending[-1].moved


@pytest.mark.parametrize(("kind", "data", "message"), [
    (MoveAgent, [], "data: a 'move.agent' question holds [agents moved and tolls paid]"),
    (MoveAgent, [-1], "data: a 'move.agent' question's first number packs the agents moved and tolls paid"),
    (MoveWalk, [1], "data: a 'move.walk' question holds [agents moved and tolls paid, walker]"),
    (MoveWalk, [1 << 16, 16], "data: a 'move.walk' question walks an Explorer (0-7) or a Builder (8-15), not agent 16"),
])
def test_a_move_save_from_before_that_does_not_fit_is_refused_naming_the_field(
        kind: type[SootQuestion], data: list[int], message: str) -> None:
    state = next(s for s in _move_positions() if isinstance(s.pending[-1], kind))
    old = _old_move(state)
    old["state"]["pending"][-1]["data"] = data
    with pytest.raises(InvalidRecordError, match=r"state.pending\[\d+\]") as caught:
        codec(GAME).state_from_dict(old)
    assert message in str(caught.value)


@pytest.mark.parametrize(("kind", "field", "value", "problem"), [
    (MoveAgent, "moved", [30], "moved.0"),
    (MoveAgent, "tolls_paid", [7], "tolls_paid.0"),
    (MoveWalk, "index", 7, "index"),
    (MoveWalk, "moved", [], "moved"),
])
def test_a_move_question_naming_what_the_player_lacks_is_refused(kind: type[SootQuestion], field: str, value: Any,
                                                                  problem: str) -> None:
    state = next(s for s in _move_positions() if isinstance(s.pending[-1], kind))
    saved = codec(GAME).state_to_dict(state)
    saved["state"]["pending"][-1][field] = value
    with pytest.raises(InvalidRecordError, match=rf"state.pending.\d+.{problem}\b"):
        codec(GAME).state_from_dict(saved)


# -- one hex or no context: route kind, extract, ranch, Trail Boss ---------------------

def _extract_position() -> SootState:
    """P0's caravan at its Mining Camp on a Coal hill, Extract chosen."""
    state = start(("Prospector", "Merchant"))
    camp(state, Hex(1, 0), 0, "Mining Camp", "Hill", "Coal")
    state.players[0].camps_founded = 1
    state.players[0].caravans[0].loc = Hex(1, 0)
    GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.code == "Extract"))
    return state


def _mode_position() -> SootState:
    state = _extract_position()
    GAME.apply(state, Choose(code="hex", arg=hex_code(Hex(1, 0))))
    return state


def _ranch_position() -> SootState:
    """P0 (Livestock Empire) asked what its Ranch at (0, 2) makes."""
    from tests.soot.test_upgrades import _production, position

    state = position(("Rancher", "Merchant"), ("Livestock Empire",))
    camp(state, Hex(0, 2), 0, "Ranch")
    state.players[0].camps_founded = 1
    _production(state)
    return state


def _trail_boss_position() -> SootState:
    from tests.soot.test_upgrades import position

    state = position(("Merchant", "Rancher"))
    give(state, 0, {"Lumber": 2, "Leather": 1, "Processed Foods": 1})
    GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.code == "Buy Upgrade"))
    GAME.apply(state, Choose(code="upgrade", arg=19))
    return state


def _route_position() -> SootState:
    return next(s for s in _positions() if isinstance(s.pending[-1], RouteKind))


def _found_position() -> SootState:
    """P0 (Town Founder) with its Builder on a Plains hex and the goods, Found Settlement chosen."""
    state = start(("Town Founder", "Merchant"))
    place(state, Hex(2, 0), "Plains")
    state.players[0].builders[0] = Hex(2, 0)
    give(state, 0, {"Timber": 2})
    GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.code == "Found Settlement"))
    return state


def _reserve_position() -> SootState:
    state = _found_position()
    GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.label == f"found Frontier Settlement at {Hex(2, 0)}"))
    GAME.apply(state, Choose(code="spec", arg=0))
    return state


def _draft_position() -> SootState:
    return GAME.clone(next(s for s in _positions() if isinstance(s.pending[-1], DraftArchetype)))


def _secret_position() -> SootState:
    return GAME.clone(next(s for s in _positions() if isinstance(s.pending[-1], DiscardSecret)))


_SMALL = {  # class -> (position, its old data, its answers (code, arg, label))
    RouteKind: (_route_position, lambda q: [], None),
    ExtractCamp: (_extract_position, lambda q: [], [("hex", hex_code(Hex(1, 0)), f"extract at {Hex(1, 0)}")]),
    ExtractMode: (_mode_position, lambda q: [hex_code(q.at)],
                  [("normal", 0, "extract"), ("ruthless", 1, "Ruthless Exploitation (+2, -1 Prestige)")]),
    RanchOutput: (_ranch_position, lambda q: [hex_code(q.at)], [("ranch", 0, "Livestock"), ("ranch", 1, "1 Leather")]),
    TrailBossAgent: (_trail_boss_position, lambda q: [],
                     [("agent", 0, "gain Explorer"), ("agent", 1, "gain Builder"), ("agent", 2, "gain Caravan")]),
    FoundSettlement: (_found_position, lambda q: [], None),
    ReserveSlot: (_reserve_position, lambda q: [hex_code(q.at)],
                  [("reserve", 1, "reserve a facility slot for 3 rounds"), ("reserve", 0, "reserve no slot")]),
    DraftArchetype: (_draft_position, lambda q: [], None),
    DiscardSecret: (_secret_position, lambda q: [], None),
}


def _old_small(state: SootState) -> dict[str, Any]:
    old = copy.deepcopy(codec(GAME).state_to_dict(state))
    q = state.pending[-1]
    options = [{"code": a.code, "arg": a.arg, "label": a.label} for a in GAME.legal_actions(state)]
    old["state"]["pending"][-1] = {"player": q.player, "prompt": q.prompt, "kind": q.kind, "tag": "",
                                   "data": _SMALL[type(q)][1](q), "options": options}
    return old


@pytest.mark.parametrize("cls", list(_SMALL), ids=lambda c: c.__name__)
def test_the_small_questions_are_typed_answer_as_before_and_load_from_before(cls: type[SootQuestion]) -> None:
    make, _, answers = _SMALL[cls]
    state = make()
    q = state.pending[-1]
    assert type(q) is cls
    legal = list(GAME.legal_actions(state))
    if answers is not None:
        assert [(a.code, a.arg, a.label) for a in legal] == answers
    else:
        codes = {RouteKind: {"road", "rail", "upgrade"}, FoundSettlement: {"settle"}, DraftArchetype: {"archetype"},
                 DiscardSecret: {"discard"}}[cls]
        assert legal and {a.code for a in legal} <= codes
    assert key(q, legal[-1]) == (cls.kind, legal[-1].code, legal[-1].arg)
    old = _old_small(state)
    assert "type" not in old["state"]["pending"][-1]
    loaded = codec(GAME).state_from_dict(old)
    assert loaded.pending == state.pending
    GAME.apply(loaded, legal[-1])
    GAME.apply(state, legal[-1])
    assert codec(GAME).state_to_dict(loaded) == codec(GAME).state_to_dict(state)


def test_the_hex_of_extract_mode_and_ranch_output() -> None:
    mode, ranch = _mode_position().pending[-1], _ranch_position().pending[-1]
    assert isinstance(mode, ExtractMode) and mode.at == Hex(1, 0) and mode.prompt == "Extract: how hard?"
    assert isinstance(ranch, RanchOutput) and ranch.at == Hex(0, 2)
    assert ranch.prompt == f"Livestock Empire: Ranch at {Hex(0, 2)} makes Livestock or 1 Leather?"


@pytest.mark.parametrize(("cls", "data", "message"), [
    (RouteKind, [3], "data: a 'route.kind' question holds no data"),
    (ExtractCamp, [1], "data: a 'extract.camp' question holds no data"),
    (ExtractMode, [], "data: a 'extract.mode' question holds [hex code]"),
    (ExtractMode, [5], "data: a 'extract.mode' question holds a hex code, not 5"),
    (RanchOutput, [1, 2], "data: a 'production.ranch' question holds [hex code]"),
    (TrailBossAgent, [0], "data: a 'upgrade.agent' question holds no data"),
    (FoundSettlement, [1], "data: a 'settlement.found' question holds no data"),
    (ReserveSlot, [], "data: a 'settlement.reserve' question holds [hex code]"),
    (DraftArchetype, [0], "data: a 'setup.draft' question holds no data"),
    (DiscardSecret, [0], "data: a 'setup.secret' question holds no data"),
], ids=lambda v: v.__name__ if isinstance(v, type) else None)
def test_a_small_save_from_before_that_does_not_fit_is_refused_naming_the_field(
        cls: type[SootQuestion], data: list[int], message: str) -> None:
    old = _old_small(_SMALL[cls][0]())
    old["state"]["pending"][-1]["data"] = data
    with pytest.raises(InvalidRecordError, match=r"state.pending\[\d+\]") as caught:
        codec(GAME).state_from_dict(old)
    assert message in str(caught.value)


@pytest.mark.parametrize("cls", [ExtractMode, RanchOutput, ReserveSlot], ids=lambda c: c.__name__)
def test_a_question_at_a_hex_without_the_players_camp_is_refused(cls: type[SootQuestion]) -> None:
    saved = codec(GAME).state_to_dict(_SMALL[cls][0]())
    saved["state"]["pending"][-1]["at"] = str(Hex(-1, 0))
    with pytest.raises(InvalidRecordError, match=r"state.pending.\d+.at"):
        codec(GAME).state_from_dict(saved)


def test_the_answers_and_prompts_of_the_draft_the_secret_and_the_settlement() -> None:
    draft = _draft_position()
    q = draft.pending[-1]
    assert isinstance(q, DraftArchetype) and q.kind == "setup.draft" and q.prompt == "choose your archetype"
    assert [(a.arg, a.label) for a in GAME.legal_actions(draft)] == [(i, f"draft {n}") for i, n in enumerate(draft.draft_pool)]
    found = _found_position().pending[-1]
    assert isinstance(found, FoundSettlement) and found.prompt == "Found Settlement: which, where?"
    reserve = _reserve_position().pending[-1]
    assert isinstance(reserve, ReserveSlot) and reserve.at == Hex(2, 0)
    assert reserve.prompt == f"Charter at {Hex(2, 0)}: reserve a facility slot for yourself for 3 rounds?"


def test_the_secret_objectives_show_only_to_their_holder() -> None:
    state = _secret_position()
    q = state.pending[-1]
    assert isinstance(q, DiscardSecret) and q.kind == "setup.secret" and q.prompt == "secret objectives: discard one"
    names = data(state).secret_objectives
    dealt = state.players[q.player].dealt
    assert [(a.code, a.arg, a.label) for a in GAME.legal_actions(state)] == [
        ("discard", k, f"discard {names[k].name}") for k in dealt]
    own = GAME.view(state, q.player)
    assert list(GAME.legal_actions(own)) == list(GAME.legal_actions(state))
    other = GAME.view(state, (q.player + 1) % state.config.players)
    assert [(a.code, a.arg, a.label) for a in GAME.legal_actions(other)] == [("discard", -1, "?")]
    assert other.pending[-1] == q  # the question has no secret field: its handler masks the answers


# -- module labor: Labor Demands ---------------------------------------------------------

def _demand_position() -> SootState:
    from tests.soot.test_labor import _check_position

    from hexkit_soot.rules.labor import LABOR

    state, _, _ = _check_position()
    LABOR.after_actions(state)
    return state


def _old_demand(state: SootState) -> dict[str, Any]:
    old = copy.deepcopy(codec(GAME).state_to_dict(state))
    q = state.pending[-1]
    assert isinstance(q, LaborDemand)
    options = [{"code": a.code, "arg": a.arg, "label": a.label} for a in GAME.legal_actions(state)]
    old["state"]["pending"][-1] = {"player": q.player, "prompt": q.prompt, "kind": "labor.demand", "tag": "",
                                   "data": [hex_code(q.at) * 8 + q.slot], "options": options}
    return old


def test_labor_demand_is_typed_answers_as_before_and_loads_from_before() -> None:
    state = _demand_position()
    q = state.pending[-1]
    assert isinstance(q, LaborDemand) and q.kind == "labor.demand"
    name = state.settlements[q.at].facilities[q.slot].name
    code = hex_code(q.at) * 8 + q.slot
    assert [(a.code, a.arg, a.label) for a in GAME.legal_actions(state)] == [
        ("pay", code, f"pay 1¤ wages to the worker at the {name} at {q.at}"),
        ("strike", code, f"let the worker at the {name} at {q.at} strike")]
    assert q.prompt == f"Labor Demands: pay 1¤ to your worker at the {name} at {q.at}, or it strikes"
    loaded = codec(GAME).state_from_dict(_old_demand(state))
    assert loaded.pending == state.pending
    GAME.apply(loaded, Choose(code="pay", arg=code))
    GAME.apply(state, Choose(code="pay", arg=code))
    assert codec(GAME).state_to_dict(loaded) == codec(GAME).state_to_dict(state)


def test_a_labor_demand_that_does_not_fit_is_refused_naming_the_field() -> None:
    state = _demand_position()
    old = _old_demand(state)
    old["state"]["pending"][-1]["data"] = [5]
    with pytest.raises(InvalidRecordError, match=r"state.pending\[\d+\]") as caught:
        codec(GAME).state_from_dict(old)
    assert "data: a 'labor.demand' question holds a hex code, not 0" in str(caught.value)
    saved = codec(GAME).state_to_dict(state)
    saved["state"]["pending"][-1]["slot"] = 5  # no facility in that slot
    with pytest.raises(InvalidRecordError, match=r"state.pending.\d+.at"):
        codec(GAME).state_from_dict(saved)


# -- module shares: issuing certificates ----------------------------------------------------

def _issue_position() -> SootState:
    """P0 has laid its third rail segment in one line (Shares on): how many certificates?"""
    from tests.soot.test_shares import A, B, C, E, build_rail, shared

    state = shared()
    give(state, 0, {"Iron Ore": 6, "Timber": 6})
    for h in (A, B, C, E, Hex(5, 0)):
        place(state, h)
    GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.code == "Build Route"))
    GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.code == "rail"))
    build_rail(state, CENTRAL_CITY, A)
    build_rail(state, A, B)
    GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.code == "Pass"))
    GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.code == "Build Route"))
    GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.code == "rail"))
    build_rail(state, B, C)
    GAME.apply(state, Choose(code="done"))
    return state


def _old_issue(state: SootState) -> dict[str, Any]:
    old = copy.deepcopy(codec(GAME).state_to_dict(state))
    q = state.pending[-1]
    assert isinstance(q, IssueShares)
    options = [{"code": a.code, "arg": a.arg, "label": a.label} for a in GAME.legal_actions(state)]
    old["state"]["pending"][-1] = {"player": q.player, "prompt": q.prompt, "kind": "shares.issue", "tag": "",
                                   "data": [q.root_edge], "options": options}
    return old


def test_issue_shares_is_typed_answers_as_before_and_loads_from_before() -> None:
    from hexkit_soot.rules.shares import line_edges, line_name

    state = _issue_position()
    q = state.pending[-1]
    assert isinstance(q, IssueShares) and q.kind == "shares.issue" and q.most == 1
    line = line_edges(state, 0, q.root_edge)
    assert q.root_edge == min(line) and len(line) == 3
    name = line_name(q.root_edge)
    assert q.prompt == f"Shares: issue certificates in your line {name} (3 rail segments, up to 1 more)?"
    assert [(a.code, a.arg, a.label) for a in GAME.legal_actions(state)] == [
        ("qty", 1, f"issue 1 share certificate(s) in line {name}"), ("done", 0, "issue no certificate")]
    loaded = codec(GAME).state_from_dict(_old_issue(state))
    assert loaded.pending == state.pending
    GAME.apply(loaded, Choose(code="qty", arg=1))
    GAME.apply(state, Choose(code="qty", arg=1))
    assert codec(GAME).state_to_dict(loaded) == codec(GAME).state_to_dict(state)


def test_an_issue_question_that_does_not_fit_is_refused_naming_the_field() -> None:
    state = _issue_position()
    old = _old_issue(state)
    old["state"]["pending"][-1]["options"] = [{"code": "done", "arg": 0}]
    with pytest.raises(InvalidRecordError, match=r"state.pending\[\d+\]") as caught:
        codec(GAME).state_from_dict(old)
    assert "options: a 'shares.issue' question offers at least one 'qty' answer" in str(caught.value)
    saved = codec(GAME).state_to_dict(state)
    saved["state"]["pending"][-1]["root_edge"] = 1
    with pytest.raises(InvalidRecordError, match=r"state.pending.\d+.root_edge"):
        codec(GAME).state_from_dict(saved)
    saved = codec(GAME).state_to_dict(state)  # a new-user run: 500 certificates for 3 segments loaded
    saved["state"]["pending"][-1]["most"] = 500
    with pytest.raises(InvalidRecordError, match=r"state.pending.\d+.most") as caught:
        codec(GAME).state_from_dict(saved)
    assert "500 certificates offered; the line of 3 rail segments has 1 left to issue" in str(caught.value)


# -- Community Interaction ------------------------------------------------------------------

def _interaction_position(ingredient: bool = False) -> SootState:
    """P0's Explorer on a Tribal Capital, Community Interaction chosen (P0 holding a Specialty Material if asked)."""
    from hexkit_soot.state import Community

    state = start(("Merchant", "Rancher"))
    place(state, Hex(1, 0))
    state.communities[Hex(1, 0)] = Community(kind="Tribal Capital", favor=[2, 0])
    state.bag["Tribal Capital"] -= 1  # the token on the map comes from the bag
    state.players[0].explorers[0] = Hex(1, 0)
    if ingredient:
        give(state, 0, {"Specialty Material": 1})
    GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.code == "Community Interaction"))
    return state


def test_community_interaction_is_typed_answers_as_before_and_loads_from_before() -> None:
    state = _interaction_position()
    q = state.pending[-1]
    assert isinstance(q, CommunityInteraction) and q.kind == "community.interact"
    assert q.prompt == "Community Interaction: with whom, for what?"
    at = Hex(1, 0)
    legal = list(GAME.legal_actions(state))
    assert [(a.code, a.arg, a.label) for a in legal] == [
        ("interact", hex_code(at) * 2 + i, f"trade with the Tribal Capital at {at} for a {g}")
        for i, g in enumerate(("Cultural Artifact", "Specialty Material"))]
    old = copy.deepcopy(codec(GAME).state_to_dict(state))
    old["state"]["pending"][-1] = {"player": 0, "prompt": q.prompt, "kind": "community.interact", "tag": "", "data": [],
                                   "options": [{"code": a.code, "arg": a.arg, "label": a.label} for a in legal]}
    loaded = codec(GAME).state_from_dict(old)
    assert loaded.pending == state.pending
    GAME.apply(loaded, legal[1])
    GAME.apply(state, legal[1])
    assert codec(GAME).state_to_dict(loaded) == codec(GAME).state_to_dict(state)
    old["state"]["pending"][-1]["data"] = [3]
    with pytest.raises(InvalidRecordError, match=r"state.pending\[\d+\]") as caught:
        codec(GAME).state_from_dict(old)
    assert "data: a 'community.interact' question holds no data" in str(caught.value)


def test_a_screened_askers_interaction_is_masked_in_another_seats_view() -> None:
    state = _interaction_position(ingredient=True)
    legal = list(GAME.legal_actions(state))
    assert list(GAME.legal_actions(GAME.view(state, 0))) == legal
    assert [(a.code, a.arg, a.label) for a in GAME.legal_actions(GAME.view(state, 1))] == [("interact", -1, "?")]
    open_asker = _interaction_position()  # nothing behind the screen: nothing to hide
    assert list(GAME.legal_actions(GAME.view(open_asker, 1))) == list(GAME.legal_actions(open_asker))


# -- Offer Trade: the target -----------------------------------------------------------------

def _offer_positions() -> tuple[SootState, ...]:
    return tuple(s for s in _positions() if isinstance(s.pending[-1], OfferTarget))


def _old_offer(state: SootState) -> dict[str, Any]:
    old = copy.deepcopy(codec(GAME).state_to_dict(state))
    q = state.pending[-1]
    old["state"]["pending"][-1] = {"player": q.player, "prompt": q.prompt, "kind": "trade.target", "tag": "",
                                   "data": [], "options": [{"code": a.code, "arg": a.arg, "label": a.label}
                                                           for a in GAME.legal_actions(state)]}
    return old


def test_offer_target_is_typed_answers_as_before_and_loads_from_before() -> None:
    positions = _offer_positions()
    assert len(positions) >= 10
    for state in positions:
        q = state.pending[-1]
        assert isinstance(q, OfferTarget) and q.kind == "trade.target" and q.prompt == "Offer: what, to whom?"
        expected = []
        for seat in range(state.config.players):
            if seat in q.trade:
                expected.append(("player", 2 * seat, f"offer P{seat} a trade"))
            if seat in q.contract:
                expected.append(("player", 2 * seat + 1, f"offer P{seat} a Binding Trade Contract"))
        assert [(a.code, a.arg, a.label) for a in GAME.legal_actions(state)] == expected
        other = (q.player + 1) % state.config.players  # kept as asked: the same in another seat's view
        assert list(GAME.legal_actions(GAME.view(state, other))) == list(GAME.legal_actions(state))
    for state in map(GAME.clone, positions[:5]):
        loaded = codec(GAME).state_from_dict(_old_offer(state))
        assert loaded.pending == state.pending
        legal = list(GAME.legal_actions(loaded))
        GAME.apply(loaded, legal[-1])
        GAME.apply(state, legal[-1])
        assert codec(GAME).state_to_dict(loaded) == codec(GAME).state_to_dict(state)


def test_an_offer_target_that_does_not_fit_is_refused_naming_the_field() -> None:
    state = _offer_positions()[0]
    old = _old_offer(state)
    old["state"]["pending"][-1]["options"] = [{"code": "give", "arg": 2}]
    with pytest.raises(InvalidRecordError, match=r"state.pending\[\d+\]") as caught:
        codec(GAME).state_from_dict(old)
    assert "options: a 'trade.target' question's answers are 'player' choices" in str(caught.value)
    saved = codec(GAME).state_to_dict(state)
    saved["state"]["pending"][-1]["trade"] = [state.pending[-1].player]
    with pytest.raises(InvalidRecordError, match=r"state.pending.\d+.trade.0"):
        codec(GAME).state_from_dict(saved)


# -- the builds that pay through cards (cards.build_payment -> payment.settle) ---------------

_PLAINS = Hex(1, 0)
_SITE = Hex(2, 0)


def _together(state: SootState, at: Hex) -> None:
    """P0's Explorer and Builder on ``at``, its network emptied, no cards in hand."""
    p = state.players[0]
    p.explorers[0] = p.builders[0] = at
    state.deck.extend(p.hand)
    p.hand.clear()
    for g, n in list(p.stock.items()):
        state.supply.put_back(g, n)
    p.stock.clear()


def _camp_question() -> SootState:
    """P0 asked which camp to found: a Farm at (1, 0), with a discount to choose (a payment question)."""
    state = start(("Merchant", "Industrialist"))
    place(state, _PLAINS, "Plains")
    _together(state, _PLAINS)
    give(state, 0, {"Stone": 1, "Timber": 1})
    GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.code == "Found Camp"))
    return state


def _upgrade_question() -> SootState:
    """P0 asked which settlement to upgrade: P1's at (2, 0), holding the whole Town cost (a discount to choose)."""
    from tests.soot.helpers import connect, settle

    state = start(("Merchant", "Industrialist"))
    settle(state, _SITE, founder=1)
    connect(state, _SITE)
    _together(state, _SITE)
    give(state, 0, dict(data(state).tiers[1].cost))
    GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.code == "Upgrade Settlement"))
    return state


def _structure_question() -> SootState:
    """P0's Builder at P1's settlement with 2 Timber and no Stone, two kinds of card in hand: Build Structure asked."""
    from tests.soot.helpers import connect, settle

    state = start(("Merchant", "Rancher"))
    settle(state, _SITE, founder=1)
    connect(state, _SITE)
    _together(state, _SITE)
    state.players[0].explorers[0] = CENTRAL_CITY  # no discount
    give(state, 0, {"Timber": 2})
    for card in ("Foreman", "Land Grant", "Foreman"):
        state.deck.remove(card)
        state.players[0].hand.append(card)
    GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.code == "Build Structure"))
    return state


def _train_question() -> SootState:
    """P0 asked where to train a caravan: P1's City at (2, 0)."""
    from tests.soot.helpers import connect, settle

    state = start(("Merchant", "Industrialist"))
    settle(state, _SITE, founder=1, tier=3)
    connect(state, _SITE)
    _together(state, _SITE)
    state.players[0].warehouses.append(_SITE)
    give(state, 0, {"Grain": data(state).numbers.city_training_grain})
    GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.code == "Train Caravan"))
    return state


def _spec_question() -> SootState:
    """P0 asked the specialisation of its new Frontier Settlement at (2, 0)."""
    state = _found_position()
    GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.label == f"found Frontier Settlement at {Hex(2, 0)}"))
    return state


def _random_question(cls: type[SootQuestion]) -> Any:
    return lambda: GAME.clone(next(s for s in _positions() if isinstance(s.pending[-1], cls)))


def _second_segment() -> SootState:
    return GAME.clone(next(s for s in _positions() if isinstance(s.pending[-1], BuildSegment) and s.pending[-1].built))


_BUILDS: dict[str, tuple[Any, type[SootQuestion], set[str]]] = {  # name -> (position, class, answer codes)
    "segment": (_random_question(BuildSegment), BuildSegment, {"edge"}),
    "second segment": (_second_segment, BuildSegment, {"edge", "done"}),
    "structure": (_structure_question, BuildStructure, {"build"}),
    "train": (_train_question, TrainCaravan, {"train"}),
    "camp": (_camp_question, FoundCamp, {"camp"}),
    "spec": (_spec_question, SpecialiseSettlement, {"spec"}),
    "upgrade": (_upgrade_question, UpgradeSettlement, {"upgrade"}),
    "buy": (_random_question(BuyUpgrade), BuyUpgrade, {"upgrade"}),
}


def _old_build(q: SootQuestion) -> dict[str, Any]:
    """The question as Soot 0.3.3 saved it: an untagged ``Step`` (its options left out)."""
    tag, data_ = "", []
    if isinstance(q, BuildSegment):
        tag, data_ = q.route, [q.built]
    elif isinstance(q, SpecialiseSettlement):
        data_ = [hex_code(q.at) * 8 + q.settlement]
    return {"player": q.player, "prompt": q.prompt, "kind": q.kind, "tag": tag, "data": data_, "options": []}


@pytest.mark.parametrize("name", list(_BUILDS))
def test_the_build_questions_are_typed_answer_as_before_and_load_from_before(name: str) -> None:
    make, cls, codes = _BUILDS[name]
    state = make()
    q = state.pending[-1]
    assert type(q) is cls and q.kind == {BuildSegment: "route.edge", BuildStructure: "structure.build",
                                          TrainCaravan: "structure.train", FoundCamp: "camp.found",
                                          SpecialiseSettlement: "settlement.spec",
                                          UpgradeSettlement: "settlement.upgrade", BuyUpgrade: "upgrade.buy"}[cls]
    legal = list(GAME.legal_actions(state))
    assert legal and {a.code for a in legal} == codes
    assert key(q, legal[-1]) == (cls.kind, legal[-1].code, legal[-1].arg)
    old = copy.deepcopy(codec(GAME).state_to_dict(state))
    old["state"]["pending"][-1] = {**_old_build(q), "options": [{"code": a.code, "arg": a.arg, "label": a.label}
                                                                 for a in legal]}
    loaded = codec(GAME).state_from_dict(old)
    assert loaded.pending == state.pending and list(GAME.legal_actions(loaded)) == legal
    for pick in (legal[0], legal[-1]):
        a, b = GAME.clone(loaded), GAME.clone(state)
        GAME.apply(a, pick)
        GAME.apply(b, pick)
        assert codec(GAME).state_to_dict(a) == codec(GAME).state_to_dict(b)


def test_the_build_answers_and_prompts() -> None:
    camp_q = _camp_question()
    assert [a.label for a in GAME.legal_actions(camp_q)] == [f"found Farm at {_PLAINS}", f"found Ranch at {_PLAINS}"]
    assert camp_q.pending[-1].prompt == "Found Camp: which camp where?"
    spec = _spec_question().pending[-1]
    assert isinstance(spec, SpecialiseSettlement) and spec.at == Hex(2, 0) and spec.prompt == "Found Settlement: specialisation?"
    assert list(data(_spec_question()).settlements)[spec.settlement] == "Frontier Settlement"
    train = _train_question()
    assert [(a.code, a.arg, a.label) for a in GAME.legal_actions(train)] == [
        ("train", hex_code(_SITE), f"train a caravan at {_SITE}")]
    second = _second_segment()
    assert second.pending[-1].prompt == "Build Route: another segment?"
    assert list(GAME.legal_actions(second))[-1] == Choose(code="done", arg=0)


@pytest.mark.parametrize(("name", "field", "value", "message"), [
    ("segment", "tag", "canal", "tag: a 'route.edge' question lays a 'road', 'rail' or 'upgrade', not 'canal'"),
    ("segment", "data", [3], "data: a 'route.edge' question comes after 0 or 1 segments built, not 3"),
    ("segment", "data", [], "data: a 'route.edge' question holds [segments built]"),
    ("spec", "data", [], "data: a 'settlement.spec' question holds [hex code * 8 + settlement type]"),
    ("spec", "data", [5], "data: a 'settlement.spec' question holds a hex code, not 0"),
    ("structure", "data", [1], "data: a 'structure.build' question holds no data"),
    ("train", "tag", "x", "tag: a 'structure.train' question has no tag"),
    ("camp", "data", [1], "data: a 'camp.found' question holds no data"),
    ("upgrade", "data", [1], "data: a 'settlement.upgrade' question holds no data"),
    ("buy", "data", [1], "data: a 'upgrade.buy' question holds no data"),
])
def test_a_build_save_from_before_that_does_not_fit_is_refused_naming_the_field(
        name: str, field: str, value: Any, message: str) -> None:
    state = _BUILDS[name][0]()
    old = copy.deepcopy(codec(GAME).state_to_dict(state))
    old["state"]["pending"][-1] = {**_old_build(state.pending[-1]), field: value}
    with pytest.raises(InvalidRecordError, match=r"state.pending\[\d+\]") as caught:
        codec(GAME).state_from_dict(old)
    assert message in str(caught.value)


@pytest.mark.parametrize(("name", "field", "value", "says"), [
    ("segment", "built", 5, "a Build Route action lays at most 2 segments"),
    ("spec", "settlement", 99, "99 is out of range for a settlement type"),
    ("spec", "at", str(CENTRAL_CITY), "holds a settlement already"),
    ("spec", "at", str(Hex(30, 30)), "is not an explored hex"),
])
def test_a_build_question_naming_what_does_not_exist_is_refused(name: str, field: str, value: Any, says: str) -> None:
    saved = codec(GAME).state_to_dict(_BUILDS[name][0]())
    saved["state"]["pending"][-1][field] = value
    with pytest.raises(InvalidRecordError, match=rf"state.pending.\d+.{field}") as caught:
        codec(GAME).state_from_dict(saved)
    assert says in str(caught.value)


def test_a_build_question_with_nothing_to_build_is_refused() -> None:
    saved = codec(GAME).state_to_dict(_camp_question())
    saved["state"]["players"][0]["builders"] = [str(CENTRAL_CITY)]  # nowhere to found a camp now
    with pytest.raises(InvalidRecordError, match=r"state.pending.\d+.*a 'camp.found' question with no answers"):
        codec(GAME).state_from_dict(saved)


# -- their payments: a typed question continues the payment ----------------------------------

def _paying(name: str) -> SootState:
    """The build's payment question (a discount or cards to choose), asked through payment.settle."""
    state = _BUILDS[name][0]()
    GAME.apply(state, GAME.legal_actions(state)[0])
    return state


_PAYING = ("structure", "camp", "upgrade")


@pytest.mark.parametrize("name", _PAYING)
def test_a_build_payment_continues_with_its_typed_question_and_round_trips(name: str) -> None:
    state = _paying(name)
    top = state.pending[-1]
    assert isinstance(top, ChoosePayment) and top.kind in ("pay", "pay.private")
    then = top.then
    assert isinstance(then, Rerun) and type(then.step) is _BUILDS[name][1]
    text = codec(GAME).state_to_json(state)
    assert f'"type": "{type(then.step).__name__}"' in text
    loaded = codec(GAME).state_from_json(text)
    assert loaded.pending[-1] == top
    pick = GAME.legal_actions(state)[-1]
    GAME.apply(loaded, pick)
    GAME.apply(state, pick)
    assert codec(GAME).state_to_dict(loaded) == codec(GAME).state_to_dict(state)
    assert not isinstance(state.pending[-1], ChoosePayment)


def _old_pay(state: SootState, top: ChoosePayment, tag: str = "", data_: tuple[int, ...] = ()) -> dict[str, Any]:
    """The payment question as Soot saved it before it was typed: an untagged ``Step`` with its options."""
    return {"player": top.player, "prompt": top.prompt, "kind": top.kind, "tag": tag, "data": list(data_),
            "options": [codec(GAME).converter.unstructure(a, Choose) for a in GAME.legal_actions(state)]}


@pytest.mark.parametrize("name", _PAYING)
def test_a_build_payment_saved_by_soot_0_3_3_and_0_3_2_loads_and_plays_the_same(name: str) -> None:
    state = _paying(name)
    top = state.pending[-1]
    assert isinstance(top, ChoosePayment) and isinstance(top.then, Rerun)
    then = top.then
    saved = codec(GAME).state_to_dict(state)
    # Soot 0.3.3: the payment question an untagged Step, the Rerun's paying question one too
    newer = copy.deepcopy(saved)
    newer["state"]["pending"][-1] = {**_old_pay(state, top), "then": saved["state"]["pending"][-1]["then"]}
    newer["state"]["pending"][-1]["then"]["step"] = _old_build(then.step)
    assert codec(GAME).state_from_dict(newer).pending[-1] == top  # read as the typed question
    # Soot 0.3.2: no continuation; the paying question (with its options) under the payment
    # question, its answer in tag and data[0]
    older = copy.deepcopy(saved)
    older["state"]["pending"].pop()
    pay = _old_pay(state, top, then.answer.code, (then.answer.arg, *then.chosen))
    older["state"]["pending"] += [{**_old_build(then.step), "options": [codec(GAME).encode_action(then.answer)]}, pay]
    pick = GAME.legal_actions(state)[-1]
    GAME.apply(state, pick)
    after = codec(GAME).state_to_dict(state)
    for form in (newer, older):
        loaded = codec(GAME).state_from_dict(form)
        GAME.apply(loaded, pick)
        assert codec(GAME).state_to_dict(loaded) == after


def test_the_outer_district_payment_continues_with_its_typed_question() -> None:
    state = start(("Merchant", "Rancher", "Industrialist", "Prospector", "Town Founder"))
    mover = state.pending[-1].player
    give(state, mover, {"Cut Stone": 3})
    p = state.players[mover]
    state.deck.extend(p.hand)
    p.hand = []
    for card in ("Foreman", "Land Grant"):
        state.deck.remove(card)
        p.hand.append(card)
    GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.code == "Unlock Outer District"))
    then = state.pending[-1].then
    assert isinstance(then, Rerun) and isinstance(then.step, UnlockOuterDistrict) and then.step.kind == "structure.outer"
    old = codec(GAME).state_to_dict(state)
    old["state"]["pending"][-1]["then"]["step"] = _old_build(then.step)
    loaded = codec(GAME).state_from_dict(old)
    assert loaded.pending[-1] == state.pending[-1]
    pick = GAME.legal_actions(state)[0]
    for s in (state, loaded):
        GAME.apply(s, pick)
        assert s.outer_district == 2
    assert codec(GAME).state_to_dict(loaded) == codec(GAME).state_to_dict(state)


# -- Refine's firing and a caravan's leg: they pay through payment.pay -----------------------

def _fire_question() -> SootState:
    """P0 at its Grist Mill and Tannery with the inputs and two fuels: Refine asked which to fire."""
    from tests.soot.test_payment_choices import refinery

    state = refinery("Grist Mill", "Tannery")
    give(state, 0, {"Grain": 2, "Livestock": 2, "Coal": 1, "Coke": 1})
    GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.code == "Refine"))
    return state


def _fire_again_question() -> SootState:
    """The same after firing the Grist Mill with Coke: asked to fire another or stop."""
    state = _fire_question()
    GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.label.startswith("fire Grist Mill")))
    GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.label == "fuel for the Grist Mill: 1 Coke"))
    return state


_PAYERS: dict[str, tuple[Any, type[SootQuestion], set[str]]] = {
    "fire": (_fire_question, FireFacility, {"fire"}),
    "fire again": (_fire_again_question, FireFacility, {"fire", "done"}),
    "drive": (_random_question(DriveLeg), DriveLeg, {"hex", "trail"}),
}


def _old_payer(state: SootState) -> dict[str, Any]:
    """The question as Soot 0.3.3 saved it: an untagged ``Step`` with its options."""
    q = state.pending[-1]
    if isinstance(q, FireFacility):
        data_ = [q.fuel, q.extra, *q.fired]
    else:
        assert isinstance(q, DriveLeg)
        packed = sum(1 << a for a in q.moved) + sum(1 << (32 + o) for o in q.tolls_paid)
        data_ = [packed, q.caravan, q.spent, int(q.fuelled) + 2 * int(q.node_seen)]
    return {"player": q.player, "prompt": q.prompt, "kind": q.kind, "tag": "", "data": data_,
            "options": [{"code": a.code, "arg": a.arg, "label": a.label} for a in GAME.legal_actions(state)]}


@pytest.mark.parametrize("name", list(_PAYERS))
def test_the_firing_and_the_leg_are_typed_answer_as_before_and_load_from_before(name: str) -> None:
    make, cls, codes = _PAYERS[name]
    state = make()
    q = state.pending[-1]
    assert type(q) is cls and q.kind == {FireFacility: "refine.fire", DriveLeg: "move.drive"}[cls]
    legal = list(GAME.legal_actions(state))
    assert legal and {a.code for a in legal} <= codes and legal[0].code == sorted(codes)[-1 if cls is FireFacility else 0]
    assert key(q, legal[-1]) == (cls.kind, legal[-1].code, legal[-1].arg)
    old = copy.deepcopy(codec(GAME).state_to_dict(state))
    old["state"]["pending"][-1] = _old_payer(state)
    loaded = codec(GAME).state_from_dict(old)
    assert loaded.pending == state.pending and list(GAME.legal_actions(loaded)) == legal
    for pick in (legal[0], legal[-1]):
        a, b = GAME.clone(loaded), GAME.clone(state)
        GAME.apply(a, pick)
        GAME.apply(b, pick)
        assert codec(GAME).state_to_dict(a) == codec(GAME).state_to_dict(b)


def test_the_firing_questions_answers_and_prompts() -> None:
    first, again = _fire_question(), _fire_again_question()
    assert first.pending[-1].prompt == "Refine: fire which facility?"
    assert [a.label for a in GAME.legal_actions(first)] == [f"fire Grist Mill at {Hex(2, 0)}", f"fire Tannery at {Hex(2, 0)}"]
    q = again.pending[-1]
    assert isinstance(q, FireFacility) and q.prompt == "Refine: fire another facility?"
    assert q.fired == (hex_code(Hex(2, 0)) * 8,) and q.fuel == 1 and q.offered == (hex_code(Hex(2, 0)) * 8 + 1,)
    assert [a.label for a in GAME.legal_actions(again)] == [f"fire Tannery at {Hex(2, 0)}", "stop refining"]


@pytest.mark.parametrize(("name", "field", "value", "message"), [
    ("fire", "data", [0], "data: a 'refine.fire' question holds [fuel, extra firings, facilities fired...]"),
    ("fire", "options", [{"code": "go", "arg": 0}], "options: a 'refine.fire' question's answers are 'fire' and 'done'"),
    ("fire", "tag", "x", "tag: a 'refine.fire' question has no tag"),
    ("drive", "data", [0], "data: a 'move.drive' question holds [agents moved and tolls paid, caravan, points spent, flags]"),
    ("drive", "data", [1 << 16, 0, 0, 9], "data: a 'move.drive' question's flags are 1 (fuelled) + 2 (node seen), not 9"),
    ("drive", "data", [-1, 0, 0, 0], "data: a 'move.drive' question's first number packs the agents moved"),
])
def test_a_firing_or_leg_save_from_before_that_does_not_fit_is_refused_naming_the_field(
        name: str, field: str, value: Any, message: str) -> None:
    state = _PAYERS[name][0]()
    old = copy.deepcopy(codec(GAME).state_to_dict(state))
    old["state"]["pending"][-1] = {**_old_payer(state), field: value}
    with pytest.raises(InvalidRecordError, match=r"state.pending\[\d+\]") as caught:
        codec(GAME).state_from_dict(old)
    assert message in str(caught.value)


@pytest.mark.parametrize(("name", "field", "value", "says"), [
    ("fire", "offered", [12345], "12345 is not a facility on the map"),
    ("fire again", "fired", [-3], "-3 is not a facility on the map"),
    ("fire", "fuel", -1, "-1 is negative"),
    ("drive", "caravan", 9, "9 is out of range for a caravan"),
    ("drive", "spent", 99, "99 movement points is outside 0..12"),
    ("drive", "moved", [], "is not among the agents moved"),
])
def test_a_firing_or_leg_naming_what_does_not_exist_is_refused(name: str, field: str, value: Any, says: str) -> None:
    saved = codec(GAME).state_to_dict(_PAYERS[name][0]())
    saved["state"]["pending"][-1][field] = value
    with pytest.raises(InvalidRecordError, match=rf"state.pending.\d+.{field}") as caught:
        codec(GAME).state_from_dict(saved)
    assert says in str(caught.value)


# -- the trade being built and answered --------------------------------------------------

def _offers(cls: type[SootQuestion]) -> tuple[SootState, ...]:
    return tuple(s for s in _positions() if isinstance(s.pending[-1], cls))


def _old_trade(state: SootState, options: list[Any] | None = None) -> dict[str, Any]:
    q = state.pending[-1]
    return {"player": q.player, "prompt": q.prompt, "kind": q.kind, "tag": "", "data": [],
            "options": options if options is not None else (
                [{"code": a.code, "arg": a.arg, "label": a.label} for a in GAME.legal_actions(state)]
                if isinstance(q, BuildOffer) else [])}


@pytest.mark.parametrize("cls", [BuildOffer, AnswerOffer], ids=lambda c: c.__name__)
def test_the_trade_questions_are_typed_answer_as_before_and_load_from_before(cls: type[SootQuestion]) -> None:
    positions = _offers(cls)
    assert len(positions) >= 5
    order = ["give", "ask", "currency", "due", "propose", "cancel"] if cls is BuildOffer else ["accept", "decline"]
    for state in positions:
        q = state.pending[-1]
        assert q.kind == {BuildOffer: "trade.build", AnswerOffer: "trade.answer"}[cls]
        legal = list(GAME.legal_actions(state))
        codes = [a.code for a in legal]
        assert codes == sorted(codes, key=order.index) and codes[-1] == order[-1]
        assert state.offer is not None and q.player == (state.offer.offerer if cls is BuildOffer else state.offer.target)
        assert key(q, legal[-1]) == (cls.kind, legal[-1].code, legal[-1].arg)
    for state in map(GAME.clone, positions[:6]):
        old = copy.deepcopy(codec(GAME).state_to_dict(state))
        old["state"]["pending"][-1] = _old_trade(state)
        loaded = codec(GAME).state_from_dict(old)
        assert loaded.pending == state.pending
        legal = list(GAME.legal_actions(loaded))
        GAME.apply(loaded, legal[0])
        GAME.apply(state, legal[0])
        assert codec(GAME).state_to_dict(loaded) == codec(GAME).state_to_dict(state)


def test_an_offer_naming_a_screened_ingredient_is_masked_in_another_seats_view() -> None:
    masked = opened = 0
    for state in _offers(BuildOffer):
        q = state.pending[-1]
        assert isinstance(q, BuildOffer)
        other = (q.player + 1) % state.config.players
        view = GAME.view(state, other)
        names = [list(data(state).goods)[g] for g in q.goods_named()]
        legal = list(GAME.legal_actions(state))
        if view.players[q.player].screened and any(n in ("Cultural Artifact", "Specialty Material") for n in names):
            masked += 1
            shown = view.pending[-1]
            assert isinstance(shown, BuildOffer) and shown.screened
            assert [(a.code, a.arg, a.label) for a in GAME.legal_actions(view)] == list(
                dict.fromkeys((a.code, -1, "?") for a in legal))
            # a view saved and loaded keeps the mask; the masked step of a view saved before loads as it
            old = codec(GAME).state_to_dict(view)
            old["state"]["pending"][-1] = _old_trade(view, [{"code": a.code, "arg": -1, "label": "?"}
                                                            for a in GAME.legal_actions(view)])
            assert codec(GAME).state_from_dict(old).pending[-1] == shown
        else:
            opened += 1
            assert view.pending[-1] == q and list(GAME.legal_actions(view)) == legal
    assert masked >= 1 and opened >= 1


@pytest.mark.parametrize(("cls", "field", "value", "message"), [
    (BuildOffer, "data", [1], "data: a 'trade.build' question holds no data"),
    (BuildOffer, "options", [{"code": "give", "arg": 0}], "options: a 'trade.build' question's answers are 'give'"),
    (BuildOffer, "options", [], "options: a 'trade.build' question offers at least one answer"),
    (AnswerOffer, "data", [1], "data: a 'trade.answer' question holds no data"),
], ids=lambda v: v.__name__ if isinstance(v, type) else None)
def test_a_trade_save_from_before_that_does_not_fit_is_refused_naming_the_field(
        cls: type[SootQuestion], field: str, value: Any, message: str) -> None:
    state = GAME.clone(_offers(cls)[0])
    old = copy.deepcopy(codec(GAME).state_to_dict(state))
    old["state"]["pending"][-1] = {**_old_trade(state), field: value}
    with pytest.raises(InvalidRecordError, match=r"state.pending\[\d+\]") as caught:
        codec(GAME).state_from_dict(old)
    assert message in str(caught.value)


@pytest.mark.parametrize(("cls", "edit", "field", "says"), [
    (BuildOffer, lambda s: s["pending"][-1].update(give=[99]), "give.0", "99 is out of range for a good"),
    (BuildOffer, lambda s: s["pending"][-1].update(screened=True), "screened", "only another seat's view masks"),
    (BuildOffer, lambda s: s.update(offer=None), "", "without an offer"),
    (AnswerOffer, lambda s: s["pending"][-1].update(player=s["offer"]["offerer"]), "player", "is not the offer's target"),
], ids=lambda v: v.__name__ if isinstance(v, type) else None)
def test_a_trade_question_naming_what_does_not_exist_is_refused(cls: type[SootQuestion], edit: Any, field: str,
                                                                 says: str) -> None:
    saved = codec(GAME).state_to_dict(_offers(cls)[0])
    edit(saved["state"])
    with pytest.raises(InvalidRecordError, match=rf"state.pending.\d+.?{field}") as caught:
        codec(GAME).state_from_dict(saved)
    assert says in str(caught.value)


# -- a caravan's stop ----------------------------------------------------------------------

def _old_stop(state: SootState) -> dict[str, Any]:
    q = state.pending[-1]
    assert isinstance(q, CaravanStop)
    if q.screened:
        data_, options = [-1] * 6, [{"code": a.code, "arg": -1, "label": "?"} for a in GAME.legal_actions(state)]
    else:
        packed = sum(1 << a for a in q.moved) + sum(1 << (32 + o) for o in q.tolls_paid)
        data_ = [packed, q.caravan, q.spent, int(q.fuelled) + 2 * int(q.node_seen), sum(1 << g for g in q.loaded),
                 sum(1 << g for g in q.unloaded)]
        options = [{"code": a.code, "arg": a.arg, "label": a.label} for a in GAME.legal_actions(state)]
    return {"player": q.player, "prompt": q.prompt, "kind": "move.cargo", "tag": "", "data": data_, "options": options}


def test_a_caravans_stop_is_typed_answers_as_before_and_loads_from_before() -> None:
    positions = tuple(s for s in _positions() if isinstance(s.pending[-1], CaravanStop))
    assert len(positions) >= 20
    order = ["load", "unload", "go", "done"]
    for state in positions:
        q = state.pending[-1]
        assert isinstance(q, CaravanStop) and q.kind == "move.cargo" and not q.screened
        assert q.prompt == f"caravan {q.caravan}: load, unload, drive on or stop" and 16 + q.caravan in q.moved
        legal = list(GAME.legal_actions(state))
        codes = [a.code for a in legal]
        assert codes == sorted(codes, key=order.index) and legal[-1].label.startswith(f"caravan {q.caravan} stops at ")
        assert key(q, legal[-1]) == ("move.cargo", "done", 0)
    for state in map(GAME.clone, positions[:8]):
        old = copy.deepcopy(codec(GAME).state_to_dict(state))
        old["state"]["pending"][-1] = _old_stop(state)
        loaded = codec(GAME).state_from_dict(old)
        assert loaded.pending == state.pending
        legal = list(GAME.legal_actions(loaded))
        GAME.apply(loaded, legal[0])
        GAME.apply(state, legal[0])
        assert codec(GAME).state_to_dict(loaded) == codec(GAME).state_to_dict(state)


def test_a_stop_naming_a_screened_ingredient_is_masked_in_another_seats_view() -> None:
    from hexkit_soot.rules.communities import INGREDIENTS

    state = GAME.clone(next(s for s in _positions() if isinstance(s.pending[-1], CaravanStop)))
    q = state.pending[-1]
    assert isinstance(q, CaravanStop)
    p = state.players[q.player]
    goods = list(data(state).goods)
    state.supply.take_exact(INGREDIENTS[0], 1)
    p.stock[INGREDIENTS[0]] = p.stock.get(INGREDIENTS[0], 0) + 1  # behind the screen
    state.pending[-1] = attrs.evolve(q, loads=tuple(sorted({*q.loads, goods.index(INGREDIENTS[0])},
                                                          key=lambda g: goods[g])))
    state.invalidate_legal()
    legal = list(GAME.legal_actions(state))
    assert f"load 1 {INGREDIENTS[0]}" in [a.label for a in legal]
    view = GAME.view(state, (q.player + 1) % state.config.players)
    shown = view.pending[-1]
    assert isinstance(shown, CaravanStop) and shown.screened and shown.caravan == -1 and shown.loaded == ()
    assert [(a.code, a.arg, a.label) for a in GAME.legal_actions(view)] == list(
        dict.fromkeys((a.code, -1, "?") for a in legal))
    assert GAME.view(state, q.player).pending[-1] == state.pending[-1]  # its own seat sees it whole
    saved = codec(GAME).state_to_dict(view)
    saved["state"]["pending"][-1] = _old_stop(view)  # the masked step of a view saved before
    assert codec(GAME).state_from_dict(saved).pending[-1] == shown


@pytest.mark.parametrize(("field", "value", "message"), [
    ("data", [1, 2], "data: a 'move.cargo' question holds [agents moved and tolls paid, caravan, points spent, flags, loaded, unloaded]"),
    ("data", [1 << 16, 0, 0, 9, 0, 0], "data: a 'move.cargo' question's flags are 1 (fuelled) + 2 (node seen), not 9"),
    ("options", [{"code": "load", "arg": 3}], "options: a 'move.cargo' question's answers are 'load', 'unload', 'go' and 'done'"),
    ("tag", "x", "tag: a 'move.cargo' question has no tag"),
])
def test_a_stop_save_from_before_that_does_not_fit_is_refused_naming_the_field(field: str, value: Any,
                                                                                 message: str) -> None:
    state = GAME.clone(next(s for s in _positions() if isinstance(s.pending[-1], CaravanStop)))
    old = copy.deepcopy(codec(GAME).state_to_dict(state))
    old["state"]["pending"][-1] = {**_old_stop(state), field: value}
    with pytest.raises(InvalidRecordError, match=r"state.pending\[\d+\]") as caught:
        codec(GAME).state_from_dict(old)
    assert message in str(caught.value)


@pytest.mark.parametrize(("field", "value", "says"), [
    ("loads", [99], "99 is out of range for a good"),
    ("caravan", 9, "9 is out of range for a caravan"),
    ("screened", True, "only another seat's view masks a caravan's stop"),
    ("moved", [], "is not among the agents moved"),
])
def test_a_stop_naming_what_does_not_exist_is_refused(field: str, value: Any, says: str) -> None:
    state = next(s for s in _positions() if isinstance(s.pending[-1], CaravanStop))
    saved = codec(GAME).state_to_dict(state)
    saved["state"]["pending"][-1][field] = value
    with pytest.raises(InvalidRecordError, match=rf"state.pending.\d+.{field}") as caught:
        codec(GAME).state_from_dict(saved)
    assert says in str(caught.value)


# -- the round's event ---------------------------------------------------------------------

def _event_positions() -> tuple[SootState, ...]:
    out = []
    for players, seed in ((4, 6), (4, 7), (2, 5)):
        state = GAME.new(GAME.make_config(players), seed)
        rng = Rng(seed)
        while not GAME.is_over(state) and len(out) < 6:
            if isinstance(state.pending[-1], ChooseEventOption):
                out.append(GAME.clone(state))
            legal = GAME.legal_actions(state)
            GAME.apply(state, legal[rng.randbelow(len(legal))])
    return tuple(out)


def test_the_event_question_is_typed_answers_as_before_and_loads_from_before() -> None:
    positions = _event_positions()
    assert len(positions) >= 3
    for state in positions:
        q = state.pending[-1]
        ev = data(state).events[state.event_now]
        assert isinstance(q, ChooseEventOption) and q.kind == "event.choose" and q.player == state.event_token
        assert q.prompt == f"{ev.name}: choose A or B"
        legal = list(GAME.legal_actions(state))
        a, b = data(state).event_texts[ev.name]  # the texts with their numbers filled in
        assert "{" not in a + b
        assert [(x.code, x.arg, x.label) for x in legal] == [("A", 0, f"A: {a}"), ("B", 1, f"B: {b}")]
        assert key(q, legal[-1]) == ("event.choose", "B", 1)
        other = (q.player + 1) % state.config.players  # public: the same in another seat's view
        assert list(GAME.legal_actions(GAME.view(state, other))) == legal
    for state in map(GAME.clone, positions[:3]):
        q = state.pending[-1]
        old = copy.deepcopy(codec(GAME).state_to_dict(state))
        old["state"]["pending"][-1] = {"player": q.player, "prompt": q.prompt, "kind": "event.choose", "tag": "",
                                       "data": [], "options": [{"code": "A", "arg": 0, "label": "A"},
                                                               {"code": "B", "arg": 7, "label": "B"}]}
        loaded = codec(GAME).state_from_dict(old)  # an old step's options (args once ignored) are not read
        assert loaded.pending == state.pending
        pick = GAME.legal_actions(state)[-1]
        GAME.apply(loaded, pick)
        GAME.apply(state, pick)
        assert codec(GAME).state_to_dict(loaded) == codec(GAME).state_to_dict(state)


def test_an_event_question_that_does_not_fit_is_refused_naming_the_field() -> None:
    state = _event_positions()[0]
    q = state.pending[-1]
    old = copy.deepcopy(codec(GAME).state_to_dict(state))
    old["state"]["pending"][-1] = {"player": q.player, "prompt": q.prompt, "kind": "event.choose", "tag": "",
                                   "data": [3], "options": []}
    with pytest.raises(InvalidRecordError, match=r"state.pending\[\d+\]") as caught:
        codec(GAME).state_from_dict(old)
    assert "data: a 'event.choose' question holds no data" in str(caught.value)
    saved = codec(GAME).state_to_dict(state)
    saved["state"]["event_now"] = -1
    with pytest.raises(InvalidRecordError, match=r"state.pending.\d+.*no event this round"):
        codec(GAME).state_from_dict(saved)
    saved = codec(GAME).state_to_dict(state)
    saved["state"]["pending"][-1]["player"] = (q.player + 1) % state.config.players
    with pytest.raises(InvalidRecordError, match=r"state.pending.\d+.player.*does not hold the Event Token"):
        codec(GAME).state_from_dict(saved)


# -- the market: where, and which good ------------------------------------------------------

def _old_market(state: SootState) -> dict[str, Any]:
    q = state.pending[-1]
    masked = isinstance(q, ChooseGood) and q.screened
    options = [{"code": a.code, "arg": -1 if masked else a.arg, "label": "?" if masked else a.label}
               for a in GAME.legal_actions(state)]
    data_ = [] if isinstance(q, ChooseMarket) else [-1 if masked or q.at is None else hex_code(q.at)]
    return {"player": q.player, "prompt": q.prompt, "kind": q.kind, "tag": "", "data": data_, "options": options}


def _two_markets() -> SootState:
    """P0 with a caravan at P1's Market Town at (2, 0) and the Central City on its network: asked where to trade."""
    from tests.soot.helpers import connect, settle

    state = start(("Merchant", "Industrialist"))
    settle(state, _SITE, founder=1)
    connect(state, _SITE)
    state.players[0].caravans[0].loc = _SITE
    give(state, 0, {"Grain": 1})
    GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.code == "Market Transaction"))
    return state


def _market_positions(cls: type[SootQuestion]) -> tuple[SootState, ...]:
    if cls is ChooseMarket:
        return (_two_markets(),)
    out = []
    for players, seed in ((2, 1), (4, 2), (3, 3), (4, 6), (5, 7)):
        state = GAME.new(GAME.make_config(players), seed)
        rng = Rng(seed)
        while not GAME.is_over(state) and len(out) < 12:
            if isinstance(state.pending[-1], cls):
                out.append(GAME.clone(state))
            legal = GAME.legal_actions(state)
            GAME.apply(state, legal[rng.randbelow(len(legal))])
        if len(out) >= 12:
            break
    return tuple(out)


@pytest.mark.parametrize("cls", [ChooseMarket, ChooseGood], ids=lambda c: c.__name__)
def test_the_market_questions_are_typed_answer_as_before_and_load_from_before(cls: type[SootQuestion]) -> None:
    positions = _market_positions(cls)
    assert len(positions) >= (1 if cls is ChooseMarket else 4)
    for state in positions:
        q = state.pending[-1]
        assert q.kind == {ChooseMarket: "market.where", ChooseGood: "market.good"}[cls]
        legal = list(GAME.legal_actions(state))
        codes = [a.code for a in legal]
        if isinstance(q, ChooseMarket):
            assert q.prompt == "Market: where?" and len(q.markets) >= 2
            assert [(a.code, a.arg, a.label) for a in legal] == [("hex", hex_code(h), f"trade at {h}") for h in q.markets]
        else:
            assert isinstance(q, ChooseGood) and q.prompt == "Market: buy or sell what?" and not q.screened
            assert codes == sorted(codes, key=["sell", "buy"].index) and legal
        assert key(q, legal[-1]) == (cls.kind, legal[-1].code, legal[-1].arg)
    for state in map(GAME.clone, positions[:4]):
        old = copy.deepcopy(codec(GAME).state_to_dict(state))
        old["state"]["pending"][-1] = _old_market(state)
        loaded = codec(GAME).state_from_dict(old)
        assert loaded.pending == state.pending
        legal = list(GAME.legal_actions(loaded))
        GAME.apply(loaded, legal[-1])
        GAME.apply(state, legal[-1])
        assert codec(GAME).state_to_dict(loaded) == codec(GAME).state_to_dict(state)


def test_a_good_question_naming_a_screened_ingredient_is_masked_in_another_seats_view() -> None:
    from hexkit_soot.rules.communities import INGREDIENTS

    state = GAME.clone(_market_positions(ChooseGood)[0])
    q = state.pending[-1]
    assert isinstance(q, ChooseGood)
    p = state.players[q.player]
    goods = list(data(state).goods)
    state.supply.take_exact(INGREDIENTS[0], 1)
    p.stock[INGREDIENTS[0]] = p.stock.get(INGREDIENTS[0], 0) + 1  # behind the screen
    state.pending[-1] = attrs.evolve(q, sell=tuple(sorted({*q.sell, goods.index(INGREDIENTS[0])}, key=lambda g: goods[g])))
    state.invalidate_legal()
    legal = list(GAME.legal_actions(state))
    view = GAME.view(state, (q.player + 1) % state.config.players)
    shown = view.pending[-1]
    assert isinstance(shown, ChooseGood) and shown.screened and shown.at is None
    assert [(a.code, a.arg, a.label) for a in GAME.legal_actions(view)] == list(
        dict.fromkeys((a.code, -1, "?") for a in legal))
    saved = codec(GAME).state_to_dict(view)
    saved["state"]["pending"][-1] = _old_market(view)  # the masked step of a view saved before
    assert codec(GAME).state_from_dict(saved).pending[-1] == shown


@pytest.mark.parametrize(("cls", "field", "value", "message"), [
    (ChooseMarket, "data", [1], "data: a 'market.where' question holds no data"),
    (ChooseMarket, "options", [{"code": "sell", "arg": 1}], "options: a 'market.where' question's answers are 'hex' choices"),
    (ChooseMarket, "options", [{"code": "hex", "arg": 5}], "data: a 'market.where' question holds a hex code, not 5"),
    (ChooseGood, "data", [], "data: a 'market.good' question holds [market hex code]"),
    (ChooseGood, "options", [{"code": "qty", "arg": 1}], "options: a 'market.good' question's answers are 'sell' and 'buy'"),
], ids=lambda v: v.__name__ if isinstance(v, type) else None)
def test_a_market_save_from_before_that_does_not_fit_is_refused_naming_the_field(
        cls: type[SootQuestion], field: str, value: Any, message: str) -> None:
    state = _market_positions(cls)[0]
    old = copy.deepcopy(codec(GAME).state_to_dict(state))
    old["state"]["pending"][-1] = {**_old_market(state), field: value}
    with pytest.raises(InvalidRecordError, match=r"state.pending\[\d+\]") as caught:
        codec(GAME).state_from_dict(old)
    assert message in str(caught.value)


@pytest.mark.parametrize(("cls", "field", "value", "says"), [
    (ChooseMarket, "markets", [str(Hex(30, 30))], "is not a settlement (a market location)"),
    (ChooseMarket, "markets", [], "offers at least one market"),
    (ChooseGood, "sell", [99], "99 is out of range for a good"),
    (ChooseGood, "screened", True, "only another seat's view masks a market question"),
    (ChooseGood, "at", str(Hex(30, 30)), "is not a settlement (a market location)"),
], ids=lambda v: v.__name__ if isinstance(v, type) else None)
def test_a_market_question_naming_what_does_not_exist_is_refused(cls: type[SootQuestion], field: str, value: Any,
                                                                  says: str) -> None:
    saved = codec(GAME).state_to_dict(_market_positions(cls)[0])
    saved["state"]["pending"][-1][field] = value
    with pytest.raises(InvalidRecordError, match=rf"state.pending.\d+.{field}") as caught:
        codec(GAME).state_from_dict(saved)
    assert says in str(caught.value)


# -- upkeep: the Frontier Tax short, the food short -------------------------------------------

def _tax_question() -> SootState:
    """P0 with two camps and 1¤ at a tax round: 1¤ of the 2¤ tax unpaid, a camp to abandon."""
    from hexkit_soot.rules.taxes import pay_tax

    state = start()
    camp(state, Hex(2, 0), 0, "Farm")
    camp(state, Hex(3, 0), 0, "Farm")
    state.players[0].camps_founded = 2
    state.players[0].currency = 1
    state.pending.clear()
    assert not pay_tax(state, 0)
    return state


def _removal_question() -> SootState:
    """P0 unable to pay its upkeep food shortfall, with a camp to abandon and a facility to tear down."""
    from hexkit_soot.rules.upkeep import food_bill, pay_food
    from tests.soot.helpers import facility, settle

    state = start()
    settle(state, Hex(2, 0), founder=0)
    facility(state, Hex(2, 0), "Sawmill", 0)
    camp(state, Hex(3, 0), 0, "Farm")
    p = state.players[0]
    p.camps_founded, p.founded = 1, 1
    for g, n in list(p.stock.items()):
        state.supply.put_back(g, n)
    p.stock = {}
    p.currency = 0
    state.pending.clear()
    assert food_bill(state, 0) > 0 and not pay_food(state, 0)
    return state


@pytest.mark.parametrize("make", [_tax_question, _removal_question], ids=["tax", "removal"])
def test_the_upkeep_questions_are_typed_answer_as_before_and_load_from_before(make: Any) -> None:
    state = make()
    q = state.pending[-1]
    legal = list(GAME.legal_actions(state))
    if isinstance(q, FrontierTax):
        assert q.kind == "upkeep.tax" and q.unpaid == 1 and q.prompt == "Frontier Tax: 1¤ unpaid, abandon a camp"
        assert [(a.code, a.arg, a.label) for a in legal] == [("camp", hex_code(h), f"abandon camp at {h}")
                                                            for h in (Hex(2, 0), Hex(3, 0))]
        data_ = [q.unpaid]
    else:
        assert isinstance(q, UpkeepRemoval) and q.kind == "upkeep.remove" and q.prompt.startswith("Upkeep: ")
        assert [(a.code, a.arg, a.label) for a in legal] == [
            ("camp", hex_code(Hex(3, 0)), f"abandon camp at {Hex(3, 0)}"),
            ("facility", hex_code(Hex(2, 0)) * 8, f"tear down Sawmill at {Hex(2, 0)}")]
        data_ = []
    assert key(q, legal[-1]) == (q.kind, legal[-1].code, legal[-1].arg)
    old = copy.deepcopy(codec(GAME).state_to_dict(state))
    old["state"]["pending"][-1] = {"player": q.player, "prompt": q.prompt, "kind": q.kind, "tag": "", "data": data_,
                                   "options": [{"code": a.code, "arg": a.arg, "label": a.label} for a in legal]}
    loaded = codec(GAME).state_from_dict(old)
    assert loaded.pending == state.pending
    GAME.apply(loaded, legal[-1])
    GAME.apply(state, legal[-1])
    assert codec(GAME).state_to_dict(loaded) == codec(GAME).state_to_dict(state)


def test_an_upkeep_question_that_does_not_fit_is_refused_naming_the_field() -> None:
    state = _tax_question()
    q = state.pending[-1]
    for data_, message in (([], "data: a 'upkeep.tax' question holds [currency unpaid]"),
                           ([0], "data: a 'upkeep.tax' question has at least 1¤ unpaid, not 0")):
        old = copy.deepcopy(codec(GAME).state_to_dict(state))
        old["state"]["pending"][-1] = {"player": q.player, "prompt": q.prompt, "kind": "upkeep.tax", "tag": "",
                                       "data": data_, "options": []}
        with pytest.raises(InvalidRecordError, match=r"state.pending\[\d+\]") as caught:
            codec(GAME).state_from_dict(old)
        assert message in str(caught.value)
    saved = codec(GAME).state_to_dict(state)
    saved["state"]["pending"][-1]["unpaid"] = 0
    with pytest.raises(InvalidRecordError, match=r"state.pending.\d+.unpaid"):
        codec(GAME).state_from_dict(saved)
    old = copy.deepcopy(codec(GAME).state_to_dict(_removal_question()))
    old["state"]["pending"][-1] = {"player": 0, "prompt": "x", "kind": "upkeep.remove", "tag": "", "data": [2],
                                   "options": []}
    with pytest.raises(InvalidRecordError, match="data: a 'upkeep.remove' question holds no data"):
        codec(GAME).state_from_dict(old)


def test_a_good_listed_twice_in_a_market_question_is_refused() -> None:
    """A forged save listing a good twice gave each sell answer twice (found by a hostile run)."""
    state = _market_positions(ChooseGood)[0]
    q = state.pending[-1]
    assert isinstance(q, ChooseGood) and q.sell
    saved = copy.deepcopy(codec(GAME).state_to_dict(state))
    top = saved["state"]["pending"][-1]
    top["sell"] = [*top["sell"], top["sell"][0]]
    with pytest.raises(InvalidRecordError) as caught:
        codec(GAME).state_from_dict(saved)
    where = f"state.pending.{len(state.pending) - 1}.sell.{len(q.sell)}"
    assert caught.value.field == where and f"good {q.sell[0]} is listed twice" in str(caught.value)
