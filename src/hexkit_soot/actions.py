"""Actions and decisions of Soot & Timber.

A turn is a chain of small questions. A pending question is a typed
question (:data:`TYPED_QUESTIONS`: :class:`MarketQuantity`,
:class:`ScrubSoot`, the Explore chain :class:`ChooseExplorer`,
:class:`ExploreSource`, :class:`KeepTile`, :class:`PlaceTile`, the Move's
:class:`MoveAgent` and :class:`MoveWalk`, :class:`RouteKind`,
:class:`ExtractCamp`, :class:`ExtractMode`, :class:`RanchOutput`,
:class:`TrailBossAgent`, :class:`FoundSettlement`, :class:`ReserveSlot`,
:class:`DraftArchetype`, :class:`DiscardSecret`, :class:`LaborDemand`,
:class:`IssueShares`, :class:`CommunityInteraction`, :class:`OfferTarget`, the
builds that pay through a card payment (:class:`BuildSegment`,
:class:`BuildStructure`, :class:`TrainCaravan`, :class:`UnlockOuterDistrict`,
:class:`FoundCamp`, :class:`SpecialiseSettlement`, :class:`UpgradeSettlement`,
:class:`BuyUpgrade`), Refine's :class:`FireFacility` and a caravan's
:class:`DriveLeg` and :class:`CaravanStop`, the trade's :class:`BuildOffer` and :class:`AnswerOffer`, the event's
:class:`ChooseEventOption`, the cards' :class:`DrawCards`, :class:`KeepDrawn`,
:class:`BonusDiscard` and :class:`HandLimitDiscard`, the Legacy auction's
:class:`LegacyBid`, the market's :class:`ChooseMarket` and
:class:`ChooseGood`, the upkeep's :class:`FrontierTax`, :class:`UpkeepRemoval` and
:class:`PayUpkeepFood`, the payment questions :class:`ChoosePayment` and
:class:`ChoosePrivatePayment`, and the effects' :class:`EffectQuestion`,
with named fields) or a :class:`Step` (``kind`` names the question, ``tag``
and ``data`` pack its context): the turn menu, and the shape of old saves
(a Soot 0.3.2 payment question without continuation stays one); both say their ``kind``. Every answer is a :class:`Choose`: a ``code`` saying what kind of answer it is
(``"Explore"``, ``"hex"``, ``"good"``, ``"qty"``...) and an integer ``arg``
(a hex index, a unit count, a slot). The label is for people and logs and
takes no part in equality, so a record stays valid if wording changes.

Examples of chains (each line is one decision):

* Turn menu -> ``Choose("Explore")`` -> ``Choose("tile", 0)`` (which drawn
  tile) -> ``Choose("hex", 3)`` (which neighbour of the Explorer).
* Turn menu -> ``Choose("Market")`` -> ``Choose("sell", good id)`` ->
  ``Choose("qty", 3)``.

Every answer is also an answer of the core's shared vocabulary
(:mod:`hexkit.flow.answers`): its :attr:`Choose.kind`, :attr:`Choose.hex`
and :attr:`Choose.component` are read from its ``code`` and ``arg`` through
:data:`ANSWER_CODES`, so a frontend or an agent tells "choose a hex" from
"choose a card" without knowing Soot's codes, while the answer's fields,
equality and JSON form stay what records and saved games hold.

Source: rulebook, "Phase 2: Actions" and each action's section.
"""

from __future__ import annotations

from typing import ClassVar, Literal, TypeAlias

import attrs

from hexkit.flow import Question, Resume
from hexkit.flow.answers import Answer, AnswerKind, ComponentRef
from hexkit.game import Decision
from hexkit.hexes import Hex
from hexkit_soot.grid import code_hex

__all__ = [
    "Choose", "Step", "SootQuestion", "MarketQuantity", "ChooseExplorer", "ExploreSource", "KeepTile", "PlaceTile",
    "MoveAgent", "MoveWalk", "RouteKind", "ExtractCamp", "ExtractMode", "RanchOutput", "TrailBossAgent",
    "FoundSettlement", "ReserveSlot", "DraftArchetype", "DiscardSecret", "LaborDemand", "IssueShares", "CommunityInteraction", "OfferTarget", "ScrubSoot",
    "BuildSegment", "BuildStructure", "TrainCaravan", "UnlockOuterDistrict", "FoundCamp", "SpecialiseSettlement",
    "UpgradeSettlement", "BuyUpgrade", "FireFacility", "DriveLeg", "BuildOffer", "AnswerOffer", "CaravanStop", "ChooseEventOption", "DrawCards", "KeepDrawn", "BonusDiscard", "HandLimitDiscard", "LegacyBid", "ChooseMarket", "ChooseGood", "FrontierTax", "UpkeepRemoval",
    "ChoosePayment", "ChoosePrivatePayment", "PayUpkeepFood", "EffectQuestion",
    "TYPED_QUESTIONS", "SootDecision", "SOOT_DECISIONS", "Meaning", "ANSWER_CODES", "HEX_CODES",
]

HEX_CODES = range(1 << 18, 1 << 20)
"""The values :func:`hexkit_soot.grid.hex_code` takes for a hex ``(q, r)`` with
``-256 <= q < 512`` and ``-512 <= r < 512`` (every hex a map can reach: a map
is assembled from tiles around ``(0, 0)``). Small-integer arguments (counts,
ids, slots) are far below it, so an answer whose ``code`` serves both (``"upgrade"``:
a settlement's hex, or an upgrade's number) is read without its question."""


@attrs.frozen
class Meaning:
    """What one reading of an answer code means in the shared vocabulary.

    Attributes:
        kind: the answer's shared kind.
        pack: for a hex: ``arg`` is ``hex_code(h) * pack + sub`` (``sub < pack``); 0 otherwise.
        group: for a component: its :attr:`~hexkit.flow.answers.ComponentRef.group`;
            its key is ``str(arg % modulo)`` (``str(arg)`` when ``modulo`` is 0).
        modulo: see ``group``.
    """

    kind: AnswerKind
    pack: int = 0
    group: str = ""
    modulo: int = 0

    def fits(self, arg: int) -> bool:
        """Whether ``arg`` can be read this way (a hex reading needs a hex code)."""
        return not self.pack or arg // self.pack in HEX_CODES


def _hex(pack: int) -> tuple[Meaning, ...]:
    return (Meaning(AnswerKind.HEX, pack=pack),)


def _part(group: str, modulo: int = 0) -> tuple[Meaning, ...]:
    return (Meaning(AnswerKind.COMPONENT, group=group, modulo=modulo),)


_OPTION = Meaning(AnswerKind.OPTION)
_NUMBER = (Meaning(AnswerKind.NUMBER),)
_DONE = (Meaning(AnswerKind.DONE),)
_YES_NO = (Meaning(AnswerKind.YES_NO),)

