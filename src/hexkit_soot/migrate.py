"""Saves from before a question kind was typed: read as the typed question.

Soot's questions move from :class:`~hexkit_soot.actions.Step` (``kind``,
``tag``, ``data`` packing) to one class each
(:data:`~hexkit_soot.actions.TYPED_QUESTIONS`). A save written before holds
the old ``Step`` form, without a ``"type"`` tag; the codec reads an untagged
decision as a ``Step`` (``SootGame.untagged_decision``) and its ``Step`` hook
hands the dict here first: :func:`typed_question` returns the typed form of a
ported kind (a ``"market.qty"`` step with ``data`` ``[hex code, good]`` and
``tag`` ``"sell"`` is ``MarketQuantity(at, good, sell=True, most=<number of
options>)``), or ``None`` to read it as a ``Step``. A dict that does not fit
is refused with a ``ValueError`` naming the field. Where the old step's fixed
``options`` were facts of the moment (the Explorers that could explore, the
surveyed tiles the player could pay for) they become the typed fields; where
the handler derives the answers from the state (the drawn tiles, the
Explorer's open edges) they are not read. New saves are written in the typed
form.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hexkit_soot.actions import (BuildSegment, BuildStructure, BuyUpgrade, ChooseExplorer, CommunityInteraction,
                                 AnswerOffer, BuildOffer, CaravanStop, ChooseEventOption, ChooseGood, ChooseMarket,
                                 DriveLeg, FireFacility, FrontierTax, UpkeepRemoval, ChoosePayment,
                                 ChoosePrivatePayment, EffectQuestion, PayUpkeepFood,
                                 BonusDiscard, DrawCards, HandLimitDiscard, KeepDrawn, LegacyBid,
                                 OfferTarget, DiscardSecret, DraftArchetype, ExploreSource, ExtractCamp, ExtractMode,
                                 FoundCamp, FoundSettlement, IssueShares, KeepTile, LaborDemand, MarketQuantity,
                                 MoveAgent, MoveWalk, PlaceTile, RanchOutput, ReserveSlot, RouteKind, ScrubSoot,
                                 SootQuestion, SpecialiseSettlement, TrailBossAgent, TrainCaravan, UnlockOuterDistrict,
                                 UpgradeSettlement)
from hexkit_soot.actions import HEX_CODES
from hexkit_soot.grid import code_hex

__all__ = ["typed_question", "MIGRATIONS"]


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _market_qty(saved: dict[str, Any]) -> dict[str, Any]:
    data, tag, options = saved.get("data"), saved.get("tag"), saved.get("options")
    if not (isinstance(data, list) and len(data) == 2 and all(_int(x) for x in data)):
        raise ValueError(f"data: a 'market.qty' question holds [market hex code, good], not {data!r:.60}")
    if tag not in ("sell", "buy"):
        raise ValueError(f"tag: a 'market.qty' question is 'sell' or 'buy', not {tag!r:.40}")
    if not isinstance(options, list) or not options:
        raise ValueError("options: a 'market.qty' question offers at least one quantity")
    if saved.get("then") is not None:
        raise ValueError("then: a 'market.qty' question has no continuation")
    masked = data[0] == -1
    return {"player": saved.get("player"), "prompt": saved.get("prompt", ""),
            "at": None if masked else str(code_hex(data[0])), "good": data[1], "sell": tag == "sell",
            "most": -1 if masked else len(options)}


def _soot_scrub(saved: dict[str, Any]) -> dict[str, Any]:
    options = saved.get("options")
    if not isinstance(options, list) or not options:
        raise ValueError("options: a 'soot.scrub' question offers at least one quantity")
    if saved.get("data") not in (None, []) or saved.get("tag") not in (None, ""):
        raise ValueError("data: a 'soot.scrub' question holds no data or tag")
    if saved.get("then") is not None:
        raise ValueError("then: a 'soot.scrub' question has no continuation")
    return {"player": saved.get("player"), "prompt": saved.get("prompt", ""), "most": len(options)}


def _ints(saved: dict[str, Any], kind: str, shape: str, n: int) -> list[int]:
    """The step's ``data``: ``n`` integers (``shape`` names them for the refusal)."""
    data = saved.get("data")
    if not (isinstance(data, list) and len(data) == n and all(_int(x) for x in data)):
        raise ValueError(f"data: a {kind!r} question holds [{shape}], not {data!r:.60}")
    return data


