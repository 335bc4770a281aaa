"""Empyreal's stable action numbers: one :class:`~hexkit.rl.spaces.KeyedSpace` per config.

Every answer is numbered by what it does, whatever the state:

=========================  ==========================================  =====================
key                        meaning                                     how many
=========================  ==========================================  =====================
``("Build", h)``           Build Track on hex ``h`` (the Transfer      one per map hex
                           mana is the rules' and not part of it)
``("PickHex", h)``         choose hex ``h`` (a target, a Wasteland)    one per map hex
``("PickGood", h)``        pick up a Good at hex ``h``                 one per map hex
``("DeliverTo", h, c)``    deliver Goods of colour ``c`` to the City   Cities x colours
                           on hex ``h``
``("Move", n)``            move the Conductor ``n`` spaces             ``n`` = 1..12
``("Activate", slot)``     activate the Spellcar in railyard slot      18 (A1..F3)
                           ``slot`` (whichever car is there)
``("PlaceAt", slot)``      place the gained Spellcar at ``slot``       18
``("ChooseSlot", slot)``   the option naming the Spellcar in ``slot``  18
                           (``"C2 Flow Controller"``)
``("UseSpecialist", s)``   activate Specialist (or Captain) ``s``      the data's names
``("Choose", name)``       a named option: Administrate and its        the data's names
                           steps, a Company, Captain, Award,
                           Specialist, Specialist type, Spellcar,
                           Upgrade, colour, terrain, "<terrain>
                           first", the effect branch labels, the
                           Demand claims (per City and colour)
``("Done",)``              decline / finish a repeated choice          1
=========================  ==========================================  =====================

The map hexes are the union over the board layouts set-up deals (seeds
0..15 of the config), the Cities likewise. Not listed, so numbered in the
overflow block of 256 by legal order (see :mod:`hexkit.rl.spaces`): option
texts pairing two people (``"Captain X for Y"``, a swap) and anything the
lists miss (a new effect's label, a hex outside those layouts). Sizes
(numbers including the 256 overflow): 2 and 3 players 1,953; 4 players
2,127; 6 players 2,223. Measured over 3 random games per player count
(tests/rl/test_spaces.py): 0% of legal actions in the overflow at 2-4
players, 0.03% at 6.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, cast

from hexkit.game import Game, GameConfig

from hexkit.rl.spaces import KeyedSpace
from hexkit_empyreal.data import SPECIALIST_TYPES
from hexkit_empyreal.rules.turn import ADMIN_STEPS, ADMINISTRATE
from hexkit_empyreal.rules.upgrade import UPGRADES
from hexkit_empyreal.state import board, data

__all__ = ["action_space", "key", "SLOT_LABELS", "MAX_MOVE", "LAYOUT_SEEDS", "BRANCH_LABELS", "DEMANDS",
           "NAMED_LABELS"]

SLOT_LABELS = tuple(f"{c}{n}" for c in "ABCDEF" for n in (1, 2, 3))
"""Railyard slot labels listed (six columns of three)."""
MAX_MOVE = 12
"""Conductor moves listed: 1..MAX_MOVE spaces."""
LAYOUT_SEEDS = range(16)
"""Seeds whose set-up layouts give the listed map hexes."""
BRANCH_LABELS = ("Activate then Move (Peril)", "Build Track next to a City", "Build Track on Home Terrain",
                 "Build Track on Wasteland", "Gain Mana", "Gain Specialist", "Place Wasteland",
                 "Refresh Engineer")
"""Effect branch labels listed (the fixed texts of the rulebook's either/or icons)."""
DEMANDS = (("Double", 1), ("Triple", 2), ("Quadruple", 3))
"""Demand tile kinds and their points, as the claim options name them."""
NAMED_LABELS = ("Deliver one Good", "Build Track on Home Terrain")
"""Option texts listed once per named person (``"Deliver one Good (Nicomedes An'sige)"``)."""

_HEX_TYPES = frozenset({"Build", "PickHex", "PickGood"})
_SLOTS = frozenset(SLOT_LABELS)


def key(decision: Any, action: Any) -> Hashable:
    """The stable key of an Empyreal answer (the decision is not needed: answers name their target)."""
    name = type(action).__name__
    if name in _HEX_TYPES:
        return (name, action.hex)
    if name == "Choose":
        option = action.option
        if option[:2] in _SLOTS and option[2:3] == " ":  # "C2 Flow Controller": the car in slot C2
            return ("ChooseSlot", option[:2])
        return ("Choose", option)
    if name == "Activate" or name == "PlaceAt":
        return (name, action.slot)
    if name == "Move":
        return ("Move", action.spaces)
    if name == "DeliverTo":
        return ("DeliverTo", action.city, action.colour)
    if name == "UseSpecialist":
        return ("UseSpecialist", action.name)
    if name == "Done":
        return ("Done",)
    return (name, action)


def _describe(k: Hashable) -> str:
    return " ".join(str(part) for part in cast("tuple[Any, ...]", k))


def action_space(game: Game[Any, Any], config: GameConfig) -> KeyedSpace:
    """The :class:`KeyedSpace` of Empyreal under ``config`` (see the module table)."""

    hexes: dict[Any, None] = {}
    cities: dict[Any, None] = {}
    layouts: set[Any] = set()
    d = None
    for seed in LAYOUT_SEEDS:
        state = game.new(config, seed)
        if state.layout in layouts:
            continue
        layouts.add(state.layout)
        b = board(state)
        d = data(state)
        hexes.update(dict.fromkeys(b.hexes))
        cities.update(dict.fromkeys(b.hexes[c] for c in b.cities))
    if d is None:
        raise ValueError("empyreal_catalogue.LAYOUT_SEEDS is empty")
    ordered = sorted(hexes)
    colours = tuple(g.colour for g in d.goods)
    names: dict[str, None] = dict.fromkeys([ADMINISTRATE, *ADMIN_STEPS, *UPGRADES, *SPECIALIST_TYPES])
    names.update(dict.fromkeys(c.name for c in d.companies))
    names.update(dict.fromkeys(c.name for c in d.captains))
    names.update(dict.fromkeys(a.name for a in d.awards))
    names.update(dict.fromkeys(s.name for s in d.specialists))
    for spec in d.spellcars.values():
        names.update(dict.fromkeys((spec.id, spec.name)))
    people = tuple(names)
    terrains = tuple(g.terrain for g in d.goods)
    names.update(dict.fromkeys(colours))
    names.update(dict.fromkeys(terrains))
    names.update(dict.fromkeys(f"{t} first" for t in terrains))
    names.update(dict.fromkeys(BRANCH_LABELS))
    names.update(dict.fromkeys(f"{kind} Demand ({vp} VP)" for kind, vp in DEMANDS))
    names.update(dict.fromkeys(f"{c} {kind} Demand at {h}" for h in sorted(cities) for c in colours
                               for kind, _ in DEMANDS))
    names.update(dict.fromkeys(f"{label} ({who})" for label in NAMED_LABELS for who in people))
    keys: list[Hashable] = [("Done",)]
    for kind in ("Build", "PickHex", "PickGood"):
        keys.extend((kind, h) for h in ordered)
    keys.extend(("DeliverTo", h, c) for h in sorted(cities) for c in colours)
    keys.extend(("Move", n) for n in range(1, MAX_MOVE + 1))
    keys.extend(("Activate", s) for s in SLOT_LABELS)
    keys.extend(("PlaceAt", s) for s in SLOT_LABELS)
    keys.extend(("ChooseSlot", s) for s in SLOT_LABELS)
    keys.extend(("UseSpecialist", n) for n in names)
    keys.extend(("Choose", n) for n in names)
    return KeyedSpace(keys, key, overflow=256, describe=_describe)