ANSWER_CODES: dict[str, tuple[Meaning, ...]] = {
    # a hex: arg = hex_code(h) * pack + sub (an edge's direction, a kind's index, a slot)
    "hex": _hex(1), "trail": _hex(1), "community": _hex(1), "train": _hex(1),
    "Abandon Camp": _hex(1),
    "interact": _hex(2),
    "edge": _hex(8), "Buy Share": _hex(8), "settle": _hex(8), "facility": _hex(8), "fire": _hex(8),
    "Hire Worker": _hex(8), "End Strike": _hex(8), "pay": _hex(8), "strike": _hex(8),
    "build": _hex(32),
    # founding a camp packs its kind (x16); abandoning one is the bare hex
    "camp": (Meaning(AnswerKind.HEX, pack=16), Meaning(AnswerKind.HEX, pack=1)),
    # a settlement's tier upgrade names its hex; buying an upgrade or upgrading a road is an option
    "upgrade": (Meaning(AnswerKind.HEX, pack=1), _OPTION),
    # Vertical Integration loads at a hex; a caravan loads one good
    "load": (Meaning(AnswerKind.HEX, pack=1), Meaning(AnswerKind.COMPONENT, group="good")),
    # a card or another component: arg is its index in the data (cards, contracts, goods)
    "Play Card": _part("card"), "Spend Card": _part("card"), "keep": _part("card"),
    "discard": _part("card"),  # a hand card; at set-up a secret objective card (its own index)
    "row": _part("card row"),
    "Claim Contract": _part("contract row"), "Fulfil Contract": _part("contract"),
    "Abandon Contract": _part("contract"),
    "sell": _part("good"), "buy": _part("good"), "give": _part("good"), "ask": _part("good"),
    "unload": _part("good"), "good": _part("good"), "food": _part("good"),
    "Provisioner": _part("good", 64),
    # a number
    "qty": _NUMBER, "bid": _NUMBER, "currency": _NUMBER, "due": _NUMBER,
    # yes or no
    "accept": _YES_NO, "decline": _YES_NO, "reserve": _YES_NO,
    # done or skip
    "done": _DONE, "skip": _DONE, "Pass": _DONE,
}
"""Answer code -> its readings, tried in order (the first that :meth:`~Meaning.fits`
the argument; the last when none does, as for a redacted answer's ``arg`` of -1).
A code not listed (the turn menu's action names, ``"blind"``, ``"way"``, ``"agent"``...)
is one of named options."""

_OPTIONS = (_OPTION,)


def _meaning(code: str, arg: int) -> Meaning:
    readings = ANSWER_CODES.get(code, _OPTIONS)
    for reading in readings:
        if reading.fits(arg):
            return reading
    return readings[-1]


