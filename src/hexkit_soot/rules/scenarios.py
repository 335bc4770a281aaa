"""The three Scenarios: The River Delta, The Mountain Pass, The Long Valley.

Each is a set-up card that pre-seeds the terrain stack (``on_setup``) and
adds a scoring rule (``score``); the three exclude one another
(:data:`hexkit_soot.config.EXCLUSIVE`). Numbers and the assumed seeding are
in data/scenarios.toml.

* The River Delta: the stack's river tiles are doubled (unused river tiles
  swapped in for non-river ones, so twice the water overlays come out);
  a River Port scores +2 founding points when it is founded (on the public
  track, with the season's founding points: ``on_settlement_founded``).
* The Mountain Pass: 8 Mountain tiles on top of the stack (the arc near the
  Central City); the first player to lay a rail segment touching a Mountain
  hex claims the pass at once (``on_rail``, rules version 3; version 2 looked
  only after each action phase and gave a round's claim to the earlier seat in
  turn order, even if a later seat had laid its rail first) and scores 5 at the end.
* The Long Valley: 8 Plains tiles on top of the stack (the corridor); the
  frontier premium starts at 3+ hexes: the card's number, read by the sale
  price (:func:`premium_distance`). Only the premium moves: a contract's
  "Frontier" destination, the Frontier Magnate milestone and the Last
  Frontier event keep ``numbers.premium_distance`` (4+ hexes), as the
  rulebook defines them (rules version 3; version 2 moved all four).

Source: rulebook, "Optional Modules", Scenarios.
"""

from __future__ import annotations

from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.ledger import data, gain_points
from hexkit_soot.module_data import ScenarioCard, module_digest
from hexkit_soot.rules.modules import register_module
from hexkit_soot.state import RAIL, SootState

__all__ = ["Scenario", "SCENARIOS", "scenario_data", "premium_distance", "register"]

RULES_VERSION = 3
"""The scenarios' rules version: 3 since The Long Valley moves only the frontier premium and
the Mountain Pass goes to the first rail laid (not the earliest seat of the round)."""

LONG_VALLEY = "long-valley"


def scenario_data(state: SootState) -> dict[str, ScenarioCard]:
    """The scenario cards by module name: ``scenarios.toml`` of ``state``'s data folder, with its overrides.

    Read with the base data (:mod:`hexkit_soot.module_data`), so ``data_dir``
    and ``--set scenarios.river-delta.points=3`` reach it.

    Args:
        state: the game.
    """
    return data(state).scenarios


def premium_distance(state: SootState) -> int:
    """Hexes from the Central City at which a market's frontier premium starts: the Long
    Valley card's number (3) with that scenario, else ``numbers.premium_distance`` (4).

    Source: rulebook, "MARKET" (frontier premium: +2/unit at 4+ hexes out); Scenarios
    (The Long Valley: the frontier premium starts at 3+ hexes).

    Args:
        state: the game.
    """
    d = data(state)
    if LONG_VALLEY in getattr(state.config, "modules", ()):
        return d.scenarios[LONG_VALLEY].points
    return d.numbers.premium_distance


class Scenario:
    """One scenario card as a module.

    Args:
        name: ``"river-delta"``, ``"mountain-pass"`` or ``"long-valley"``.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self.rules_version = RULES_VERSION
        self.data_file = "scenarios.toml"
        self.state_keys: tuple[str, ...] = ("pass.first",) if name == "mountain-pass" else ()
        self.version = f"{RULES_VERSION}+{module_digest(None, 'scenarios.toml')}"

    def card(self, state: SootState) -> ScenarioCard:
        """This scenario's card in ``state``'s data."""
        return scenario_data(state)[self.name]

    def on_setup(self, state: SootState) -> None:
        """Pre-seed the terrain stack (top = the end of ``tile_stack``)."""
        card = self.card(state)
        tiles = data(state).tile_list()
        stack = state.tile_stack
        if card.seed == "river":
            used = set(stack) | set(state.tiles.values())
            spare = [t for t in range(len(tiles)) if tiles[t][2] and t not in used]
            rivers = sum(1 for t in stack if tiles[t][2])
            swap = min(rivers, len(spare))
            dry = [i for i in range(len(stack) - 1, -1, -1) if not tiles[stack[i]][2]][:swap]
            for i, t in zip(dry, spare):
                stack[i] = t
            state.note(None, f"{card.title}: {swap} more river tiles in the stack ({rivers + swap} in all)")
            return
        fitting = [t for t in stack if tiles[t][0] == card.seed]
        want = fitting[len(fitting) - min(card.seed_tiles, len(fitting)):]  # the topmost seed_tiles (0: none)
        rest = [t for t in stack if t not in want]
        stack[:] = rest + want
        state.note(None, f"{card.title}: {len(want)} {card.seed} tiles on top of the stack")

    def on_rail(self, state: SootState, player: PlayerId, a: Hex, b: Hex) -> None:
        """The Mountain Pass: the first rail segment laid touching a Mountain hex claims the pass.

        Source: rulebook, Scenarios ("first rail through the pass: 5 points").
        """
        if self.name != "mountain-pass" or "pass.first" in state.module_state:
            return
        tiles = data(state).tile_list()
        for h in (a, b):
            tile = state.tiles.get(h)
            if tile is not None and tile >= 0 and tiles[tile][0] == "Mountain":
                state.module_state["pass.first"] = [player]
                state.note(player, f"ran the first rail through the Mountain Pass at {h}: "
                                   f"{self.card(state).points} points at the end")
                return

    def after_actions(self, state: SootState) -> None:
        """The Mountain Pass: a rail touching a Mountain hex that no ``on_rail`` saw (a state
        built by hand) claims the pass for the earliest seat in turn order."""
        if self.name != "mountain-pass" or "pass.first" in state.module_state:
            return
        tiles = data(state).tile_list()
        for seat in state.order:
            for h, kinds in state.route_kind.items():
                tile = state.tiles.get(h)
                if tile is None or tile < 0 or tiles[tile][0] != "Mountain":
                    continue
                owners = state.route_owner.get(h)
                if owners and any(k == RAIL and o == seat for k, o in zip(kinds, owners)):
                    state.module_state["pass.first"] = [seat]
                    state.note(seat, f"ran the first rail through the Mountain Pass at {h}: "
                                     f"{self.card(state).points} points at the end")
                    return

    def on_round_end(self, state: SootState) -> None:
        """Nothing at a round's end."""

    def on_settlement_founded(self, state: SootState, player: PlayerId, at: Hex) -> None:
        """The River Delta: a River Port scores the card's founding points when founded.

        On the public track at once, tallied with the founding points
        (``points_by["settlements"]``); the base founding points are unchanged.

        Source: rulebook, Scenarios ("River Ports +2 founding points").
        """
        if self.name != "river-delta" or state.settlements[at].spec != "River Port":
            return
        gain_points(state, player, self.card(state).points, f"{self.card(state).title}: River Port founded",
                    source="settlements")

    def score(self, state: SootState, player: PlayerId) -> dict[str, int]:
        """The scenario's final-scoring line for ``player`` (the Mountain Pass only: the River
        Delta's points are founding points, scored on the public track when a port is founded)."""
        if self.name == "mountain-pass":
            first = state.module_state.get("pass.first", [-1])[0]
            return {"Mountain Pass: first rail": self.card(state).points if first == player else 0}
        return {}


SCENARIOS = {name: Scenario(name) for name in ("river-delta", "mountain-pass", "long-valley")}


def register() -> None:
    """Register the three scenario modules (explicit)."""
    for module in SCENARIOS.values():
        register_module(module)
