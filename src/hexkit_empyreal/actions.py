"""Actions (a player's answers) and decisions (the questions on the stack).

A turn is a sequence of small decisions kept on ``state.pending``; the top
one is answered next and may push more. Actions are small frozen values
with a readable ``str``; hexes appear as :class:`~hexkit.hexes.Hex`.

Besides the decisions of the turn structure there are four generic ones the
effects are built from (see :mod:`hexkit_empyreal.effects`):

* :class:`Op`: an automatic step (a registered function run by the engine,
  never answered by a player);
* :class:`ChooseOption` and :class:`ChooseHex`: pick a name or a hex from a
  registered *domain*, then run a registered op with the answer;
* :class:`Branch`: pick one of several labelled sequences of steps (nested as typed values);
* :class:`BuildTrack`: the Build Track verb, with its target and free Transfers.

Source: rulebook, Gameplay.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from hexkit.flow import (
    ComponentAnswer,
    ComponentRef,
    DoneAnswer,
    HexAnswer,
    NumberAnswer,
    OptionAnswer,
    Question,
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
    "Op",
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
    key = (cls, *args)
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


@attrs.frozen(kw_only=True)
class Op(Decision):
    """An automatic step: the engine runs the registered op ``op`` at once.

    Attributes:
        op: registered op name (:func:`hexkit_empyreal.effects.op`).
        ints: integer arguments.
        strs: string arguments.
        steps: the steps an op runs after its own work (what a payment
            buys, the Build Track to repeat): typed decisions nested as
            values, never text.
    """

    op: str
    ints: tuple[int, ...] = ()
    strs: tuple[str, ...] = ()
    steps: tuple[Decision, ...] = ()


_OPS: dict[tuple[int, str], Op] = {}


def op_step(player: int, name: str) -> Op:
    """The :class:`Op` running ``name`` for ``player`` with no arguments (one shared value each).

    The turn pushes the same few steps ("end_turn", "specialist_phase")
    thousands of times a game; they are immutable, so one object serves.
    """
    step = _OPS.get((player, name))
    if step is None:
        step = _OPS[(player, name)] = Op(player=player, op=name)
    return step


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
# step that continues a ChooseHex / ChooseOption names the answer's field
# last (the cell, the option), since that choice still names it by its old
# op name (``then``; see hexkit_empyreal.migrate.OLD_OPS).
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
"""The typed automatic steps of the effects (those not yet ported are still :class:`Op` named by a string)."""

TYPED_STEPS: tuple[type[Step], ...] = (*TURN_STEPS, *EFFECT_STEPS)
"""Every typed automatic step (every other automatic step is still an :class:`Op` named by a string)."""

_S = TypeVar("_S", bound=Step)
_AUTO: dict[tuple[type[Step], int], Step] = {}


def auto(kind: type[_S], player: int) -> _S:
    """The automatic step ``kind`` for ``player`` (one shared value each: steps are immutable)."""
    step = _AUTO.get((kind, player))
    if step is None:
        step = _AUTO[(kind, player)] = kind(player=player)
    return step  # type: ignore[return-value]


@attrs.frozen(kw_only=True)
class ChooseOption(Decision):
    """Pick one name, then run op ``then`` with ``strs + (name,)``.

    Attributes:
        domain: registered domain computing the options when asked ("" to
            use ``options``).
        options: fixed options.
        then: op run with the answer.
        ints, strs, steps: passed on to ``then``.
        optional: whether :class:`Done` (decline) is allowed.
    """

    domain: str = ""
    options: tuple[str, ...] = ()
    then: str
    ints: tuple[int, ...] = ()
    strs: tuple[str, ...] = ()
    steps: tuple[Decision, ...] = ()
    optional: bool = False


@attrs.frozen(kw_only=True)
class ChooseHex(Decision):
    """Pick one hex of a registered domain, then run op ``then`` with ``ints + (cell,)``
    (and ``strs`` and ``steps`` passed on)."""

    domain: str
    then: str
    ints: tuple[int, ...] = ()
    strs: tuple[str, ...] = ()
    steps: tuple[Decision, ...] = ()
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
    Op,
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