def _answers(saved: dict[str, Any], kind: str) -> list[tuple[str, int]]:
    """The step's fixed ``options`` as ``(code, arg)`` pairs (at least one)."""
    options = saved.get("options")
    if not isinstance(options, list) or not options:
        raise ValueError(f"options: a {kind!r} question offers at least one answer")
    out: list[tuple[str, int]] = []
    for option in options:
        code, arg = (option.get("code"), option.get("arg", 0)) if isinstance(option, dict) else (None, None)
        if not isinstance(code, str) or not isinstance(arg, int) or isinstance(arg, bool):
            raise ValueError(f"options: a {kind!r} question's answers are {{code, arg}} objects, not {option!r:.60}")
        out.append((code, arg))
    return out


def _plain(saved: dict[str, Any], kind: str) -> dict[str, Any]:
    """The fields every question has; refuses a tag or a continuation where the kind has none."""
    if saved.get("tag") not in (None, ""):
        raise ValueError(f"tag: a {kind!r} question has no tag, not {saved.get('tag')!r:.40}")
    if saved.get("then") is not None:
        raise ValueError(f"then: a {kind!r} question has no continuation")
    return {"player": saved.get("player"), "prompt": saved.get("prompt", "")}


def _explore_explorer(saved: dict[str, Any]) -> dict[str, Any]:
    kind = "explore.explorer"
    if saved.get("data") not in (None, []):
        raise ValueError(f"data: a {kind!r} question holds no data, not {saved.get('data')!r:.60}")
    answers = _answers(saved, kind)
    if any(code != "explorer" for code, _ in answers):
        raise ValueError(f"options: a {kind!r} question's answers are 'explorer' choices, not {answers!r:.60}")
    return {**_plain(saved, kind), "explorers": [arg for _, arg in answers]}


def _explore_source(saved: dict[str, Any]) -> dict[str, Any]:
    kind = "explore.source"
    (explorer,) = _ints(saved, kind, "explorer", 1)
    answers = _answers(saved, kind)
    if any(code not in ("draw", "survey") for code, _ in answers):
        raise ValueError(f"options: a {kind!r} question's answers are 'draw' and 'survey', not {answers!r:.60}")
    return {**_plain(saved, kind), "explorer": explorer, "draw": ("draw", 0) in answers,
            "surveys": [arg for code, arg in answers if code == "survey"]}


def _explore_tile(saved: dict[str, Any]) -> dict[str, Any]:
    kind = "explore.tile"
    (explorer,) = _ints(saved, kind, "explorer", 1)
    return {**_plain(saved, kind), "explorer": explorer}  # the options: the state's drawn tiles


def _explore_hex(saved: dict[str, Any]) -> dict[str, Any]:
    kind = "explore.hex"
    explorer, tile = _ints(saved, kind, "explorer, drawn tile", 2)
    return {**_plain(saved, kind), "explorer": explorer, "tile": tile}  # the options: the Explorer's open edges


_TOLL_BIT = 32
"""The Move's packed progress (old ``data[0]`` of the move questions): bit
``n`` for agent ``n`` moved (below 32), bit ``32 + seat`` for a rival owner
paid a toll (seats 0-7)."""


def _moved(kind: str, packed: int) -> dict[str, list[int]]:
    if packed < 0 or packed >> (_TOLL_BIT + 8):
        raise ValueError(f"data: a {kind!r} question's first number packs the agents moved and tolls paid, not {packed}")
    return {"moved": [a for a in range(_TOLL_BIT) if packed >> a & 1],
            "tolls_paid": [o for o in range(8) if packed >> (_TOLL_BIT + o) & 1]}