@attrs.frozen(kw_only=True)
class Choose(Answer):
    """An answer to the pending :class:`Step`.

    Attributes:
        code: what kind of answer (an action name, ``"hex"``, ``"good"``, ``"qty"``...).
        arg: its integer argument (meaning set by ``code``).
        label: readable text; not part of equality or hashing.

    Its shared kind, hex and component come from ``code`` and ``arg``
    (:data:`ANSWER_CODES`):

    >>> from hexkit_soot.grid import hex_code
    >>> a = Choose(code="edge", arg=hex_code(Hex(2, -1)) * 8 + 3)
    >>> a.kind, a.hex, a.component
    (<AnswerKind.HEX: 'hex'>, Hex(q=2, r=-1), None)
    >>> Choose(code="sell", arg=4).component, Choose(code="qty", arg=2).kind
    (ComponentRef(group='good', key='4'), <AnswerKind.NUMBER: 'number'>)
    """

    code: str
    arg: int = 0
    label: str = attrs.field(default="", eq=False)

    def __str__(self) -> str:
        return str(self.label or (f"{self.code} {self.arg}" if self.arg else self.code))

    # The vocabulary's ``kind`` is a class constant; a Choose's depends on its code.
    @property
    def kind(self) -> AnswerKind:  # type: ignore[override]
        """The answer's shared kind (:data:`ANSWER_CODES`)."""
        return _meaning(self.code, self.arg).kind

    @property
    def hex(self) -> Hex | None:
        """The hex a hex answer names (``None`` for other kinds, or a redacted argument)."""
        reading = _meaning(self.code, self.arg)
        if not reading.pack or not reading.fits(self.arg):
            return None
        return code_hex(self.arg // reading.pack)

    @property
    def component(self) -> ComponentRef | None:
        """The card, contract or good a component answer names, by its index in the data."""
        reading = _meaning(self.code, self.arg)
        if not reading.group or self.arg < 0:
            return None
        return ComponentRef(reading.group, str(self.arg % reading.modulo if reading.modulo else self.arg))


@attrs.frozen(kw_only=True)
class Step(Decision):
    """A pending question.

    Attributes:
        kind: which question (the handler that answers it), e.g. ``"turn"``,
            ``"effect"``. The kinds of
            :data:`TYPED_QUESTIONS` are typed questions now
            (``"market.qty"``, ``"soot.scrub"``, ``"explore.explorer"``,
            ``"explore.source"``, ``"explore.tile"``, ``"explore.hex"``,
            ``"move.agent"``, ``"move.walk"``, ``"route.kind"``,
            ``"extract.camp"``, ``"extract.mode"``, ``"production.ranch"``,
            ``"upgrade.agent"``, ``"settlement.found"``,
            ``"settlement.reserve"``, ``"setup.draft"``, ``"setup.secret"``,
            ``"labor.demand"``, ``"shares.issue"``, ``"community.interact"``,
            ``"trade.target"``, ``"route.edge"``, ``"structure.build"``,
            ``"structure.train"``, ``"structure.outer"``, ``"camp.found"``,
            ``"settlement.spec"``, ``"settlement.upgrade"``, ``"upgrade.buy"``,
            ``"refine.fire"``, ``"move.drive"``, ``"trade.build"``, ``"trade.answer"``,
            ``"move.cargo"``, ``"event.choose"``, ``"market.where"``, ``"market.good"``,
            ``"upkeep.tax"``, ``"upkeep.remove"``, ``"cards.draw"``, ``"cards.keep"``,
            ``"cards.bonus"``, ``"cards.limit"``, ``"cards.bid"``, ``"upkeep.food"``,
            ``"pay"``, ``"pay.private"``, ``"effect"``); an old save's step of
            those kinds loads as one (:mod:`hexkit_soot.migrate`), except a
            payment question of Soot 0.3.2 without continuation (the paying
            question under it), the one ``Step`` of a ported kind left,
            answered by :class:`~hexkit_soot.rules.payment.PayQuestions`. No
            rule asks a ``Step`` of a ported kind: only ``"turn"`` is asked as one.
        tag: extra text context (an effect's ``"Name|stage"``, a good's name).
        data: integer context (hex indexes, goods ids, counts).
        options: the legal answers, when fixed when the question was asked
            (empty: they are computed from the state, as for the turn menu).
        then: the typed continuation that receives the answer ("ask, then
            resume": a payment's :class:`~hexkit_soot.rules.payment.Paying`
            rule), or ``None`` for a question answered by the handler of its
            ``kind``. The game hands the answer to the code registered for
            its type (:meth:`hexkit.flow.Flow.proceed`); it is saved nested,
            with a ``"type"`` tag, and a save without it loads as ``None``.
    """

    kind: str
    tag: str = ""
    data: tuple[int, ...] = ()
    options: tuple[Choose, ...] = ()
    then: Resume | None = None


@attrs.frozen(kw_only=True)
class SootQuestion(Question):
    """A Soot question with typed, named fields: one class per question kind.

    Ported one kind at a time from :class:`Step` (docs/flow.md, "Soot &
    Timber"); answered, like every Soot question, by :class:`Choose` values.

    Attributes:
        kind: the question's kind, the ``Step.kind`` it had (a class
            constant): the action catalogue's numbers and the observation's
            ``decision_<kind>`` flag are keyed by it, so they did not move.

    The one masking rule (:func:`hexkit_soot.views.hide_questions`): in
    another seat's view of an asker who keeps ingredients behind the screen,
    a question whose answers name one of them (:meth:`goods_named`, or by
    name in :meth:`texts_named`) is shown
    as :meth:`masked`, its answers one ``"?"`` per kind of answer, as a
    masked ``Step`` showed them; a :attr:`private` question (its fields name
    the asker's hidden cards) is shown as :meth:`masked` in every other
    seat's view.
    """

    kind: ClassVar[str]
    private: ClassVar[bool] = False
    """Whether every other seat's view shows it :meth:`masked` (drawn or held cards)."""

    def goods_named(self) -> tuple[int, ...]:
        """The goods (indexes in the game's goods) this question's answers name (none by default)."""
        return ()

    def texts_named(self) -> tuple[str, ...]:
        """The texts this question's answers show when kept as asked (a payment's ways, an effect's labels;
        none by default): a good named in one is named by the question, as by :meth:`goods_named`."""
        return ()

    def masked(self) -> SootQuestion:
        """This question as another seat's view shows it when it names a screened good (unchanged by default)."""
        return self


@attrs.frozen(kw_only=True)
class MarketQuantity(SootQuestion):
    """Market Transaction: how many units of ``good`` to buy or sell at ``at``.

    Answers ``Choose("qty", n)`` for ``n`` from 1 to ``most``, labelled
    ``"sell 3 Lumber"``. In another seat's view of a question naming an
    ingredient behind its asker's screen, ``at`` is ``None`` and ``good``
    and ``most`` are -1 (its one answer is a masked ``"?"``).

    Attributes:
        at: the market location.
        good: the good's index in the game's goods (data order, as answers give it).
        sell: selling (else buying).
        most: the most units on offer (at least 1).

    Source: rulebook, "Market Transaction".
    """

    kind: ClassVar[str] = "market.qty"
    at: Hex | None
    good: int
    sell: bool
    most: int

    def goods_named(self) -> tuple[int, ...]:
        """The good bought or sold."""
        return (self.good,)

    def masked(self) -> MarketQuantity:
        """No market, good or quantity: one answer ``Choose("qty", -1, "?")``."""
        return attrs.evolve(self, at=None, good=-1, most=-1)


@attrs.frozen(kw_only=True)
class ScrubSoot(SootQuestion):
    """Scrub Soot: how many soot cubes to remove (paying for each).

    Answers ``Choose("qty", n)`` for ``n`` from 1 to ``most``, labelled ``"remove 2 soot"``.

    Attributes:
        most: the most cubes the player can remove now (at least 1).

    Source: rulebook, "Scrub Soot".
    """

    kind: ClassVar[str] = "soot.scrub"
    most: int


@attrs.frozen(kw_only=True)
class ChooseExplorer(SootQuestion):
    """Explore: which Explorer explores (asked when several stand next to an open map edge).

    Answers ``Choose("explorer", i)`` for each ``i`` in ``explorers``,
    labelled ``"Explorer at (2, -1)"``.

    Attributes:
        explorers: the asker's Explorers that can explore, as indexes into
            ``PlayerState.explorers`` (at least two, in that order).

    Source: rulebook, "Explore" (your Explorer must be next to an open map edge).
    """

    kind: ClassVar[str] = "explore.explorer"
    explorers: tuple[int, ...]


@attrs.frozen(kw_only=True)
class ExploreSource(SootQuestion):
    """Explore: draw tiles from the stack, or take a tile from the Surveyed Territory row.

    Answers ``Choose("draw", 0)`` when ``draw``, then ``Choose("survey", i)``
    for each ``i`` in ``surveys``, labelled ``"take surveyed Hill (P1)"``.

    Attributes:
        explorer: the exploring Explorer (index into ``PlayerState.explorers``).
        draw: the terrain stack holds tiles to draw.
        surveys: the surveyed tiles the asker may take (indexes into
            ``SootState.survey``: their own, or another's when they can pay
            the surveyor's fee), in row order.

    Source: rulebook, "Explore" steps 1-2.
    """

    kind: ClassVar[str] = "explore.source"
    explorer: int
    draw: bool
    surveys: tuple[int, ...]


@attrs.frozen(kw_only=True)
class KeepTile(SootQuestion):
    """Explore: which of the drawn tiles (``SootState.drawn``) to place; the others go to the survey row.

    Answers ``Choose("tile", i)`` for each drawn tile ``i``, labelled
    ``"keep Hill (Coal site)"``.

    Attributes:
        explorer: the exploring Explorer (index into ``PlayerState.explorers``).

    Source: rulebook, "Explore" steps 2-3.
    """

    kind: ClassVar[str] = "explore.tile"
    explorer: int


@attrs.frozen(kw_only=True)
class PlaceTile(SootQuestion):
    """Explore: on which unexplored neighbour of the Explorer the kept tile goes.

    Answers ``Choose("hex", hex_code(h))`` for each unexplored neighbour
    ``h`` of the Explorer's hex (in :meth:`~hexkit.hexes.Hex.neighbors`
    order), labelled ``"place at (1, 0)"``.

    Attributes:
        explorer: the exploring Explorer (index into ``PlayerState.explorers``).
        tile: the kept tile, as an index into ``SootState.drawn``.

    Source: rulebook, "Explore" steps 3-4.
    """

    kind: ClassVar[str] = "explore.hex"
    explorer: int
    tile: int


@attrs.frozen(kw_only=True)
class MoveAgent(SootQuestion):
    """Move: which agent moves next (or, once one has moved, end the Move).

    Answers ``Choose("agent", n)`` for each agent not moved yet that can
    move (``n``: Explorer ``i`` is ``i``, Builder ``i`` is ``8 + i``,
    caravan ``i`` is ``16 + i``), labelled ``"move Explorer at (1, 0)"`` or
    ``"caravan 0 at (0, 0)"``; then ``Choose("done", 0)`` unless ``moved``
    is empty. Asked again after each agent's move while one is left.

    Attributes:
        moved: the agents moved so far this Move, by their answer numbers (sorted).
        tolls_paid: the rival owners a laden caravan has paid a toll to this
            Move (each is paid once per Move; sorted seats).

    Source: rulebook, "Agents & Movement" (Move: each of your agents may move once).
    """

    kind: ClassVar[str] = "move.agent"
    moved: tuple[int, ...]
    tolls_paid: tuple[int, ...]


@attrs.frozen(kw_only=True)
class MoveWalk(SootQuestion):
    """Move: where an Explorer or Builder walks.

    Answers ``Choose("hex", hex_code(h))`` for each hex ``h`` within the
    walker's reach this Move, in hex order, its own hex left out, labelled
    ``"to (2, -1)"``.

    Attributes:
        agent: ``"Explorer"`` or ``"Builder"``.
        index: which of the player's Explorers or Builders (index into
            ``PlayerState.explorers`` or ``PlayerState.builders``).
        moved: the agents moved this Move, this one included (as :class:`MoveAgent`).
        tolls_paid: as :class:`MoveAgent`, carried to the next agent.

    Source: rulebook, "Agents & Movement" (walkers; trails blazed).
    """

    kind: ClassVar[str] = "move.walk"
    agent: Literal["Explorer", "Builder"]
    index: int
    moved: tuple[int, ...]
    tolls_paid: tuple[int, ...]


@attrs.frozen(kw_only=True)
class RouteKind(SootQuestion):
    """Build Route: a road, a rail, or a road upgraded to rail.

    Answers those the player can pay for the first segment of and has an
    edge for, in this order: ``Choose("road", ROAD)`` (``"build road"``),
    ``Choose("rail", RAIL)`` (``"build rail"``), ``Choose("upgrade", RAIL)``
    (``"upgrade road to rail"``). No fields: the answers are read from the
    state (the player's goods and the open edges), which does not change
    before the answer.

    Source: rulebook, "Build Route".
    """

    kind: ClassVar[str] = "route.kind"


@attrs.frozen(kw_only=True)
class ExtractCamp(SootQuestion):
    """Extract: at which of the player's camps.

    Answers ``Choose("hex", hex_code(h))`` for each camp hex ``h`` with goods
    left to extract (:func:`hexkit_soot.rules.extract.extractable`), labelled
    ``"extract at (1, 0)"``. No fields: the camps are read from the state.

    Source: rulebook, "Extract".
    """

    kind: ClassVar[str] = "extract.camp"


@attrs.frozen(kw_only=True)
class ExtractMode(SootQuestion):
    """Extract: normally, or by Ruthless Exploitation (+2 goods, -1 Prestige).

    Answers ``Choose("normal", 0)`` (``"extract"``) and ``Choose("ruthless", 1)``.

    Attributes:
        at: the camp's hex.

    Source: rulebook, "Extract" (Ruthless Exploitation).
    """

    kind: ClassVar[str] = "extract.mode"
    at: Hex


@attrs.frozen(kw_only=True)
class RanchOutput(SootQuestion):
    """Production with Livestock Empire: the Ranch at ``at`` makes its Livestock or 1 Leather.

    Answers ``Choose("ranch", 0)`` (``"Livestock"``) and ``Choose("ranch", 1)``
    (``"1 Leather"``); the Production phase goes on with the next camp after it.

    Attributes:
        at: the Ranch's hex.

    Source: upgrade tile "Livestock Empire"; rulebook, "Production".
    """

    kind: ClassVar[str] = "production.ranch"
    at: Hex


@attrs.frozen(kw_only=True)
class TrailBossAgent(SootQuestion):
    """Trail Boss (upgrade): which new agent starts at the Central City.

    Answers ``Choose("agent", 0)`` (``"gain Explorer"``), ``("agent", 1)``
    (Builder) and ``("agent", 2)`` (Caravan).

    Source: upgrade tile "Trail Boss".
    """

    kind: ClassVar[str] = "upgrade.agent"


@attrs.frozen(kw_only=True)
class FoundSettlement(SootQuestion):
    """Found Settlement: which settlement type, on which hex.

    Answers ``Choose("settle", hex_code(h) * 8 + t)`` for each hex ``h`` and
    settlement type ``t`` (data order) the player may found now, labelled
    ``"found Village at (1, 0)"``; the specialisation is asked next (a
    ``"settlement.spec"`` step). No fields: the sites are read from the state.

    Source: rulebook, "Found Settlement".
    """

    kind: ClassVar[str] = "settlement.found"


@attrs.frozen(kw_only=True)
class ReserveSlot(SootQuestion):
    """The founder's Charter: reserve a facility slot of the new settlement for a few rounds, or not.

    Answers ``Choose("reserve", 1)`` (reserve) and ``Choose("reserve", 0)``
    (``"reserve no slot"``); the number of rounds is the data's
    ``reserve_rounds`` (in the labels and the prompt).

    Attributes:
        at: the settlement just founded.

    Source: rulebook, "Found Settlement" (the Charter's reserve marker).
    """

    kind: ClassVar[str] = "settlement.reserve"
    at: Hex


@attrs.frozen(kw_only=True)
class DraftArchetype(SootQuestion):
    """Set-up: which archetype of the draft pool to take (reverse seating order).

    Answers ``Choose("archetype", i)`` for each archetype ``i`` left in
    ``SootState.draft_pool``, labelled ``"draft Merchant"``. No fields.

    Source: rulebook, "Set-up" (archetype draft).
    """

    kind: ClassVar[str] = "setup.draft"


@attrs.frozen(kw_only=True)
class DiscardSecret(SootQuestion):
    """Set-up: which dealt secret objective to discard (asked until only those to keep are left).

    Answers ``Choose("discard", k)`` for each objective ``k`` in the asker's
    ``PlayerState.dealt``, labelled ``"discard Rail Baron"``. Private: in
    another seat's view (``SootState.viewer`` set and not the asker) its one
    answer is ``Choose("discard", -1, "?")``, as the masked step showed.
    No fields.

    Source: rulebook, "Set-up" (secret objectives: deal 3, keep 2).
    """

    kind: ClassVar[str] = "setup.secret"


@attrs.frozen(kw_only=True)
class LaborDemand(SootQuestion):
    """Labor Demands (module labor): pay the wage of the worker at a facility, or let it strike.

    Answers ``Choose("pay", code)`` and ``Choose("strike", code)``, ``code``
    being ``hex_code(at) * 8 + slot`` (the facility's number in the answers
    and in the module's lists), labelled ``"pay 1¤ wages to the worker at
    the Sawmill at (1, 0)"``. The next worker of the check is asked after it.

    Attributes:
        at: the settlement holding the facility.
        slot: the facility's index in that settlement's ``facilities``.

    Source: module labor, "Labor Demands" (a check each Hardship round).
    """

    kind: ClassVar[str] = "labor.demand"
    at: Hex
    slot: int


@attrs.frozen(kw_only=True)
class IssueShares(SootQuestion):
    """Shares (module): how many share certificates to issue in a line the player just laid rail in.

    Answers ``Choose("qty", k)`` for ``k`` from 1 to ``most``, labelled
    ``"issue 2 share certificate(s) in line (0,0)-(1,0)"``, then
    ``Choose("done", 0)`` (``"issue no certificate"``). The next fresh line
    is offered after it.

    Attributes:
        root_edge: the line, by one of its rail segments: the smallest
            :func:`~hexkit_soot.grid.edge_code` of its segments when asked.
        most: the certificates left to issue in it (at least 1).

    Source: module shares ("when any player builds rail, they may issue
    shares in that line (one certificate per 3 segments)").
    """

    kind: ClassVar[str] = "shares.issue"
    root_edge: int
    most: int


@attrs.frozen(kw_only=True)
class CommunityInteraction(SootQuestion):
    """Community Interaction: with which community, for which ingredient.

    Answers ``Choose("interact", hex_code(h) * 2 + i)`` for each community
    ``h`` an agent of the player stands on (without a rival's pact) and each
    ingredient ``i`` left in the supply (0 Cultural Artifact, 1 Specialty
    Material), labelled ``"trade with the Trading Post at (1,0) for a
    Cultural Artifact"``. No fields: the choices are read from the state. In
    another seat's view of an asker who keeps ingredients behind the screen,
    its one answer is ``Choose("interact", -1, "?")``, as the masked step showed.

    Source: rulebook, "Community Interaction".
    """

    kind: ClassVar[str] = "community.interact"


@attrs.frozen(kw_only=True)
class OfferTarget(SootQuestion):
    """Offer Trade: a trade or a Binding Trade Contract, with whom.

    Answers, seat by seat, ``Choose("player", 2 * q)`` (``"offer P1 a
    trade"``) when ``q`` is in ``trade`` and ``Choose("player", 2 * q + 1)``
    (``"offer P1 a Binding Trade Contract"``) when in ``contract``. Kept as
    asked: whether the offerer can trade reads goods behind their screen,
    which another seat's view does not hold.

    Attributes:
        trade: the seats the offerer can offer a trade (ascending).
        contract: the seats the offerer can offer a Binding Trade Contract (ascending).

    Source: rulebook, "Trading"; "Binding Trade Contracts".
    """

    kind: ClassVar[str] = "trade.target"
    trade: tuple[int, ...]
    contract: tuple[int, ...]


@attrs.frozen(kw_only=True)
class BuildSegment(SootQuestion):
    """Build Route: which segment to lay (the first, or a second while the action allows it).

    Answers ``Choose("edge", edge_code(h, d))`` for each edge the route rules
    offer the player for ``route`` now, labelled ``"rail (1,0)-(2,0)"``, and
    after the first segment ``Choose("done", 0, "done building")``. The edges
    are read from the map (public), not stored. Its answer pays through
    :func:`hexkit_soot.rules.cards.build_payment`.

    Attributes:
        route: ``"road"``, ``"rail"`` or ``"upgrade"`` (a road upgraded to rail).
        built: segments laid so far in this action (0 or 1).

    Source: rulebook, "Build Route".
    """

    kind: ClassVar[str] = "route.edge"
    route: Literal["road", "rail", "upgrade"]
    built: int


@attrs.frozen(kw_only=True)
class BuildStructure(SootQuestion):
    """Build Structure: what, where.

    Answers ``Choose("build", hex_code(h) * 32 + i)`` for each structure ``i``
    (its index in the data's facilities) the player may build and pay at a
    Builder's hex ``h``, labelled ``"build Sawmill at (2,0)"``. No fields: the
    choices are read from the state. Its answer pays through
    :func:`hexkit_soot.rules.cards.build_payment`.

    Source: rulebook, "Facilities", "Warehouses & Network".
    """

    kind: ClassVar[str] = "structure.build"


@attrs.frozen(kw_only=True)
class TrainCaravan(SootQuestion):
    """Train Caravan: at which City.

    Answers ``Choose("train", hex_code(h))`` for each City that has not
    trained and where the player can pay, labelled ``"train a caravan at
    (2,0)"``. No fields: the choices are read from the state.

    Source: rulebook, "Gaining agents" (City training).
    """

    kind: ClassVar[str] = "structure.train"


@attrs.frozen(kw_only=True)
class UnlockOuterDistrict(SootQuestion):
    """Unlock the Outer District: never asked, only answered.

    The menu's action runs its handler at once with ``Choose("outer")``; the
    question exists so that a payment it asks (cards as wild resources)
    continues with it (:class:`hexkit_soot.rules.payment.Rerun`).

    Source: rulebook, §23 Outer District.
    """

    kind: ClassVar[str] = "structure.outer"


@attrs.frozen(kw_only=True)
class FoundCamp(SootQuestion):
    """Found Camp: which camp where.

    Answers ``Choose("camp", hex_code(h) * 16 + i)`` for each camp type ``i``
    (its index in the data's camps) the player may found and pay at a
    Builder's hex ``h``, labelled ``"found Logging Camp at (2,0)"``. No
    fields: the choices are read from the state.

    Source: rulebook, "Found Camp".
    """

    kind: ClassVar[str] = "camp.found"


@attrs.frozen(kw_only=True)
class SpecialiseSettlement(SootQuestion):
    """Found Settlement: which specialisation (then pay and place it).

    Answers ``Choose("spec", i)`` for each specialisation of the settlement
    type, labelled ``"specialise as Market Town"``.

    Attributes:
        at: where the settlement is founded.
        settlement: the settlement type, by its index in the data's settlements.

    Source: rulebook, "Found Settlement".
    """

    kind: ClassVar[str] = "settlement.spec"
    at: Hex
    settlement: int


@attrs.frozen(kw_only=True)
class UpgradeSettlement(SootQuestion):
    """Upgrade Settlement: which.

    Answers ``Choose("upgrade", hex_code(h))`` for each settlement below City
    at a Builder's hex ``h`` the player can pay the next tier of, labelled
    ``"upgrade (2,0) to Town"``. No fields: the choices are read from the state.

    Source: rulebook, "Upgrade Settlement".
    """

    kind: ClassVar[str] = "settlement.upgrade"


@attrs.frozen(kw_only=True)
class BuyUpgrade(SootQuestion):
    """Buy Upgrade: which tile.

    Answers ``Choose("upgrade", n)`` for each upgrade tile (by its number) the
    player may buy and pay now, labelled ``"buy upgrade Trail Boss"``. No
    fields: the choices are read from the state.

    Source: rulebook, "Buy Upgrade".
    """

    kind: ClassVar[str] = "upgrade.buy"


@attrs.frozen(kw_only=True)
class FireFacility(SootQuestion):
    """Refine: which facility to fire (the first, or another while the action goes on).

    Answers ``Choose("fire", hex_code(h) * 8 + slot)`` for each facility in
    ``offered``, labelled ``"fire Smelter at (2,0)"`` (``" (rent from P1)"``
    for another's), and once one has fired ``Choose("done", 0, "stop
    refining")``. Its answer pays through :func:`hexkit_soot.rules.payment.pay`.

    Attributes:
        fuel: fuel burned so far in this Refine action.
        extra: extra firings left (an effect's; a facility of the player's own fires again).
        fired: the facilities fired so far (codes ``hex code * 8 + slot``), in order.
        offered: the facilities the player could fire when asked (codes, in menu
            order): kept as asked, since whether one can fire reads goods behind
            the player's screen (a Luxury Manufactory's ingredient).

    Source: rulebook, "Refine".
    """

    kind: ClassVar[str] = "refine.fire"
    fuel: int
    extra: int
    fired: tuple[int, ...]
    offered: tuple[int, ...]


@attrs.frozen(kw_only=True)
class DriveLeg(SootQuestion):
    """Move: where a caravan's leg ends.

    Answers ``Choose("hex", hex_code(t))`` for each hex the caravan reaches by
    road and rail, labelled ``"caravan 0 to (2,0)"``, then ``Choose("trail",
    hex_code(t))`` for each it reaches on trails and rivers only. Read from
    the state (the map, the caravan, its fuel), not stored. A laden leg's fuel
    pays through :func:`hexkit_soot.rules.payment.pay`.

    Attributes:
        caravan: the caravan (index into ``PlayerState.caravans``).
        moved: the agents moved in this Move (explorers 0-7, builders 8-15,
            caravans from 16), ascending.
        tolls_paid: the rival owners already paid a toll in this Move, ascending.
        spent: movement points the caravan has used in this Move.
        fuelled: the caravan has paid its fuel in this Move.
        node_seen: the caravan has stood on or passed one of its owner's nodes in this Move.

    Source: rulebook, "Agents & Movement".
    """

    kind: ClassVar[str] = "move.drive"
    caravan: int
    moved: tuple[int, ...]
    tolls_paid: tuple[int, ...]
    spent: int
    fuelled: bool
    node_seen: bool


@attrs.frozen(kw_only=True)
class BuildOffer(SootQuestion):
    """Offer Trade: the next change to the offer being built (``SootState.offer``), propose it, or cancel it.

    Answers, in this order, ``Choose("give", good)`` for each good in ``give``
    (``"give 1 more Lumber"``, ``"promise 1 more Lumber"`` for a contract),
    ``Choose("ask", good)`` for each in ``ask``, ``Choose("currency", v)`` for
    each net value in ``currency`` (``"currency: P1 pays 2¤"``),
    ``Choose("due", r)`` for each round in ``due``, ``Choose("propose")`` when
    ``propose``, and ``Choose("cancel")``. Kept as asked: the goods the
    players can give and ask read what lies behind their screens. In another
    seat's view of an offerer whose answers name an ingredient behind the
    screen it is :meth:`masked` (``screened``): one ``"?"`` answer per kind.

    Attributes:
        give: goods the offerer can add to what they give (indexes in the game's goods).
        ask: goods the offerer can add to what they ask.
        currency: the net currency values one step away both can pay.
        due: the rounds a Binding Trade Contract may be due by.
        propose: the offer is complete and can be proposed.
        screened: another seat's view of it (its answers masked); ``False`` in the game.

    Source: rulebook, "Trading"; "Binding Trade Contracts".
    """

    kind: ClassVar[str] = "trade.build"
    give: tuple[int, ...]
    ask: tuple[int, ...]
    currency: tuple[int, ...]
    due: tuple[int, ...]
    propose: bool
    screened: bool = False

    def goods_named(self) -> tuple[int, ...]:
        """The goods it offers to give or ask."""
        return (*self.give, *self.ask)

    def masked(self) -> BuildOffer:
        """Which kinds of answer there are, and nothing else."""
        return attrs.evolve(self, give=(-1,) if self.give else (), ask=(-1,) if self.ask else (),
                            currency=(-1,) if self.currency else (), due=(-1,) if self.due else (), screened=True)


@attrs.frozen(kw_only=True)
class AnswerOffer(SootQuestion):
    """Offer Trade: the target accepts or declines the offer proposed (``SootState.offer``).

    Answers ``Choose("accept", 1)`` while the offer can still happen, then
    ``Choose("decline", 0)``. No fields: read from the state.

    Source: rulebook, "Trading".
    """

    kind: ClassVar[str] = "trade.answer"


@attrs.frozen(kw_only=True)
class CaravanStop(SootQuestion):
    """Move: at a caravan's stop, load or unload one unit, drive on, or stop.

    Answers, in this order, ``Choose("load", good)`` for each good in
    ``loads`` (``"load 1 Coal"``), ``Choose("unload", good)`` for each in
    ``unloads``, ``Choose("go", 0, "drive on")`` when ``drive``, and
    ``Choose("done", 0, "caravan 0 stops at (2,0)")``. Kept as asked: the
    goods to load read the network behind the player's screen. In another
    seat's view of a player whose answers name an ingredient behind the
    screen it is :meth:`masked` (``screened``): one ``"?"`` answer per kind,
    and no context.

    Attributes:
        caravan: the caravan (index into ``PlayerState.caravans``).
        moved: the agents moved in this Move, ascending.
        tolls_paid: the rival owners already paid a toll in this Move, ascending.
        spent: movement points the caravan has used in this Move.
        fuelled: the caravan has paid its fuel in this Move.
        node_seen: the caravan has stood on or passed one of its owner's nodes in this Move.
        loaded: goods loaded at this stop (not to be unloaded again here), ascending.
        unloaded: goods unloaded at this stop (not to be loaded again here), ascending.
        loads: goods the caravan can load now (indexes in the game's goods, in name order).
        unloads: goods it can unload now.
        drive: it can drive another leg.
        screened: another seat's view of it (its answers masked); ``False`` in the game.

    Source: rulebook, "Agents & Movement" (caravans load and unload at stops).
    """

    kind: ClassVar[str] = "move.cargo"
    caravan: int
    moved: tuple[int, ...]
    tolls_paid: tuple[int, ...]
    spent: int
    fuelled: bool
    node_seen: bool
    loaded: tuple[int, ...]
    unloaded: tuple[int, ...]
    loads: tuple[int, ...]
    unloads: tuple[int, ...]
    drive: bool
    screened: bool = False

    def goods_named(self) -> tuple[int, ...]:
        """The goods it offers to load or unload."""
        return (*self.loads, *self.unloads)

    def masked(self) -> CaravanStop:
        """Which kinds of answer there are, and nothing else."""
        return attrs.evolve(self, caravan=-1, moved=(), tolls_paid=(), spent=-1, fuelled=False, node_seen=False,
                            loaded=(), unloaded=(), loads=(-1,) if self.loads else (),
                            unloads=(-1,) if self.unloads else (), screened=True)


@attrs.frozen(kw_only=True)
class ChooseEventOption(SootQuestion):
    """Market Update: the Event Token holder chooses option A or B of this round's event (``SootState.event_now``).

    Answers ``Choose("A", 0, "A: <text>")`` and ``Choose("B", 1, "B: <text>")``.
    No fields: the event is read from the state.

    Source: rulebook, "Phase 1: Market Update" (events).
    """

    kind: ClassVar[str] = "event.choose"


@attrs.frozen(kw_only=True)
class DrawCards(SootQuestion):
    """Draw Cards: take a face-up card from the row, or draw 2 blind and keep 1.

    Answers ``Choose("row", slot)`` for each card in ``SootState.card_row``
    (``"take Bank Draft from the row"``), then ``Choose("blind", 0, "draw 2
    blind, keep 1")`` while the deck or the discard pile holds a card. No
    fields: the row and the piles are read from the state (both public).

    Source: rulebook, §15 "Cards" (Draw Cards).
    """

    kind: ClassVar[str] = "cards.draw"


@attrs.frozen(kw_only=True)
class KeepDrawn(SootQuestion):
    """Draw Cards, blind: which of the two cards drawn to keep (the other is discarded).

    Answers ``Choose("keep", card)`` for each distinct card in ``drawn``
    (card indexes in the data, :func:`hexkit_soot.rules.cards.card_id`),
    labelled ``"keep Bank Draft"``. Private: another seat's view shows it
    :meth:`masked`, ``drawn`` all -1, and its one answer is
    ``Choose("keep", -1, "?")``.

    Attributes:
        drawn: the cards drawn (2; card indexes, -1 in another seat's view),
            kept in the question since they are in no pile until one is kept.

    Source: rulebook, §15 "Cards" (draw 2 blind, keep 1).
    """

    kind: ClassVar[str] = "cards.keep"
    private: ClassVar[bool] = True
    drawn: tuple[int, ...]

    def masked(self) -> KeepDrawn:
        """The number of cards drawn, not which."""
        return attrs.evolve(self, drawn=tuple(-1 for _ in self.drawn))


@attrs.frozen(kw_only=True)
class BonusDiscard(SootQuestion):
    """Discard for Action: which card of the hand to discard (2 in all, then 1 bonus action).

    Answers ``Choose("discard", card)`` for each distinct card in the asker's
    hand (read from the state), labelled ``"discard Bank Draft"``. Private:
    in another seat's view its one answer is ``Choose("discard", -1, "?")``.

    Attributes:
        left: the cards still to discard, this one included (2 or 1).

    Source: rulebook, §15 "Cards" (discard 2 cards for 1 bonus action, once per round).
    """

    kind: ClassVar[str] = "cards.bonus"
    private: ClassVar[bool] = True
    left: int


@attrs.frozen(kw_only=True)
class HandLimitDiscard(SootQuestion):
    """End of round: which card to discard down to the hand limit (asked once per card over it).

    Answers ``Choose("discard", card)`` for each distinct card in the asker's
    hand, labelled ``"discard Bank Draft"``. No fields: the cards over the
    limit are read from the state. Private: in another seat's view its one
    answer is ``Choose("discard", -1, "?")``.

    Source: rulebook, Phase 5 (hand limit 7).
    """

    kind: ClassVar[str] = "cards.limit"
    private: ClassVar[bool] = True


@attrs.frozen(kw_only=True)
class LegacyBid(SootQuestion):
    """Legacy auction: the asker's blind bid for ``SootState.auction``, given as one answer.

    Answers ``Choose("bid", n)`` for every ``n`` from 0 to the bidder's
    currency (read from the state), labelled ``"bid 7¤"``. Every bidder is
    asked once, in turn order, whatever they bid; a placed bid is in
    ``SootState.bids``, which another seat's view hides until all are
    revealed (:func:`hexkit_soot.views.hide_bids`). Nothing in the question
    depends on a bid, so it is shown whole to every seat.

    Attributes:
        slot: the card row slot holding the Legacy card auctioned.

    Source: rulebook, §15.3 "Legacy cards" (secret bids up to all the
    bidder's currency, revealed together; a 0 bid is legal).
    """

    kind: ClassVar[str] = "cards.bid"
    slot: int


@attrs.frozen(kw_only=True)
class ChooseMarket(SootQuestion):
    """Market Transaction: where (asked when several markets have something to trade).

    Answers ``Choose("hex", hex_code(h))`` for each market ``h`` in
    ``markets``, labelled ``"trade at (2,0)"``. Kept as asked: whether a
    market has something to sell reads goods behind the player's screen.

    Attributes:
        markets: the market locations with goods to buy or sell there, in order.

    Source: rulebook, "Market Transaction".
    """

    kind: ClassVar[str] = "market.where"
    markets: tuple[Hex, ...]


@attrs.frozen(kw_only=True)
class ChooseGood(SootQuestion):
    """Market Transaction: which good to sell or buy at ``at``.

    Answers ``Choose("sell", good)`` for each good in ``sell`` (``"sell
    Lumber at 4"``), then ``Choose("buy", good)`` for each in ``buy``
    (``"buy Coal at 3"``), at the prices of the state. Kept as asked: what
    the player can sell reads goods behind the screen. In another seat's view
    of a player whose answers name an ingredient behind the screen it is
    :meth:`masked` (``screened``): one ``"?"`` answer per kind, no market.

    Attributes:
        at: the market location (``None`` when masked).
        sell: goods the player can sell there (indexes in the game's goods, in name order).
        buy: goods the player can buy there (in the data's order).
        screened: another seat's view of it (its answers masked); ``False`` in the game.

    Source: rulebook, "Market Transaction".
    """

    kind: ClassVar[str] = "market.good"
    at: Hex | None
    sell: tuple[int, ...]
    buy: tuple[int, ...]
    screened: bool = False

    def goods_named(self) -> tuple[int, ...]:
        """The goods it offers to sell or buy."""
        return (*self.sell, *self.buy)

    def masked(self) -> ChooseGood:
        """Which kinds of answer there are, and nothing else."""
        return attrs.evolve(self, at=None, sell=(-1,) if self.sell else (), buy=(-1,) if self.buy else (),
                            screened=True)


@attrs.frozen(kw_only=True)
class FrontierTax(SootQuestion):
    """Upkeep: the Frontier Tax is short; which camp to abandon (one per 1¤ unpaid).

    Answers ``Choose("camp", hex_code(h))`` for each camp of the player,
    labelled ``"abandon camp at (2,0)"``, read from the state.

    Attributes:
        unpaid: the currency still unpaid (a camp abandoned for each).

    Source: rulebook, "Phase 3: Upkeep" (Frontier Tax).
    """

    kind: ClassVar[str] = "upkeep.tax"
    unpaid: int


@attrs.frozen(kw_only=True)
class UpkeepRemoval(SootQuestion):
    """Upkeep: the player cannot afford the food shortfall; which camp to abandon or facility to tear down.

    Answers ``Choose("camp", hex_code(h))`` (``"abandon camp at (2,0)"``) for
    each camp of the player, then ``Choose("facility", hex_code(h) * 8 +
    slot)`` (``"tear down Sawmill at (2,0)"``) for each facility, read from
    the state. Upkeep is then tried again.

    Source: rulebook, "Phase 3: Upkeep".
    """

    kind: ClassVar[str] = "upkeep.remove"


@attrs.frozen(kw_only=True)
class ChoosePayment(SootQuestion):
    """A payment: which way to pay (or which unit next), its answer handed to the continuation ``then``.

    Asked by :func:`hexkit_soot.rules.payment.pay` and
    :func:`~hexkit_soot.rules.payment.settle` when a cost can be paid in more
    than one way. Answers, when ``by_unit`` is false, ``Choose("way", i)`` for
    each ``i`` in ``offered`` (``0..n-1``), labelled ``"<what>: <shown[i]>"``
    (``"fuel for the Smelter: 2 Coal + 1 Coke"``); when true, ``Choose("unit",
    j)`` for each kind ``j`` that may pay the next unit, labelled ``"<what>: 1
    <shown[i]>"``. Kept as asked: the ways read goods behind the player's
    screen and cards in hand, and a :class:`~hexkit_soot.rules.payment.Rerun`
    continuation cannot list them again without its paying rule. In another
    seat's view of a player whose answers name an ingredient behind the screen
    it is :meth:`masked` (``screened``).

    Attributes:
        what: what is paid (``"Upkeep food"``, ``"cards as wild resources"``).
        by_unit: asked one unit at a time (``"unit"`` answers), else a list of ways (``"way"``).
        offered: the answers' arguments, in order: way numbers, or the need's kind indexes.
        shown: how each answer's way or unit reads, in the same order.
        then: the continuation that receives the answer (a
            :class:`~hexkit_soot.rules.payment.Paying` rule or a
            :class:`~hexkit_soot.rules.payment.Rerun`); ``None`` only in a masked view.
        screened: another seat's view of it (its answers masked); ``False`` in the game.

    Source: rulebook, "Refine" (use costs), "Phase 3: Upkeep" (food), "Cards" (wild resources).
    """

    kind: ClassVar[str] = "pay"
    what: str
    by_unit: bool
    offered: tuple[int, ...]
    shown: tuple[str, ...]
    then: Resume | None
    screened: bool = False

    def texts_named(self) -> tuple[str, ...]:
        """What is paid and each way or unit, as its answers' labels show them."""
        return (self.what, *self.shown)

    def masked(self) -> ChoosePayment:
        """One ``"?"`` answer, no ways, no continuation, and neither what is paid nor the prompt
        (``"pay with?"``, ``"next unit?"``): masked because they name an ingredient behind the screen
        (``what`` may be ``"1 Cultural Artifact"``, which place gives it)."""
        prompt = "next unit?" if self.by_unit else "pay with?"
        return attrs.evolve(self, prompt=prompt, what="", offered=(-1,), shown=(), then=None, screened=True)


@attrs.frozen(kw_only=True)
class ChoosePrivatePayment(ChoosePayment):
    """A payment with cards in hand (cards spent as wild resources): a :class:`ChoosePayment` no other seat sees.

    The same fields and answers; another seat's view always shows it :meth:`masked`.

    Source: rulebook, "Cards" (every card is also one wild resource).
    """

    kind: ClassVar[str] = "pay.private"
    private: ClassVar[bool] = True

    def masked(self) -> ChoosePrivatePayment:
        """One ``"?"`` answer, no ways and no continuation; what is paid (cards, a public fact) and the
        prompt kept, without the cards chosen so far when asked unit by unit."""
        prompt = f"{self.what}: next unit?" if self.by_unit else self.prompt
        return attrs.evolve(self, prompt=prompt, offered=(-1,), shown=(), then=None, screened=True)


@attrs.frozen(kw_only=True)
class PayUpkeepFood(SootQuestion):
    """Upkeep: pay the food bill (never asked, only answered).

    The Upkeep rule answers it at once with ``Choose("food")``; the question
    exists so that a payment it asks (which food goods, from where) continues
    with it (:class:`hexkit_soot.rules.payment.Rerun`). No fields: the bill
    and the food held are read from the state.

    Source: rulebook, "Phase 3: Upkeep".
    """

    kind: ClassVar[str] = "upkeep.food"


@attrs.frozen(kw_only=True)
class EffectQuestion(SootQuestion):
    """A question an effect asks (a card, an event, an upgrade): its answers fixed when asked.

    Asked by :func:`hexkit_soot.effects.ask`; answers the ``options`` given
    (``Choose("hex", ...)``, ``Choose("good", ...)``, ``Choose("skip", 0)``...),
    handed to the continuation ``then`` (or, for a save of Soot 0.3.2 without
    one, to the effect's ``resume`` with ``stage``). In another seat's view of
    a player whose answers name an ingredient behind the screen it is
    :meth:`masked` (``screened``): one ``"?"`` answer per answer code.

    Attributes:
        source: the asking effect's name, as in the data (``"The Great Fire"``).
        stage: a short text naming the question within the effect (``"rival:2"``).
        options: the answers offered, in order (at least one).
        then: the typed continuation that receives the answer (``None``: an old save's, answered by ``stage``).
        screened: another seat's view of it (its answers masked); ``False`` in the game.

    Source: rulebook, §15 (cards), §16 (events), §21 (upgrades).
    """

    kind: ClassVar[str] = "effect"
    source: str
    stage: str
    options: tuple[Choose, ...]
    then: Resume | None = None
    screened: bool = False

    def texts_named(self) -> tuple[str, ...]:
        """The effect's name, the stage and the answers' labels."""
        return (self.source, self.stage, *(o.label for o in self.options))

    def masked(self) -> EffectQuestion:
        """One ``"?"`` answer per answer code."""
        options = tuple(dict.fromkeys(Choose(code=o.code, arg=-1, label="?") for o in self.options))
        return attrs.evolve(self, options=options, screened=True)


TYPED_QUESTIONS: tuple[type[SootQuestion], ...] = (MarketQuantity, ScrubSoot, ChooseExplorer, ExploreSource,
                                                   KeepTile, PlaceTile, MoveAgent, MoveWalk, RouteKind, ExtractCamp,
                                                   ExtractMode, RanchOutput, TrailBossAgent, FoundSettlement,
                                                   ReserveSlot, DraftArchetype, DiscardSecret, LaborDemand,
                                                   IssueShares, CommunityInteraction, OfferTarget,
                                                   BuildSegment, BuildStructure, TrainCaravan, UnlockOuterDistrict,
                                                   FoundCamp, SpecialiseSettlement, UpgradeSettlement, BuyUpgrade,
                                                   FireFacility, DriveLeg, BuildOffer, AnswerOffer, CaravanStop,
                                                   ChooseEventOption, ChooseMarket, ChooseGood, FrontierTax,
                                                   UpkeepRemoval, DrawCards, KeepDrawn, BonusDiscard, HandLimitDiscard,
                                                   LegacyBid, ChoosePayment, ChoosePrivatePayment, PayUpkeepFood,
                                                   EffectQuestion)
"""The question kinds ported from :class:`Step` to their own class."""

SootDecision: TypeAlias = "Step | SootQuestion"
"""A pending Soot question: a :class:`Step` of a kind not ported yet, or a typed one
(both say their ``kind`` and ``player``)."""

SOOT_DECISIONS: tuple[type[Step], type[SootQuestion]] = (Step, SootQuestion)
"""The classes of :data:`SootDecision`, for ``isinstance``."""
