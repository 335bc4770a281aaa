"""Actions (a player's answers) and decisions (the questions on the stack).

A turn is a sequence of small decisions kept on ``state.pending``; the top
one is answered next and may push more. Actions are small frozen values
with a readable ``str``; hexes appear as :class:`~hexkit.hexes.Hex`.

Besides the decisions of the turn structure there are the typed automatic
steps (:data:`TYPED_STEPS`: engine steps, each run by the function registered
for its type, never answered by a player) and the generic questions the
effects are built from (see :mod:`hexkit_empyreal.effects`):

* :class:`ChooseOption` and :class:`ChooseHex`: pick a name or a hex from a
  typed *domain* (:class:`Domain`), then continue with a typed ``then``
  (:class:`OptionThen`, :class:`HexThen`: the step the answer completes);
* :class:`Branch`: pick one of several labelled sequences of steps (nested as typed values);
* :class:`BuildTrack`: the Build Track verb, with its target and free Transfers.

Source: rulebook, Gameplay.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

import attrs

from hexkit.flow import (
    ComponentAnswer,
    ComponentRef,
    DoneAnswer,
    HexAnswer,
    NumberAnswer,
    OptionAnswer,
    Question,
    Resume,
    Step,
)
from hexkit.game import Decision
from hexkit.hexes import Hex

__all__ = [
    # actions
    "Choose",
    "Done",
    "Move",
    "Activate",
    "Build",
    "PickHex",
    "DeliverTo",
    "PickGood",
    "PlaceAt",
    "UseSpecialist",
    "ACTION_TYPES",
    "DONE",
    "interned",
    # decisions
    "Target",
    "op_step",
    "auto",
    "StartTurn",
    "OpenSpecialistPhase",
    "EndActivation",
    "EndTurn",
    "GameOver",
    "BeginPlay",
    "GainSpellcar",
    "GainSpecialist",
    "ReturnToStart",
    "Refresh",
    "ExtraTurn",
    "NoOp",
    "AskReturnGood",
    "PerilBegin",
    "TURN_STEPS",
    "GainMana",
    "ReclaimMana",
    "PayMana",
    "CopyEffect",
    "PlaceGood",
    "PlaceGoodColour",
    "MoveGoodTarget",
    "MoveGoodSource",
    "MoveGoodColour",
    "ReturnGoodAt",
    "ReturnGoodColour",
    "PlaceWasteland",
    "VocoTake",
    "BuildOnLastWasteland",
    "PayThen",
    "ReturnGoodsAt",
    "ReturnGoodsColour",
    "BuildAgain",
    "AerlionFree",
    "GarekFrom",
    "GarekTo",
    "MoveCarFrom",
    "MoveCarTo",
    "SeedGood",
    "DoloresSource",
    "DoloresTarget",
    "DoloresColour",
    "MarcinaeSource",
    "MarcinaeColour",
    "MarcinaeMove",
    "WorldspannerSecond",
    "ClearLastBuilt",
    "VexxerReturn",
    "MirrorAt",
    "MirrorColour",
    "TransmuteAt",
    "TransmuteFrom",
    "TransmuteDo",
    "SwitchFrom",
    "SwitchTo",
    "SwitchWith",
    "DiscardTile",
    "AellaKeep",
    "RanUse",
    "TelemyrSwap",
    "HydeartBuild",
    "MindraBuild",
    "WelsieHome",
    "AnyaFrom",
    "AnyaTo",
    "ArielClear",
    "CinGather",
    "MiltonActivate",
    "MiltonFirst",
    "ActivateSlot",
    "WardlawFirst",
    "WardlawSwap",
    "EFFECT_STEPS",
    "TYPED_STEPS",
    "HexThen",
    "OptionThen",
    "PlaceWastelandThen",
    "MoveGoodTargetThen",
    "MoveGoodSourceThen",
    "ReturnGoodAtThen",
    "CopyEffectThen",
    "PlaceGoodColourThen",
    "MoveGoodColourThen",
    "ReturnGoodColourThen",
    "VocoTakeThen",
    "ReturnGoodsAtThen",
    "ReturnGoodsColourThen",
    "MoveCarFromThen",
    "MoveCarToThen",
    "SeedGoodThen",
    "GarekFromThen",
    "GarekToThen",
    "DoloresSourceThen",
    "DoloresTargetThen",
    "MarcinaeSourceThen",
    "MarcinaeMoveThen",
    "DoloresColourThen",
    "MarcinaeColourThen",
    "MirrorAtThen",
    "TransmuteAtThen",
    "SwitchFromThen",
    "SwitchToThen",
    "MirrorColourThen",
    "TransmuteFromThen",
    "TransmuteDoThen",
    "SwitchWithThen",
    "DiscardTileThen",
    "MindraBuildThen",
    "AnyaFromThen",
    "AnyaToThen",
    "ArielClearThen",
    "CinGatherThen",
    "AellaKeepThen",
    "RanUseThen",
    "TelemyrSwapThen",
    "HydeartBuildThen",
    "MiltonFirstThen",
    "WardlawFirstThen",
    "WardlawSwapThen",
    "HEX_THENS",
    "OPTION_THENS",
    "Domain",
    "WastelandTargets",
    "SupplyColours",
    "MoveGoodTargets",
    "MoveGoodSources",
    "InNetworkGoods",
    "VocoColours",
    "MovableCars",
    "CarDestinations",
    "OtherEngineers",
    "GarekTiles",
    "GarekSlots",
    "BareCells",
    "UumiOptions",
    "DoloresSources",
    "NetworkExcept",
    "MarcinaeSources",
    "GoodsAround",
    "MirrorCells",
    "SwitchMine",
    "SwitchTheirs",
    "TilesOf",
    "OtherSurveyors",
    "RanOptions",
    "TelemyrSwaps",
    "MindraCells",
    "NetworkCells",
    "WardlawTiles",
    "WardlawPartners",
    "DOMAIN_TYPES",
    "ChooseOption",
    "ChooseHex",
    "Branch",
    "BuildTrack",
    "SelectCompany",
    "SelectCaptain",
    "EliminateAward",
    "PlaceHeadquarters",
    "SpecialistPhase",
    "MainAction",
    "AdministrateSteps",
    "ActivateSpellcars",
    "DeliverChoice",
    "PickGoods",
    "ClaimDemand",
    "UpgradeChoice",
    "TakeSpellcar",
    "PlaceSpellcar",
    "ChooseSpecialistType",
    "ChooseSpecialist",
    "DECISION_TYPES",
]


# ---------------------------------------------------------------- actions
@attrs.frozen
class Choose(OptionAnswer):
    """Pick a named option of the pending decision (kind: one of named options)."""

    option: str

    def __str__(self) -> str:
        return f"choose {self.option}"


@attrs.frozen
class Done(DoneAnswer):
    """Decline, or finish a repeatable choice (skip, done, end activations; kind: done)."""

    def __str__(self) -> str:
        return "done"


DONE = Done()
"""The one :class:`Done` value the handlers offer."""

_A = TypeVar("_A")
_INTERNED: dict[tuple[Any, ...], Any] = {}


def interned(cls: Callable[..., _A], *args: Any) -> _A:
    """The action ``cls(*args)``, one shared object per value.

    Actions are immutable values, and every decision lists its answers
    afresh (a Build Track offers tens of hexes): sharing them saves
    building each one every time. The table holds at most the game's
    vocabulary (hexes times costs, names of components).
    """
    key = (cls, args)  # a pair, not (cls, *args): no list built and converted on every call
    action = _INTERNED.get(key)
    if action is None:
        action = _INTERNED[key] = cls(*args)
    return action


@attrs.frozen
class Move(NumberAnswer):
    """Move the Conductor ``spaces`` spaces, paying ``cost`` mana (kind: a number)."""

    spaces: int
    cost: int

    def __str__(self) -> str:
        return f"move the Conductor {self.spaces} space{'' if self.spaces == 1 else 's'} for {self.cost} mana"


@attrs.frozen
class Activate(ComponentAnswer):
    """Activate the Spellcar in railyard slot ``slot`` (``"D2"``) for ``cost`` mana.

    Kind: a component; a board highlights ``spellcar:<name>``.
    """

    slot: str
    spellcar: str
    cost: int

    @property
    def component(self) -> ComponentRef:
        """The Spellcar activated."""
        return ComponentRef("spellcar", self.spellcar)

    def __str__(self) -> str:
        return f"activate {self.spellcar} ({self.slot}) for {self.cost} mana"


@attrs.frozen
class Build(HexAnswer):
    """Build Track on ``hex``; ``cost`` is the mana paid for Transfers (kind: a hex)."""

    hex: Hex
    cost: int = 0

    def __str__(self) -> str:
        extra = f", paying {self.cost} mana for Transfers" if self.cost else ""
        return f"build track on {self.hex}{extra}"


@attrs.frozen
class PickHex(HexAnswer):
    """Choose a hex (kind: a hex)."""

    hex: Hex

    def __str__(self) -> str:
        return f"choose hex {self.hex}"


@attrs.frozen
class DeliverTo(HexAnswer):
    """Deliver to the City on ``city``, Goods of ``colour`` (kind: a hex, the City's)."""

    city: Hex
    colour: str

    @property
    def hex(self) -> Hex:
        """The City's hex."""
        return self.city

    def __str__(self) -> str:
        return f"deliver {self.colour} Goods to the City at {self.city}"


@attrs.frozen
class PickGood(HexAnswer):
    """Pick up one Good of the delivery's colour from ``hex`` (kind: a hex)."""

    hex: Hex

    def __str__(self) -> str:
        return f"pick up a Good at {self.hex}"


@attrs.frozen
class PlaceAt(OptionAnswer):
    """Place the gained Spellcar in railyard slot ``slot`` (``"C3"``; kind: one of named options)."""

    slot: str

    def __str__(self) -> str:
        return f"place it at {self.slot}"


@attrs.frozen
class UseSpecialist(ComponentAnswer):
    """Activate a Specialist in the Activate Specialists phase.

    Kind: a component; a board highlights ``specialist:<name>``.
    """

    name: str

    @property
    def component(self) -> ComponentRef:
        """The Specialist activated."""
        return ComponentRef("specialist", self.name)

    def __str__(self) -> str:
        return f"activate {self.name}"


ACTION_TYPES: tuple[type, ...] = (
    Choose,
    Done,
    Move,
    Activate,
    Build,
    PickHex,
    DeliverTo,
    PickGood,
    PlaceAt,
    UseSpecialist,
)


# -------------------------------------------------------------- decisions
@attrs.frozen(kw_only=True)
class Target:
    """Which hexes a Build Track may target.

    Attributes:
        label: the icon's name for messages ("Lake", "any terrain (except Wasteland)").
        terrains: allowed terrain indices; empty means any terrain except Wasteland.
        edge: only hexes on the edge of the map.
        anywhere: the Global icon: no Network-Adjacent requirement.
        competitor: only hexes holding at least one competitor train car.
        near_city: only hexes adjacent to a City (or, with ``near_wasteland``,
            to a City or a Wasteland).
        near_wasteland: only hexes adjacent to a Wasteland (see ``near_city``).
        cells: if not empty, only these cells.
        transfers: whether Transfers may be used (True for every Build Track).
    """

    label: str
    terrains: tuple[int, ...] = ()
    edge: bool = False
    anywhere: bool = False
    competitor: bool = False
    near_city: bool = False
    near_wasteland: bool = False
    cells: tuple[int, ...] = ()
    transfers: bool = True


# Typed automatic steps of the turn structure: engine steps (hexkit.flow.Step),
# each run by the function registered for its type (``@runs`` in the rule
# module, installed by ``game.py``), no name in a string.
@attrs.frozen(kw_only=True)
class StartTurn(Step):
    """Begin ``player``'s turn: a fresh turn record, then the Specialist phase."""


@attrs.frozen(kw_only=True)
class OpenSpecialistPhase(Step):
    """Offer ``player`` the Activate Specialists phase (or go straight to the main action)."""


@attrs.frozen(kw_only=True)
class EndActivation(Step):
    """The Spellcar activations of the turn are over."""


@attrs.frozen(kw_only=True)
class EndTurn(Step):
    """End ``player``'s turn: check the game end, then the next turn or the final deliveries."""


@attrs.frozen(kw_only=True)
class GameOver(Step):
    """The game is over: note the final table."""


@attrs.frozen(kw_only=True)
class BeginPlay(Step):
    """Set-up is done: play begins with the Start Player."""


@attrs.frozen(kw_only=True)
class GainSpellcar(Step):
    """One Gain Spellcar for ``player`` (lost if there is no room or no Spellcar)."""


@attrs.frozen(kw_only=True)
class GainSpecialist(Step):
    """One Gain Specialist for ``player`` (lost if there is no room)."""


@attrs.frozen(kw_only=True)
class ReturnToStart(Step):
    """Put ``player``'s Conductor back on the Start space (after the End of the Line)."""


@attrs.frozen(kw_only=True)
class Refresh(Step):
    """Refresh ``player``'s Captain and/or Engineer.

    Attributes:
        captain: refresh the Captain.
        engineer: refresh the Engineer.
    """

    captain: bool = True
    engineer: bool = True


@attrs.frozen(kw_only=True)
class ExtraTurn(Step):
    """``player`` takes another turn after this one."""


@attrs.frozen(kw_only=True)
class NoOp(Step):
    """Nothing happens (an effect whose optional part cannot be taken)."""


@attrs.frozen(kw_only=True)
class AskReturnGood(Step):
    """Ask ``player`` for an In-Network Good to return to the supply."""


@attrs.frozen(kw_only=True)
class PerilBegin(Step):
    """Peril: ``player`` activates Spellcars before moving."""


TURN_STEPS: tuple[type[Step], ...] = (
    StartTurn, OpenSpecialistPhase, EndActivation, EndTurn, GameOver, BeginPlay,
    GainSpellcar, GainSpecialist, ReturnToStart, Refresh, ExtraTurn, NoOp, AskReturnGood,
    PerilBegin,
)
"""The typed automatic steps of the turn structure (the first 14 ported)."""


# Typed automatic steps of the effects: what an effect does after a choice
# ("then place a Good on that hex"), with its context as named fields. A
# step that continues a ChooseHex / ChooseOption is built by the choice's
# continuation (``<Step>Then``, below) with the answer in its last field
# (the cell, the option), the old op's last position (hexkit_empyreal.migrate.OLD_OPS).
# ---- effects/verbs.py, rules/wasteland.py
@attrs.frozen(kw_only=True)
class GainMana(Step):
    """Gain Mana: ``amount`` crystals (up to the cap)."""

    amount: int = 1


@attrs.frozen(kw_only=True)
class ReclaimMana(Step):
    """Reclaim Mana: ``amount`` spent crystals, or all of them (``None``)."""

    amount: int | None = None


@attrs.frozen(kw_only=True)
class PayMana(Step):
    """Spend ``amount`` mana (an effect's own price), if the player has it."""

    amount: int


@attrs.frozen(kw_only=True)
class CopyEffect(Step):
    """Run the effect of the Spellcar (or the effect) ``name``.

    Attributes:
        name: a Spellcar id or an effect name.
        pay_inherent: pay the copied Spellcar's inherent cost.
    """

    name: str
    pay_inherent: bool = False


@attrs.frozen(kw_only=True)
class PlaceGood(Step):
    """Place a Good from the supply on ``cell`` (``-1``: the hex just built on).

    Attributes:
        cell: the cell, or ``-1`` (:data:`hexkit_empyreal.effects.verbs.LAST_BUILT`).
        colour: the colour index, or ``-1`` to let the player choose.
    """

    cell: int
    colour: int = -1


@attrs.frozen(kw_only=True)
class PlaceGoodColour(Step):
    """Place a Good of the chosen ``colour`` (a colour name) on ``cell``."""

    cell: int
    colour: str


@attrs.frozen(kw_only=True)
class MoveGoodTarget(Step):
    """Move a Good into ``target``: ask for the adjacent hex to take it from."""

    target: int


@attrs.frozen(kw_only=True)
class MoveGoodSource(Step):
    """Move a Good from ``source`` into ``target`` (ask its colour if there are several)."""

    target: int
    source: int


@attrs.frozen(kw_only=True)
class MoveGoodColour(Step):
    """Move a Good of ``colour`` (a colour name) from ``source`` into ``target``."""

    target: int
    source: int
    colour: str


@attrs.frozen(kw_only=True)
class ReturnGoodAt(Step):
    """Return a Good on ``cell`` to the supply (ask its colour if there are several)."""

    cell: int


@attrs.frozen(kw_only=True)
class ReturnGoodColour(Step):
    """Return a Good of ``colour`` (a colour name) on ``cell`` to the supply."""

    cell: int
    colour: str


@attrs.frozen(kw_only=True)
class PlaceWasteland(Step):
    """Place Wasteland on ``cell``; ``to_folio``: destroyed Goods go to the folio (Bartok Kulle)."""

    cell: int
    to_folio: bool = False


# ---- effects/station_masters.py
@attrs.frozen(kw_only=True)
class VocoTake(Step):
    """Voco Astrum: add a supply Good of ``colour`` (a colour name) to the folio."""

    colour: str


# ---- effects/company_spellcars.py
@attrs.frozen(kw_only=True)
class BuildOnLastWasteland(Step):
    """Gesselheim: Build Track on the Wasteland just placed (``source``: the Spellcar, for the log)."""

    source: str = ""


# ---- effects/unique_verbs.py
@attrs.frozen(kw_only=True)
class PayThen(Step):
    """Pay ``amount`` mana, then run ``steps``; without the mana, nothing happens.

    Attributes:
        amount: the effect's own price.
        what: a name for the log (the Spellcar or Specialist).
        steps: what the payment buys.
    """

    amount: int
    what: str = ""
    steps: tuple[Decision, ...] = ()


@attrs.frozen(kw_only=True)
class ReturnGoodsAt(Step):
    """Return a Good on ``cell`` (``count`` still to return, this one included), then ``steps``."""

    count: int
    cell: int
    steps: tuple[Decision, ...] = ()


@attrs.frozen(kw_only=True)
class ReturnGoodsColour(Step):
    """Return a Good of ``colour`` (a colour name) on ``cell`` (``count`` still to return), then ``steps``."""

    count: int
    cell: int
    colour: str
    steps: tuple[Decision, ...] = ()


@attrs.frozen(kw_only=True)
class BuildAgain(Step):
    """Offer the Build Track ``steps[0]`` again, up to ``times`` more times, if the player built."""

    times: int
    steps: tuple[Decision, ...] = ()


# ---- effects/engineers.py
@attrs.frozen(kw_only=True)
class AerlionFree(Step):
    """Aerlion: Transfers over the Wasteland just placed are free this turn."""


@attrs.frozen(kw_only=True)
class GarekFrom(Step):
    """Garek Tesias: the tile chosen to move (``choice``: ``"C3 <id>"``); ask where it goes."""

    choice: str


@attrs.frozen(kw_only=True)
class GarekTo(Step):
    """Garek Tesias: move the tile at slot ``source`` to the slot of ``choice`` (``"D2 (empty)"``, ``"D2 <id>"``)."""

    source: int
    choice: str


@attrs.frozen(kw_only=True)
class MoveCarFrom(Step):
    """Irion Juiz: the train car on ``source`` moves; ask where to."""

    source: int


@attrs.frozen(kw_only=True)
class MoveCarTo(Step):
    """Move the player's train car from ``source`` to ``target``."""

    source: int
    target: int


@attrs.frozen(kw_only=True)
class SeedGood(Step):
    """Lixis Ran Kanda: a Good of its terrain on ``cell``; ``times`` counts this one and those still offered."""

    times: int
    cell: int


# ---- effects/captains.py
@attrs.frozen(kw_only=True)
class DoloresSource(Step):
    """Dolores Malephaise: a Good is taken from ``source``; ask the In-Network hex it goes to."""

    source: int


@attrs.frozen(kw_only=True)
class DoloresTarget(Step):
    """Dolores Malephaise: move a Good from ``source`` to ``target`` (ask its colour if there are several)."""

    source: int
    target: int


@attrs.frozen(kw_only=True)
class DoloresColour(Step):
    """Dolores Malephaise: move a Good of ``colour`` (a colour name) from ``source`` to ``target``."""

    source: int
    target: int
    colour: str


@attrs.frozen(kw_only=True)
class MarcinaeSource(Step):
    """Marcinae Ayle Shorec: the Good on ``cell`` goes back (ask its colour if there are several)."""

    cell: int


@attrs.frozen(kw_only=True)
class MarcinaeColour(Step):
    """Marcinae Ayle Shorec: the Good of ``colour`` (a colour name) on ``cell`` goes back; ask where the car moves."""

    cell: int
    colour: str


@attrs.frozen(kw_only=True)
class MarcinaeMove(Step):
    """Marcinae Ayle Shorec: return the Good of ``colour`` (an index) on ``source``, move the car to ``target``."""

    colour: int
    source: int
    target: int


# ---- effects/unique_spellcars.py
@attrs.frozen(kw_only=True)
class WorldspannerSecond(Step):
    """Worldspanner: the second Build Track, on a terrain other than the first's (``source``: for the log)."""

    source: str


@attrs.frozen(kw_only=True)
class ClearLastBuilt(Step):
    """Forget the hex of the latest Build Track (Reforester, between its two builds)."""


@attrs.frozen(kw_only=True)
class VexxerReturn(Step):
    """Volcanic Vexxer: ask for a Good next to the hex just built on, to return to the supply."""


@attrs.frozen(kw_only=True)
class MirrorAt(Step):
    """Mirror Box: copy a Good on ``cell`` from the supply (ask its colour if there are several)."""

    cell: int


@attrs.frozen(kw_only=True)
class MirrorColour(Step):
    """Mirror Box: put a supply Good of ``colour`` (a colour name) on ``cell``."""

    cell: int
    colour: str


@attrs.frozen(kw_only=True)
class TransmuteAt(Step):
    """Transmuter: replace a Good on ``cell`` (ask which if there are several)."""

    cell: int


@attrs.frozen(kw_only=True)
class TransmuteFrom(Step):
    """Transmuter: replace the Good of ``colour`` (a colour name) on ``cell``; ask the new one."""

    cell: int
    colour: str


@attrs.frozen(kw_only=True)
class TransmuteDo(Step):
    """Transmuter: exchange the Good of colour ``old`` (an index) on ``cell`` for one of ``colour`` (a name)."""

    cell: int
    old: int
    colour: str


@attrs.frozen(kw_only=True)
class SwitchFrom(Step):
    """Switching Station: the player's train car on ``mine``; ask the competitor's hex."""

    mine: int


@attrs.frozen(kw_only=True)
class SwitchTo(Step):
    """Switching Station: swap the cars on ``mine`` and ``theirs`` (ask whose if several competitors are there)."""

    mine: int
    theirs: int


@attrs.frozen(kw_only=True)
class SwitchWith(Step):
    """Switching Station: swap the cars on ``mine`` and ``theirs`` with the Company ``company``'s."""

    mine: int
    theirs: int
    company: str


@attrs.frozen(kw_only=True)
class DiscardTile(Step):
    """Car Bomb: discard the tile of ``choice`` (``"C3 <id>"``) from the railyard."""

    choice: str


# ---- effects/surveyors.py
@attrs.frozen(kw_only=True)
class AellaKeep(Step):
    """Aella Ivaline Oran'hei: keep the Station Master ``name``; the others go back."""

    name: str


@attrs.frozen(kw_only=True)
class RanUse(Step):
    """Ran Ugobia: use ``name`` (Captain or Engineer) without exhausting it; ``used``: those used before."""

    used: tuple[str, ...] = ()
    name: str


@attrs.frozen(kw_only=True)
class TelemyrSwap(Step):
    """Telemyr: make the swap labelled ``swap`` (``"Captain A for B"``)."""

    swap: str


@attrs.frozen(kw_only=True)
class HydeartBuild(Step):
    """Hydeart Burnstein: Build Track on ``terrain`` (a terrain name) up to four times (``source``: for the log)."""

    source: str
    terrain: str


@attrs.frozen(kw_only=True)
class MindraBuild(Step):
    """Mindra Dirac: Build Track on each hex around ``cell`` that can take a train car (``source``: for the log)."""

    source: str
    cell: int


@attrs.frozen(kw_only=True)
class WelsieHome(Step):
    """Welsie Acktern: Build Track on the Home Terrain next to the hex just built on (``source``: for the log)."""

    source: str


@attrs.frozen(kw_only=True)
class AnyaFrom(Step):
    """Anya Southwind: the train car on ``source`` moves (``times`` moves left); ask where to."""

    times: int
    source: int


@attrs.frozen(kw_only=True)
class AnyaTo(Step):
    """Anya Southwind: move the train car from ``source`` to ``target`` (``times`` moves left, this one included)."""

    times: int
    source: int
    target: int


@attrs.frozen(kw_only=True)
class ArielClear(Step):
    """Ariel Malephaise: every train car on and around ``cell`` goes back to its supply."""

    cell: int


@attrs.frozen(kw_only=True)
class CinGather(Step):
    """Cin Atalar: every Good of the hexes around ``cell`` moves onto it."""

    cell: int


@attrs.frozen(kw_only=True)
class MiltonActivate(Step):
    """Milton Barts: activate the Spellcars gained since the railyard was ``railyard`` (one slot each)."""

    railyard: tuple[str, ...]


@attrs.frozen(kw_only=True)
class MiltonFirst(Step):
    """Milton Barts: activate the Spellcar of ``choice`` (``"C3 <id>"``) first, then the rest of ``slots``."""

    slots: tuple[int, ...]
    choice: str


@attrs.frozen(kw_only=True)
class ActivateSlot(Step):
    """Activate the Spellcar at railyard ``slot`` outside Move+Activate (Milton Barts)."""

    slot: int


@attrs.frozen(kw_only=True)
class WardlawFirst(Step):
    """Wardlaw O'Brien: the Demand Tile ``first`` (a label) is swapped (``times`` swaps left); ask with which."""

    times: int
    first: str


@attrs.frozen(kw_only=True)
class WardlawSwap(Step):
    """Wardlaw O'Brien: swap the Demand Tiles ``first`` and ``second`` (labels); ``times`` swaps left, this one included."""

    times: int
    first: str
    second: str


EFFECT_STEPS: tuple[type[Step], ...] = (
    # effects/verbs.py, rules/wasteland.py
    GainMana, ReclaimMana, PayMana, CopyEffect, PlaceGood, PlaceGoodColour, MoveGoodTarget,
    MoveGoodSource, MoveGoodColour, ReturnGoodAt, ReturnGoodColour, PlaceWasteland,
    # effects/station_masters.py
    VocoTake,
    # effects/company_spellcars.py
    BuildOnLastWasteland,
    # effects/unique_verbs.py
    PayThen, ReturnGoodsAt, ReturnGoodsColour, BuildAgain,
    # effects/engineers.py
    AerlionFree, GarekFrom, GarekTo, MoveCarFrom, MoveCarTo, SeedGood,
    # effects/captains.py
    DoloresSource, DoloresTarget, DoloresColour, MarcinaeSource, MarcinaeColour, MarcinaeMove,
    # effects/unique_spellcars.py
    WorldspannerSecond, ClearLastBuilt, VexxerReturn, MirrorAt, MirrorColour, TransmuteAt,
    TransmuteFrom, TransmuteDo, SwitchFrom, SwitchTo, SwitchWith, DiscardTile,
    # effects/surveyors.py
    AellaKeep, RanUse, TelemyrSwap, HydeartBuild, MindraBuild, WelsieHome, AnyaFrom, AnyaTo,
    ArielClear, CinGather, MiltonActivate, MiltonFirst, ActivateSlot, WardlawFirst, WardlawSwap,
)
"""The typed automatic steps of the effects."""

TYPED_STEPS: tuple[type[Step], ...] = (*TURN_STEPS, *EFFECT_STEPS)
"""Every typed automatic step: the engine runs each by its type."""

_S = TypeVar("_S", bound=Step)
_AUTO: dict[tuple[type[Step], int], Step] = {}


def auto(kind: type[_S], player: int) -> _S:
    """The automatic step ``kind`` for ``player`` (one shared value each: steps are immutable)."""
    step = _AUTO.get((kind, player))
    if step is None:
        step = _AUTO[(kind, player)] = kind(player=player)
    return step  # type: ignore[return-value]


# Continuations of the generic choices: what a ChooseHex / ChooseOption does
# with its answer, as a typed value (a hexkit.flow.Resume) holding the
# context by name. ``step(player, answer)`` gives the typed step the answer
# completes (one continuation type per step, named after it): mypy checks
# the continuation a choice is given, its fields, and the step it builds.
@attrs.frozen(kw_only=True)
class HexThen(Resume):
    """What a :class:`ChooseHex` continues with: the typed step the chosen cell completes."""

    def step(self, player: int, cell: int) -> Step:
        """The step to run for ``player`` with the chosen ``cell``."""
        raise NotImplementedError


@attrs.frozen(kw_only=True)
class OptionThen(Resume):
    """What a :class:`ChooseOption` continues with: the typed step the chosen name completes."""

    def step(self, player: int, option: str) -> Step:
        """The step to run for ``player`` with the chosen ``option``."""
        raise NotImplementedError


# ---- effects/verbs.py, rules/wasteland.py
@attrs.frozen(kw_only=True)
class PlaceWastelandThen(HexThen):
    """Continue with :class:`PlaceWasteland`: the chosen hex is its ``cell``, ``to_folio`` kept."""

    to_folio: bool = False

    def step(self, player: int, cell: int) -> PlaceWasteland:
        return PlaceWasteland(player=player, to_folio=self.to_folio, cell=cell)


@attrs.frozen(kw_only=True)
class MoveGoodTargetThen(HexThen):
    """Continue with :class:`MoveGoodTarget`: the chosen hex is its ``target``."""

    def step(self, player: int, cell: int) -> MoveGoodTarget:
        return MoveGoodTarget(player=player, target=cell)


@attrs.frozen(kw_only=True)
class MoveGoodSourceThen(HexThen):
    """Continue with :class:`MoveGoodSource`: the chosen hex is its ``source``, ``target`` kept."""

    target: int

    def step(self, player: int, cell: int) -> MoveGoodSource:
        return MoveGoodSource(player=player, target=self.target, source=cell)


@attrs.frozen(kw_only=True)
class ReturnGoodAtThen(HexThen):
    """Continue with :class:`ReturnGoodAt`: the chosen hex is its ``cell``."""

    def step(self, player: int, cell: int) -> ReturnGoodAt:
        return ReturnGoodAt(player=player, cell=cell)


@attrs.frozen(kw_only=True)
class CopyEffectThen(OptionThen):
    """Continue with :class:`CopyEffect`: the chosen option is its ``name``, ``pay_inherent`` kept."""

    pay_inherent: bool = False

    def step(self, player: int, option: str) -> CopyEffect:
        return CopyEffect(player=player, pay_inherent=self.pay_inherent, name=option)


@attrs.frozen(kw_only=True)
class PlaceGoodColourThen(OptionThen):
    """Continue with :class:`PlaceGoodColour`: the chosen option is its ``colour``, ``cell`` kept."""

    cell: int

    def step(self, player: int, option: str) -> PlaceGoodColour:
        return PlaceGoodColour(player=player, cell=self.cell, colour=option)


@attrs.frozen(kw_only=True)
class MoveGoodColourThen(OptionThen):
    """Continue with :class:`MoveGoodColour`: the chosen option is its ``colour``, ``target``, ``source`` kept."""

    target: int
    source: int

    def step(self, player: int, option: str) -> MoveGoodColour:
        return MoveGoodColour(player=player, target=self.target, source=self.source, colour=option)


@attrs.frozen(kw_only=True)
class ReturnGoodColourThen(OptionThen):
    """Continue with :class:`ReturnGoodColour`: the chosen option is its ``colour``, ``cell`` kept."""

    cell: int

    def step(self, player: int, option: str) -> ReturnGoodColour:
        return ReturnGoodColour(player=player, cell=self.cell, colour=option)


# ---- effects/station_masters.py
@attrs.frozen(kw_only=True)
class VocoTakeThen(OptionThen):
    """Continue with :class:`VocoTake`: the chosen option is its ``colour``."""

    def step(self, player: int, option: str) -> VocoTake:
        return VocoTake(player=player, colour=option)


# ---- effects/unique_verbs.py
@attrs.frozen(kw_only=True)
class ReturnGoodsAtThen(HexThen):
    """Continue with :class:`ReturnGoodsAt`: the chosen hex is its ``cell``, ``count``, ``steps`` kept."""

    count: int
    steps: tuple[Decision, ...] = ()

    def step(self, player: int, cell: int) -> ReturnGoodsAt:
        return ReturnGoodsAt(player=player, count=self.count, steps=self.steps, cell=cell)


@attrs.frozen(kw_only=True)
class ReturnGoodsColourThen(OptionThen):
    """Continue with :class:`ReturnGoodsColour`: the chosen option is its ``colour``, ``count``, ``cell``, ``steps`` kept."""

    count: int
    cell: int
    steps: tuple[Decision, ...] = ()

    def step(self, player: int, option: str) -> ReturnGoodsColour:
        return ReturnGoodsColour(player=player, count=self.count, cell=self.cell, steps=self.steps, colour=option)


# ---- effects/engineers.py
@attrs.frozen(kw_only=True)
class MoveCarFromThen(HexThen):
    """Continue with :class:`MoveCarFrom`: the chosen hex is its ``source``."""

    def step(self, player: int, cell: int) -> MoveCarFrom:
        return MoveCarFrom(player=player, source=cell)


@attrs.frozen(kw_only=True)
class MoveCarToThen(HexThen):
    """Continue with :class:`MoveCarTo`: the chosen hex is its ``target``, ``source`` kept."""

    source: int

    def step(self, player: int, cell: int) -> MoveCarTo:
        return MoveCarTo(player=player, source=self.source, target=cell)


@attrs.frozen(kw_only=True)
class SeedGoodThen(HexThen):
    """Continue with :class:`SeedGood`: the chosen hex is its ``cell``, ``times`` kept."""

    times: int

    def step(self, player: int, cell: int) -> SeedGood:
        return SeedGood(player=player, times=self.times, cell=cell)


@attrs.frozen(kw_only=True)
class GarekFromThen(OptionThen):
    """Continue with :class:`GarekFrom`: the chosen option is its ``choice``."""

    def step(self, player: int, option: str) -> GarekFrom:
        return GarekFrom(player=player, choice=option)


@attrs.frozen(kw_only=True)
class GarekToThen(OptionThen):
    """Continue with :class:`GarekTo`: the chosen option is its ``choice``, ``source`` kept."""

    source: int

    def step(self, player: int, option: str) -> GarekTo:
        return GarekTo(player=player, source=self.source, choice=option)


# ---- effects/captains.py
@attrs.frozen(kw_only=True)
class DoloresSourceThen(HexThen):
    """Continue with :class:`DoloresSource`: the chosen hex is its ``source``."""

    def step(self, player: int, cell: int) -> DoloresSource:
        return DoloresSource(player=player, source=cell)


@attrs.frozen(kw_only=True)
class DoloresTargetThen(HexThen):
    """Continue with :class:`DoloresTarget`: the chosen hex is its ``target``, ``source`` kept."""

    source: int

    def step(self, player: int, cell: int) -> DoloresTarget:
        return DoloresTarget(player=player, source=self.source, target=cell)


@attrs.frozen(kw_only=True)
class MarcinaeSourceThen(HexThen):
    """Continue with :class:`MarcinaeSource`: the chosen hex is its ``cell``."""

    def step(self, player: int, cell: int) -> MarcinaeSource:
        return MarcinaeSource(player=player, cell=cell)


@attrs.frozen(kw_only=True)
class MarcinaeMoveThen(HexThen):
    """Continue with :class:`MarcinaeMove`: the chosen hex is its ``target``, ``colour``, ``source`` kept."""

    colour: int
    source: int

    def step(self, player: int, cell: int) -> MarcinaeMove:
        return MarcinaeMove(player=player, colour=self.colour, source=self.source, target=cell)


@attrs.frozen(kw_only=True)
class DoloresColourThen(OptionThen):
    """Continue with :class:`DoloresColour`: the chosen option is its ``colour``, ``source``, ``target`` kept."""

    source: int
    target: int

    def step(self, player: int, option: str) -> DoloresColour:
        return DoloresColour(player=player, source=self.source, target=self.target, colour=option)


@attrs.frozen(kw_only=True)
class MarcinaeColourThen(OptionThen):
    """Continue with :class:`MarcinaeColour`: the chosen option is its ``colour``, ``cell`` kept."""

    cell: int

    def step(self, player: int, option: str) -> MarcinaeColour:
        return MarcinaeColour(player=player, cell=self.cell, colour=option)


# ---- effects/unique_spellcars.py
@attrs.frozen(kw_only=True)
class MirrorAtThen(HexThen):
    """Continue with :class:`MirrorAt`: the chosen hex is its ``cell``."""

    def step(self, player: int, cell: int) -> MirrorAt:
        return MirrorAt(player=player, cell=cell)


@attrs.frozen(kw_only=True)
class TransmuteAtThen(HexThen):
    """Continue with :class:`TransmuteAt`: the chosen hex is its ``cell``."""

    def step(self, player: int, cell: int) -> TransmuteAt:
        return TransmuteAt(player=player, cell=cell)


@attrs.frozen(kw_only=True)
class SwitchFromThen(HexThen):
    """Continue with :class:`SwitchFrom`: the chosen hex is its ``mine``."""

    def step(self, player: int, cell: int) -> SwitchFrom:
        return SwitchFrom(player=player, mine=cell)


@attrs.frozen(kw_only=True)
class SwitchToThen(HexThen):
    """Continue with :class:`SwitchTo`: the chosen hex is its ``theirs``, ``mine`` kept."""

    mine: int

    def step(self, player: int, cell: int) -> SwitchTo:
        return SwitchTo(player=player, mine=self.mine, theirs=cell)


@attrs.frozen(kw_only=True)
class MirrorColourThen(OptionThen):
    """Continue with :class:`MirrorColour`: the chosen option is its ``colour``, ``cell`` kept."""

    cell: int

    def step(self, player: int, option: str) -> MirrorColour:
        return MirrorColour(player=player, cell=self.cell, colour=option)


@attrs.frozen(kw_only=True)
class TransmuteFromThen(OptionThen):
    """Continue with :class:`TransmuteFrom`: the chosen option is its ``colour``, ``cell`` kept."""

    cell: int

    def step(self, player: int, option: str) -> TransmuteFrom:
        return TransmuteFrom(player=player, cell=self.cell, colour=option)


@attrs.frozen(kw_only=True)
class TransmuteDoThen(OptionThen):
    """Continue with :class:`TransmuteDo`: the chosen option is its ``colour``, ``cell``, ``old`` kept."""

    cell: int
    old: int

    def step(self, player: int, option: str) -> TransmuteDo:
        return TransmuteDo(player=player, cell=self.cell, old=self.old, colour=option)


@attrs.frozen(kw_only=True)
class SwitchWithThen(OptionThen):
    """Continue with :class:`SwitchWith`: the chosen option is its ``company``, ``mine``, ``theirs`` kept."""

    mine: int
    theirs: int

    def step(self, player: int, option: str) -> SwitchWith:
        return SwitchWith(player=player, mine=self.mine, theirs=self.theirs, company=option)


@attrs.frozen(kw_only=True)
class DiscardTileThen(OptionThen):
    """Continue with :class:`DiscardTile`: the chosen option is its ``choice``."""

    def step(self, player: int, option: str) -> DiscardTile:
        return DiscardTile(player=player, choice=option)


# ---- effects/surveyors.py
@attrs.frozen(kw_only=True)
class MindraBuildThen(HexThen):
    """Continue with :class:`MindraBuild`: the chosen hex is its ``cell``, ``source`` kept."""

    source: str

    def step(self, player: int, cell: int) -> MindraBuild:
        return MindraBuild(player=player, source=self.source, cell=cell)


@attrs.frozen(kw_only=True)
class AnyaFromThen(HexThen):
    """Continue with :class:`AnyaFrom`: the chosen hex is its ``source``, ``times`` kept."""

    times: int

    def step(self, player: int, cell: int) -> AnyaFrom:
        return AnyaFrom(player=player, times=self.times, source=cell)


@attrs.frozen(kw_only=True)
class AnyaToThen(HexThen):
    """Continue with :class:`AnyaTo`: the chosen hex is its ``target``, ``times``, ``source`` kept."""

    times: int
    source: int

    def step(self, player: int, cell: int) -> AnyaTo:
        return AnyaTo(player=player, times=self.times, source=self.source, target=cell)


@attrs.frozen(kw_only=True)
class ArielClearThen(HexThen):
    """Continue with :class:`ArielClear`: the chosen hex is its ``cell``."""

    def step(self, player: int, cell: int) -> ArielClear:
        return ArielClear(player=player, cell=cell)


@attrs.frozen(kw_only=True)
class CinGatherThen(HexThen):
    """Continue with :class:`CinGather`: the chosen hex is its ``cell``."""

    def step(self, player: int, cell: int) -> CinGather:
        return CinGather(player=player, cell=cell)


@attrs.frozen(kw_only=True)
class AellaKeepThen(OptionThen):
    """Continue with :class:`AellaKeep`: the chosen option is its ``name``."""

    def step(self, player: int, option: str) -> AellaKeep:
        return AellaKeep(player=player, name=option)


@attrs.frozen(kw_only=True)
class RanUseThen(OptionThen):
    """Continue with :class:`RanUse`: the chosen option is its ``name``, ``used`` kept."""

    used: tuple[str, ...] = ()

    def step(self, player: int, option: str) -> RanUse:
        return RanUse(player=player, used=self.used, name=option)


@attrs.frozen(kw_only=True)
class TelemyrSwapThen(OptionThen):
    """Continue with :class:`TelemyrSwap`: the chosen option is its ``swap``."""

    def step(self, player: int, option: str) -> TelemyrSwap:
        return TelemyrSwap(player=player, swap=option)


@attrs.frozen(kw_only=True)
class HydeartBuildThen(OptionThen):
    """Continue with :class:`HydeartBuild`: the chosen option is its ``terrain``, ``source`` kept."""

    source: str

    def step(self, player: int, option: str) -> HydeartBuild:
        return HydeartBuild(player=player, source=self.source, terrain=option)


@attrs.frozen(kw_only=True)
class MiltonFirstThen(OptionThen):
    """Continue with :class:`MiltonFirst`: the chosen option is its ``choice``, ``slots`` kept."""

    slots: tuple[int, ...]

    def step(self, player: int, option: str) -> MiltonFirst:
        return MiltonFirst(player=player, slots=self.slots, choice=option)


@attrs.frozen(kw_only=True)
class WardlawFirstThen(OptionThen):
    """Continue with :class:`WardlawFirst`: the chosen option is its ``first``, ``times`` kept."""

    times: int

    def step(self, player: int, option: str) -> WardlawFirst:
        return WardlawFirst(player=player, times=self.times, first=option)


@attrs.frozen(kw_only=True)
class WardlawSwapThen(OptionThen):
    """Continue with :class:`WardlawSwap`: the chosen option is its ``second``, ``times``, ``first`` kept."""

    times: int
    first: str

    def step(self, player: int, option: str) -> WardlawSwap:
        return WardlawSwap(player=player, times=self.times, first=self.first, second=option)


# Where the options of a generic choice come from: a typed value per kind of
# list, computed when the choice is listed (the function is registered for
# its type with ``@lists(Type)`` in the effect module that owns it). A domain
# that needs context reads it from the choice's continuation (``reads``: the
# continuation types it reads, checked when a save is loaded); only Volcanic
# Vexxer's hexes around the new track carry their own (``GoodsAround.centre``).
@attrs.frozen(kw_only=True)
class Domain:
    """The options of a :class:`ChooseHex` (cells) or :class:`ChooseOption` (names), listed when asked.

    Attributes:
        reads: the continuation types whose fields the listing reads (empty:
            it reads none); a choice pairing it with another is refused at load.
    """

    reads: ClassVar[tuple[type[Resume], ...]] = ()


# ---- effects/verbs.py, rules/wasteland.py
@attrs.frozen(kw_only=True)
class WastelandTargets(Domain):
    """In-Network and Network-Adjacent hexes that may take a Wasteland tile (none when no tile is left)."""


@attrs.frozen(kw_only=True)
class SupplyColours(Domain):
    """The Good colours left in the supply."""


@attrs.frozen(kw_only=True)
class MoveGoodTargets(Domain):
    """In-Network hexes next to a hex holding a Good."""


@attrs.frozen(kw_only=True)
class MoveGoodSources(Domain):
    """The hexes next to the continuation's ``target`` that hold a Good."""

    reads: ClassVar[tuple[type[Resume], ...]] = (MoveGoodSourceThen,)


@attrs.frozen(kw_only=True)
class InNetworkGoods(Domain):
    """In-Network hexes holding a Good."""


# ---- effects/station_masters.py
@attrs.frozen(kw_only=True)
class VocoColours(Domain):
    """Voco Astrum: the Good colours it may take from the supply."""


# ---- effects/unique_verbs.py
@attrs.frozen(kw_only=True)
class MovableCars(Domain):
    """In-Network hexes whose train car of the player can move to a neighbouring hex."""


@attrs.frozen(kw_only=True)
class CarDestinations(Domain):
    """The hexes the train car on the continuation's ``source`` may move to."""

    reads: ClassVar[tuple[type[Resume], ...]] = (MoveCarToThen, MarcinaeMoveThen, AnyaToThen)


# ---- effects/engineers.py
@attrs.frozen(kw_only=True)
class OtherEngineers(Domain):
    """Arret Draamivaar: the other players' Engineers it may copy."""


@attrs.frozen(kw_only=True)
class GarekTiles(Domain):
    """Garek Tesias: the Spellcar tiles of the railyard that may move (``"C3 <id>"``)."""


@attrs.frozen(kw_only=True)
class GarekSlots(Domain):
    """Garek Tesias: where the tile at the continuation's ``source`` may go (an empty slot or another tile)."""

    reads: ClassVar[tuple[type[Resume], ...]] = (GarekToThen,)


@attrs.frozen(kw_only=True)
class BareCells(Domain):
    """In-Network hexes without a Good whose terrain's Good is still in the supply."""


@attrs.frozen(kw_only=True)
class UumiOptions(Domain):
    """Uumi Nuoc: the Spellcars and Specialists it may copy."""


# ---- effects/captains.py
@attrs.frozen(kw_only=True)
class DoloresSources(Domain):
    """Dolores Malephaise: hexes a Good may be taken from."""


@attrs.frozen(kw_only=True)
class NetworkExcept(Domain):
    """In-Network hexes other than the continuation's ``source``."""

    reads: ClassVar[tuple[type[Resume], ...]] = (DoloresTargetThen,)


@attrs.frozen(kw_only=True)
class MarcinaeSources(Domain):
    """Marcinae Ayle Shorec: In-Network hexes with a Good and a hex for the train car to go to."""


# ---- effects/unique_spellcars.py
@attrs.frozen(kw_only=True)
class GoodsAround(Domain):
    """Volcanic Vexxer: the hexes around ``centre`` (the new track) holding a Good."""

    centre: int


@attrs.frozen(kw_only=True)
class MirrorCells(Domain):
    """Mirror Box: In-Network hexes with a Good whose colour is still in the supply."""


@attrs.frozen(kw_only=True)
class SwitchMine(Domain):
    """Switching Station: the player's train cars next to a competitor's."""


@attrs.frozen(kw_only=True)
class SwitchTheirs(Domain):
    """Switching Station: the hexes next to the continuation's ``mine`` holding a competitor's train car."""

    reads: ClassVar[tuple[type[Resume], ...]] = (SwitchToThen,)


@attrs.frozen(kw_only=True)
class TilesOf(Domain):
    """Car Bomb: the Spellcar tiles of the choosing player's railyard (``"C3 <id>"``)."""


# ---- effects/surveyors.py
@attrs.frozen(kw_only=True)
class OtherSurveyors(Domain):
    """The other players' Surveyors that may be copied."""


@attrs.frozen(kw_only=True)
class RanOptions(Domain):
    """Ran Ugobia: the Captain or Engineer not yet used (the continuation's ``used``)."""

    reads: ClassVar[tuple[type[Resume], ...]] = (RanUseThen,)


@attrs.frozen(kw_only=True)
class TelemyrSwaps(Domain):
    """Telemyr: the swaps of Specialists on offer."""


@attrs.frozen(kw_only=True)
class MindraCells(Domain):
    """Mindra Dirac: In-Network hexes with a hex around them that can take a train car."""


@attrs.frozen(kw_only=True)
class NetworkCells(Domain):
    """The player's In-Network hexes."""


@attrs.frozen(kw_only=True)
class WardlawTiles(Domain):
    """Wardlaw O'Brien: the Demand Tiles on the map (when two stands hold some)."""


@attrs.frozen(kw_only=True)
class WardlawPartners(Domain):
    """Wardlaw O'Brien: the Demand Tiles the continuation's ``first`` may be swapped with."""

    reads: ClassVar[tuple[type[Resume], ...]] = (WardlawSwapThen,)


HEX_THENS: tuple[type[HexThen], ...] = (
    PlaceWastelandThen, MoveGoodTargetThen, MoveGoodSourceThen, ReturnGoodAtThen, ReturnGoodsAtThen,
    MoveCarFromThen, MoveCarToThen, SeedGoodThen, DoloresSourceThen, DoloresTargetThen, MarcinaeSourceThen,
    MarcinaeMoveThen, MirrorAtThen, TransmuteAtThen, SwitchFromThen, SwitchToThen, MindraBuildThen,
    AnyaFromThen, AnyaToThen, ArielClearThen, CinGatherThen,
)
"""Every continuation of a :class:`ChooseHex`, one per typed step it completes."""

OPTION_THENS: tuple[type[OptionThen], ...] = (
    CopyEffectThen, PlaceGoodColourThen, MoveGoodColourThen, ReturnGoodColourThen, VocoTakeThen,
    ReturnGoodsColourThen, GarekFromThen, GarekToThen, DoloresColourThen, MarcinaeColourThen,
    MirrorColourThen, TransmuteFromThen, TransmuteDoThen, SwitchWithThen, DiscardTileThen, AellaKeepThen,
    RanUseThen, TelemyrSwapThen, HydeartBuildThen, MiltonFirstThen, WardlawFirstThen, WardlawSwapThen,
)
"""Every continuation of a :class:`ChooseOption`, one per typed step it completes."""

DOMAIN_TYPES: tuple[type[Domain], ...] = (
    WastelandTargets, SupplyColours, MoveGoodTargets, MoveGoodSources, InNetworkGoods, VocoColours,
    MovableCars, CarDestinations, OtherEngineers, GarekTiles, GarekSlots, BareCells, UumiOptions,
    DoloresSources, NetworkExcept, MarcinaeSources, GoodsAround, MirrorCells, SwitchMine, SwitchTheirs,
    TilesOf, OtherSurveyors, RanOptions, TelemyrSwaps, MindraCells, NetworkCells, WardlawTiles,
    WardlawPartners,
)
"""Every domain a generic choice may list its options from."""


@attrs.frozen(kw_only=True)
class ChooseOption(Decision):
    """Pick one name, then continue with ``then.step(player, name)``.

    Attributes:
        domain: where the options come from, listed when asked (``None``:
            the fixed ``options``).
        options: fixed options.
        then: the continuation, with its context as named fields: the typed
            step the answer completes (a save naming it by an old op name
            is migrated: :func:`hexkit_empyreal.migrate.migrate_choice`).
        optional: whether :class:`Done` (decline) is allowed.
    """

    domain: Domain | None = None
    options: tuple[str, ...] = ()
    then: OptionThen
    optional: bool = False


@attrs.frozen(kw_only=True)
class ChooseHex(Decision):
    """Pick one hex of the ``domain``, then continue with ``then.step(player, cell)``.

    Attributes:
        domain: where the cells come from, listed when asked.
        then: the continuation, with its context as named fields: the typed
            step the answer completes (a save naming it by an old op name
            is migrated: :func:`hexkit_empyreal.migrate.migrate_choice`).
        optional: whether :class:`Done` (decline) is allowed.
    """

    domain: Domain
    then: HexThen
    optional: bool = False


@attrs.frozen(kw_only=True)
class Branch(Question):
    """Pick one labelled sequence of steps ("Gain Mana or Gain Spellcar").

    A native question of the core engine (:mod:`hexkit.flow`), answered by
    :class:`~hexkit_empyreal.rules.choices.BranchHandler`.

    Attributes:
        labels: the options.
        branches: the steps of each option, first to run first: typed
            decisions nested as values (saved through the one converter,
            each with its ``"type"`` tag). A save from before 0.3.0's flow
            port kept them as JSON text; it is migrated on load
            (:func:`hexkit_empyreal.migrate.legacy_steps`).
        optional: whether :class:`Done` (decline) is allowed.
    """

    labels: tuple[str, ...]
    branches: tuple[tuple[Decision, ...], ...]
    optional: bool = False


@attrs.frozen(kw_only=True)
class BuildTrack(Decision):
    """Build Track: choose a legal target hex (with Transfers) or decline.

    Attributes:
        target: which hexes are legal targets.
        free_city: one City Transfer of this build is free.
        free_wasteland: one Wasteland Transfer of this build is free.
        free_competitor: one Competitor Transfer of this build is free.
        source: the Spellcar or Specialist building (for the log).
    """

    target: Target
    free_city: bool = False
    free_wasteland: bool = False
    free_competitor: bool = False
    source: str = ""


@attrs.frozen(kw_only=True)
class SelectCompany(Decision):
    """Set-up: choose a Company (reverse turn order)."""


@attrs.frozen(kw_only=True)
class SelectCaptain(Decision):
    """Set-up: choose the Company's Captain or a Wild Captain."""

    company: str


@attrs.frozen(kw_only=True)
class EliminateAward(Decision):
    """Expert: eliminate one of the offered Awards."""


@attrs.frozen(kw_only=True)
class PlaceHeadquarters(Decision):
    """Set-up: place a train car on the Home Terrain, then one adjacent (``first`` >= 0)."""

    first: int = -1


@attrs.frozen(kw_only=True)
class SpecialistPhase(Decision):
    """Activate Specialists, or go on to the main action."""


@attrs.frozen(kw_only=True)
class MainAction(Decision):
    """Administrate or Move+Activate.

    Attributes:
        moves_only: offer only Conductor moves (Peril: activate, then move).
        activate: activate Spellcars after the move.
        deliver: reaching the End of the Line delivers and upgrades (False:
            straight back to Start, Peril).
    """

    moves_only: bool = False
    activate: bool = True
    deliver: bool = True


@attrs.frozen(kw_only=True)
class AdministrateSteps(Decision):
    """Administrate: do the remaining steps in the order you choose."""

    remaining: tuple[str, ...]


@attrs.frozen(kw_only=True)
class ActivateSpellcars(Decision):
    """Activate Spellcars in the Conductor's column, or stop."""


@attrs.frozen(kw_only=True)
class DeliverChoice(Decision):
    """Choose a Network-Adjacent City to deliver to, or skip.

    Attributes:
        mode: ``eol`` (End of the Line), ``final`` (final delivery) or
            ``effect`` (a Spellcar or Specialist).
        limit: most Goods to deliver (0: no limit).
        tiles: whether the delivery may earn a Demand Tile.
    """

    mode: str = "eol"
    limit: int = 0
    tiles: bool = True


@attrs.frozen(kw_only=True)
class PickGoods(Decision):
    """Pick up In-Network Goods of the colour, one at a time, then done."""

    stand: int
    colour: int
    count: int = 0
    mode: str = "eol"
    limit: int = 0
    tiles: bool = True


@attrs.frozen(kw_only=True)
class ClaimDemand(Decision):
    """Take one Demand Tile you qualify for, or none."""

    stand: int
    colour: int
    count: int
    mode: str = "eol"


@attrs.frozen(kw_only=True)
class UpgradeChoice(Decision):
    """End of the Line: choose one of the three Upgrades."""


@attrs.frozen(kw_only=True)
class TakeSpellcar(Decision):
    """Gain Spellcar: take one from the Market (or decline)."""


@attrs.frozen(kw_only=True)
class PlaceSpellcar(Decision):
    """Place the Spellcar taken in a legal railyard slot."""

    spellcar: str


@attrs.frozen(kw_only=True)
class ChooseSpecialistType(Decision):
    """Gain Specialist: choose a type you do not have yet (or decline)."""


@attrs.frozen(kw_only=True)
class ChooseSpecialist(Decision):
    """Gain Specialist: choose one of the picked-up stack (``kind``: 0 Engineer, 1 Surveyor, 2 Station Master)."""

    kind: int


DECISION_TYPES: tuple[type[Decision], ...] = (
    ChooseOption,
    ChooseHex,
    Branch,
    BuildTrack,
    SelectCompany,
    SelectCaptain,
    EliminateAward,
    PlaceHeadquarters,
    SpecialistPhase,
    MainAction,
    AdministrateSteps,
    ActivateSpellcars,
    DeliverChoice,
    PickGoods,
    ClaimDemand,
    UpgradeChoice,
    TakeSpellcar,
    PlaceSpellcar,
    ChooseSpecialistType,
    ChooseSpecialist,
    *TYPED_STEPS,
)