def _move_agent(saved: dict[str, Any]) -> dict[str, Any]:
    kind = "move.agent"
    (packed,) = _ints(saved, kind, "agents moved and tolls paid", 1)
    return {**_plain(saved, kind), **_moved(kind, packed)}  # the options: the agents that can move now


def _move_walk(saved: dict[str, Any]) -> dict[str, Any]:
    kind = "move.walk"
    packed, agent = _ints(saved, kind, "agents moved and tolls paid, walker", 2)
    if not 0 <= agent < 16:
        raise ValueError(f"data: a {kind!r} question walks an Explorer (0-7) or a Builder (8-15), not agent {agent}")
    return {**_plain(saved, kind), **_moved(kind, packed), "agent": "Builder" if agent >= 8 else "Explorer",
            "index": agent % 8}  # the options: the walker's reach now


def _hex(kind: str, code: int) -> str:
    """The hex of an old step's hex code (as the codec reads a ``Hex``: its text)."""
    if code not in HEX_CODES:
        raise ValueError(f"data: a {kind!r} question holds a hex code, not {code}")
    return str(code_hex(code))


def _no_data(kind: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """The reader of a kind whose old step held no data (its answers are read from the state or fixed)."""

    def read(saved: dict[str, Any]) -> dict[str, Any]:
        if saved.get("data") not in (None, []):
            raise ValueError(f"data: a {kind!r} question holds no data, not {saved.get('data')!r:.60}")
        return _plain(saved, kind)

    return read


def _at(kind: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """The reader of a kind whose old step held one hex code: the typed question's ``at``."""

    def read(saved: dict[str, Any]) -> dict[str, Any]:
        (code,) = _ints(saved, kind, "hex code", 1)
        return {**_plain(saved, kind), "at": _hex(kind, code)}

    return read


def _labor_demand(saved: dict[str, Any]) -> dict[str, Any]:
    kind = "labor.demand"
    (code,) = _ints(saved, kind, "facility code: hex code * 8 + slot", 1)
    return {**_plain(saved, kind), "at": _hex(kind, code // 8), "slot": code % 8}


def _shares_issue(saved: dict[str, Any]) -> dict[str, Any]:
    kind = "shares.issue"
    (root,) = _ints(saved, kind, "edge code of the line's smallest segment", 1)
    most = sum(1 for code, _ in _answers(saved, kind) if code == "qty")
    if most < 1:
        raise ValueError(f"options: a {kind!r} question offers at least one 'qty' answer")
    return {**_plain(saved, kind), "root_edge": root, "most": most}


def _trade_target(saved: dict[str, Any]) -> dict[str, Any]:
    kind = "trade.target"
    if saved.get("data") not in (None, []):
        raise ValueError(f"data: a {kind!r} question holds no data, not {saved.get('data')!r:.60}")
    answers = _answers(saved, kind)
    if any(code != "player" or arg < 0 for code, arg in answers):
        raise ValueError(f"options: a {kind!r} question's answers are 'player' choices (2 * seat, + 1 for a "
                         f"contract), not {answers!r:.60}")
    return {**_plain(saved, kind), "trade": [arg // 2 for _, arg in answers if arg % 2 == 0],
            "contract": [arg // 2 for _, arg in answers if arg % 2 == 1]}


def _route_edge(saved: dict[str, Any]) -> dict[str, Any]:
    kind = "route.edge"
    route = saved.get("tag")
    if route not in ("road", "rail", "upgrade"):
        raise ValueError(f"tag: a {kind!r} question lays a 'road', 'rail' or 'upgrade', not {route!r:.40}")
    (built,) = _ints(saved, kind, "segments built", 1)
    if built not in (0, 1):
        raise ValueError(f"data: a {kind!r} question comes after 0 or 1 segments built, not {built}")
    if saved.get("then") is not None:
        raise ValueError(f"then: a {kind!r} question has no continuation")
    # the options: the edges the route rules offer now (and done after the first)
    return {"player": saved.get("player"), "prompt": saved.get("prompt", ""), "route": route, "built": built}


def _settlement_spec(saved: dict[str, Any]) -> dict[str, Any]:
    kind = "settlement.spec"
    (code,) = _ints(saved, kind, "hex code * 8 + settlement type", 1)
    return {**_plain(saved, kind), "at": _hex(kind, code // 8), "settlement": code % 8}  # the options: its type's


def _refine_fire(saved: dict[str, Any]) -> dict[str, Any]:
    kind = "refine.fire"
    data = saved.get("data")
    if not (isinstance(data, list) and len(data) >= 2 and all(_int(x) for x in data)):
        raise ValueError(f"data: a {kind!r} question holds [fuel, extra firings, facilities fired...], not {data!r:.60}")
    options = saved.get("options") or []  # none on a paying question (under a payment question or in its Rerun)
    answers = [] if not options else _answers(saved, kind)
    if any(code not in ("fire", "done") for code, _ in answers):
        raise ValueError(f"options: a {kind!r} question's answers are 'fire' and 'done', not {answers!r:.60}")
    return {**_plain(saved, kind), "fuel": data[0], "extra": data[1], "fired": data[2:],
            "offered": [arg for code, arg in answers if code == "fire"]}


def _move_drive(saved: dict[str, Any]) -> dict[str, Any]:
    kind = "move.drive"
    packed, caravan, spent, flags = _ints(saved, kind, "agents moved and tolls paid, caravan, points spent, flags", 4)
    if not 0 <= flags <= 3:
        raise ValueError(f"data: a {kind!r} question's flags are 1 (fuelled) + 2 (node seen), not {flags}")
    return {**_plain(saved, kind), **_moved(kind, packed), "caravan": caravan, "spent": spent,
            "fuelled": bool(flags & 1), "node_seen": bool(flags & 2)}  # the options: the caravan's reach now


def _trade_build(saved: dict[str, Any]) -> dict[str, Any]:
    kind = "trade.build"
    if saved.get("data") not in (None, []):
        raise ValueError(f"data: a {kind!r} question holds no data, not {saved.get('data')!r:.60}")
    answers = _answers(saved, kind)
    codes = [code for code, _ in answers]
    if any(code not in ("give", "ask", "currency", "due", "propose", "cancel") for code in codes) or "cancel" not in codes:
        raise ValueError(f"options: a {kind!r} question's answers are 'give', 'ask', 'currency', 'due', 'propose' "
                         f"and 'cancel', not {answers!r:.60}")
    options = saved.get("options") or []
    screened = all(isinstance(o, dict) and o.get("arg") == -1 and o.get("label") == "?" for o in options)
    return {**_plain(saved, kind), **{field: [arg for code, arg in answers if code == field]
                                      for field in ("give", "ask", "currency", "due")},
            "propose": "propose" in codes, "screened": screened}  # a view's masked step: one '?' per kind


def _move_cargo(saved: dict[str, Any]) -> dict[str, Any]:
    kind = "move.cargo"
    data = _ints(saved, kind, "agents moved and tolls paid, caravan, points spent, flags, loaded, unloaded", 6)
    answers = _answers(saved, kind)
    if any(code not in ("load", "unload", "go", "done") for code, _ in answers) or ("done", 0) not in answers \
            and ("done", -1) not in answers:
        raise ValueError(f"options: a {kind!r} question's answers are 'load', 'unload', 'go' and 'done', "
                         f"not {answers!r:.60}")
    codes = [code for code, _ in answers]
    if data[1] == -1:  # another seat's view of it, masked: one '?' per kind of answer, no context
        return {**_plain(saved, kind), "caravan": -1, "moved": [], "tolls_paid": [], "spent": -1, "fuelled": False,
                "node_seen": False, "loaded": [], "unloaded": [], "loads": [-1] if "load" in codes else [],
                "unloads": [-1] if "unload" in codes else [], "drive": "go" in codes, "screened": True}
    packed, caravan, spent, flags, loaded, unloaded = data
    if not 0 <= flags <= 3:
        raise ValueError(f"data: a {kind!r} question's flags are 1 (fuelled) + 2 (node seen), not {flags}")
    if loaded < 0 or unloaded < 0:
        raise ValueError(f"data: a {kind!r} question's last two numbers are bit masks of goods, not {loaded}, {unloaded}")
    return {**_plain(saved, kind), **_moved(kind, packed), "caravan": caravan, "spent": spent,
            "fuelled": bool(flags & 1), "node_seen": bool(flags & 2),
            "loaded": [g for g in range(loaded.bit_length()) if loaded >> g & 1],
            "unloaded": [g for g in range(unloaded.bit_length()) if unloaded >> g & 1],
            "loads": [arg for code, arg in answers if code == "load"],
            "unloads": [arg for code, arg in answers if code == "unload"], "drive": "go" in codes, "screened": False}


def _market_where(saved: dict[str, Any]) -> dict[str, Any]:
    kind = "market.where"
    if saved.get("data") not in (None, []):
        raise ValueError(f"data: a {kind!r} question holds no data, not {saved.get('data')!r:.60}")
    answers = _answers(saved, kind)
    if any(code != "hex" for code, _ in answers):
        raise ValueError(f"options: a {kind!r} question's answers are 'hex' choices, not {answers!r:.60}")
    return {**_plain(saved, kind), "markets": [_hex(kind, arg) for _, arg in answers]}


def _market_good(saved: dict[str, Any]) -> dict[str, Any]:
    kind = "market.good"
    (code,) = _ints(saved, kind, "market hex code", 1)
    answers = _answers(saved, kind)
    if any(c not in ("sell", "buy") for c, _ in answers):
        raise ValueError(f"options: a {kind!r} question's answers are 'sell' and 'buy', not {answers!r:.60}")
    sell = [arg for c, arg in answers if c == "sell"]
    buy = [arg for c, arg in answers if c == "buy"]
    if code == -1:  # another seat's view of it, masked: one '?' per kind of answer, no market
        return {**_plain(saved, kind), "at": None, "sell": [-1] if sell else [], "buy": [-1] if buy else [],
                "screened": True}
    return {**_plain(saved, kind), "at": _hex(kind, code), "sell": sell, "buy": buy, "screened": False}


def _upkeep_tax(saved: dict[str, Any]) -> dict[str, Any]:
    kind = "upkeep.tax"
    (unpaid,) = _ints(saved, kind, "currency unpaid", 1)
    if unpaid < 1:
        raise ValueError(f"data: a {kind!r} question has at least 1¤ unpaid, not {unpaid}")
    return {**_plain(saved, kind), "unpaid": unpaid}  # the options: the player's camps, from the state


def _payment(kind: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """The reader of an old payment step with a continuation: its ways or units from the labels.

    Each label reads ``"<what>: <way>"`` (``"way"`` answers, numbered from 0)
    or ``"<what>: 1 <unit>"`` (``"unit"`` answers); another seat's view of
    it, masked, has one ``"?"`` answer. (A step without a continuation, of
    Soot 0.3.2, stays a ``Step``: :func:`typed_question`.)
    """

    def read(saved: dict[str, Any]) -> dict[str, Any]:
        if saved.get("data") not in (None, []) or saved.get("tag") not in (None, ""):
            raise ValueError(f"data: a {kind!r} question with a continuation holds no data or tag")
        answers = _answers(saved, kind)
        codes = {code for code, _ in answers}
        if codes not in ({"way"}, {"unit"}):
            raise ValueError(f"options: a {kind!r} question's answers are all 'way' or all 'unit', not {answers!r:.60}")
        by_unit = codes == {"unit"}
        base = {"player": saved.get("player"), "prompt": saved.get("prompt", ""), "by_unit": by_unit}
        labels = [o.get("label", "") for o in saved["options"]]
        if all(arg == -1 for _, arg in answers):  # another seat's view: masked
            return {**base, "what": "", "offered": [-1], "shown": [], "then": None, "screened": True}
        what = labels[0].partition(": ")[0]
        lead = f"{what}: 1 " if by_unit else f"{what}: "
        if not all(isinstance(label, str) and label.startswith(lead) for label in labels):
            raise ValueError(f"options: a {kind!r} question's labels read '<what>: <way>', not {labels!r:.80}")
        offered = [arg for _, arg in answers]
        if not by_unit and offered != list(range(len(offered))):
            raise ValueError(f"options: a {kind!r} question numbers its ways from 0, not {offered!r:.60}")
        return {**base, "what": what, "offered": offered, "shown": [label[len(lead):] for label in labels],
                "then": saved["then"], "screened": False}

    return read


def _effect(saved: dict[str, Any]) -> dict[str, Any]:
    kind = "effect"
    tag = saved.get("tag")
    if not isinstance(tag, str) or "|" not in tag:
        raise ValueError(f"tag: an {kind!r} question's tag reads '<effect>|<stage>', not {tag!r:.60}")
    if saved.get("data") not in (None, []):
        raise ValueError(f"data: an {kind!r} question holds no data, not {saved.get('data')!r:.60}")
    _answers(saved, kind)
    source, _, stage = tag.partition("|")
    masked = all(isinstance(o, dict) and o.get("arg") == -1 and o.get("label") == "?" for o in saved["options"])
    return {"player": saved.get("player"), "prompt": saved.get("prompt", ""), "source": source, "stage": stage,
            "options": saved["options"], "then": saved.get("then"), "screened": masked}
def _cards_keep(saved: dict[str, Any]) -> dict[str, Any]:
    kind = "cards.keep"
    drawn = _ints(saved, kind, "card drawn, card drawn", 2)
    if not (all(c >= 0 for c in drawn) or all(c == -1 for c in drawn)):  # -1 -1: another seat's view, masked
        raise ValueError(f"data: a {kind!r} question holds two card indexes (or -1 -1 when masked), not {drawn!r:.60}")
    return {**_plain(saved, kind), "drawn": drawn}  # the options: the distinct cards drawn


def _cards_bonus(saved: dict[str, Any]) -> dict[str, Any]:
    kind = "cards.bonus"
    (left,) = _ints(saved, kind, "cards left to discard", 1)
    if left == -1:  # another seat's view masked the count as well: not known
        raise ValueError(f"data: a masked {kind!r} question (another seat's view) does not say how many"
                         " discards are left; save the game from the asker's or the full state")
    if left not in (1, 2):
        raise ValueError(f"data: a {kind!r} question has 1 or 2 cards left to discard, not {left}")
    return {**_plain(saved, kind), "left": left}  # the options: the hand, from the state


def _cards_limit(saved: dict[str, Any]) -> dict[str, Any]:
    kind = "cards.limit"
    _ints(saved, kind, "cards over the limit", 1)  # the excess is read from the hand now
    return _plain(saved, kind)


def _cards_bid(saved: dict[str, Any]) -> dict[str, Any]:
    """A rules 0.3.x bid step (``data`` ``[place in turn order, row slot]``; answers +1, +step, place).

    Its bidder is asked again for the whole bid as one answer; whether they had
    begun raising is in ``state.bids``, which the load's integrity checks
    (a running bid is refused there, naming it).
    """
    kind = "cards.bid"
    _, slot = _ints(saved, kind, "bidder's place in turn order, card row slot", 2)
    answers = _answers(saved, kind)
    if any(code != "bid" for code, _ in answers):
        raise ValueError(f"options: a {kind!r} question's answers are 'bid' choices, not {answers!r:.60}")
    return {**_plain(saved, kind), "slot": slot}  # the place: read from state.order; the answers: 0..currency


MIGRATIONS: dict[str, tuple[type[SootQuestion], Callable[[dict[str, Any]], dict[str, Any]]]] = {
    "market.qty": (MarketQuantity, _market_qty),
    "soot.scrub": (ScrubSoot, _soot_scrub),
    "explore.explorer": (ChooseExplorer, _explore_explorer),
    "explore.source": (ExploreSource, _explore_source),
    "explore.tile": (KeepTile, _explore_tile),
    "explore.hex": (PlaceTile, _explore_hex),
    "move.agent": (MoveAgent, _move_agent),
    "move.walk": (MoveWalk, _move_walk),
    "route.kind": (RouteKind, _no_data("route.kind")),
    "extract.camp": (ExtractCamp, _no_data("extract.camp")),
    "extract.mode": (ExtractMode, _at("extract.mode")),
    "production.ranch": (RanchOutput, _at("production.ranch")),
    "upgrade.agent": (TrailBossAgent, _no_data("upgrade.agent")),
    "settlement.found": (FoundSettlement, _no_data("settlement.found")),
    "settlement.reserve": (ReserveSlot, _at("settlement.reserve")),
    "setup.draft": (DraftArchetype, _no_data("setup.draft")),
    "setup.secret": (DiscardSecret, _no_data("setup.secret")),
    "labor.demand": (LaborDemand, _labor_demand),
    "shares.issue": (IssueShares, _shares_issue),
    "community.interact": (CommunityInteraction, _no_data("community.interact")),
    "trade.target": (OfferTarget, _trade_target),
    "route.edge": (BuildSegment, _route_edge),
    "structure.build": (BuildStructure, _no_data("structure.build")),
    "structure.train": (TrainCaravan, _no_data("structure.train")),
    "structure.outer": (UnlockOuterDistrict, _no_data("structure.outer")),
    "camp.found": (FoundCamp, _no_data("camp.found")),
    "settlement.spec": (SpecialiseSettlement, _settlement_spec),
    "settlement.upgrade": (UpgradeSettlement, _no_data("settlement.upgrade")),
    "upgrade.buy": (BuyUpgrade, _no_data("upgrade.buy")),
    "refine.fire": (FireFacility, _refine_fire),
    "move.drive": (DriveLeg, _move_drive),
    "trade.build": (BuildOffer, _trade_build),
    "trade.answer": (AnswerOffer, _no_data("trade.answer")),
    "move.cargo": (CaravanStop, _move_cargo),
    "event.choose": (ChooseEventOption, _no_data("event.choose")),  # the options: the event's, from the state
    "market.where": (ChooseMarket, _market_where),
    "market.good": (ChooseGood, _market_good),
    "upkeep.tax": (FrontierTax, _upkeep_tax),
    "upkeep.remove": (UpkeepRemoval, _no_data("upkeep.remove")),  # the options: the player's camps and facilities
    "upkeep.food": (PayUpkeepFood, _no_data("upkeep.food")),  # the bill and the food, from the state
    "pay": (ChoosePayment, _payment("pay")),
    "pay.private": (ChoosePrivatePayment, _payment("pay.private")),
    "effect": (EffectQuestion, _effect),
    "cards.draw": (DrawCards, _no_data("cards.draw")),  # the options: the row and the piles, from the state
    "cards.keep": (KeepDrawn, _cards_keep),
    "cards.bonus": (BonusDiscard, _cards_bonus),
    "cards.limit": (HandLimitDiscard, _cards_limit),
    "cards.bid": (LegacyBid, _cards_bid),
}
"""Old ``Step.kind`` -> the typed question and the reader of its old fields."""


def typed_question(saved: dict[str, Any]) -> tuple[type[SootQuestion], dict[str, Any]] | None:
    """The typed question class and fields of an old saved ``Step``, or ``None`` if its kind is not ported.

    Args:
        saved: a saved ``Step`` (its JSON object).

    Raises:
        ValueError: the step is of a ported kind but its fields do not fit,
            naming the field.
    """
    kind = saved.get("kind")
    found = MIGRATIONS.get(kind) if isinstance(kind, str) else None
    if found is None:
        return None
    if kind in ("pay", "pay.private") and saved.get("then") is None:
        return None  # Soot 0.3.2: the paying question lies under it; answered as a Step (payment.PayQuestions)
    cls, read = found
    return cls, read(saved)
