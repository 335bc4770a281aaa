"""Optional modules: the extension point for Trust, scenarios, partnerships, shares, labor, campaign.

A module is an object with the hooks below, registered by name in
:data:`MODULES`; :class:`~hexkit_soot.config.SootConfig` accepts a module
name only once one is registered (today none is, so asking for one raises
a :class:`~hexkit.errors.ConfigError`). The round calls every hook of the
modules in the config, in the config's name order, at fixed points:

* ``on_setup(state)``: after the base set-up, before the draft (a scenario
  pre-seeds the tile stack; the campaign marks exhausted sites);
* ``after_actions(state)``: when every player has passed, before Upkeep
  (The Trust takes its turn; Labor's Hardship check);
* ``on_round_end(state)``: after the End phase of a round that does not
  end the game;
* ``score(state, player)``: extra named parts of a player's final score
  (shares, scenario scoring, the partnership rule);
* optional ``value(state, player) -> float`` (agents' evaluation, default 0:
  :func:`module_value`) and ``version`` (rules version + data digest of the
  packaged data); a module with data declares ``rules_version`` and
  ``data_file`` too, so :func:`module_version` digests the file the config's
  data folder holds (``SootConfig.module_versions``);
* optional ``state_keys``: the ``SootState.module_state`` keys the module
  keeps (``("trust.deck", ...)``); a saved state holding any other key, or a
  key of a module its game does not play, is refused at load
  (:func:`check_module_state`);
* optional ``allies(state, player) -> Iterable[PlayerId]``: seats whose
  points do not count against ``player`` in the agents' evaluation (a
  partner); read by :func:`rival_seats`;
* optional ``on_rail(state, player, a, b)``: right after ``player``'s rail
  segment between ``a`` and ``b`` is laid (The Mountain Pass: the first rail
  through the pass); called by :func:`rail_built`;
* optional ``on_settlement_founded(state, player, at)``: right after a
  settlement's founding points (The River Delta: a River Port's +2 founding
  points); called by :func:`settlement_founded`.

Hooks may push questions (``state.pending``); the round resumes when they
are answered. Modules also register main actions, free actions, steps,
modifiers and reactions through the same registries the base game uses
(:mod:`hexkit_soot.rules.steps`, :mod:`hexkit_soot.effects`), and keep
their state in ``SootState.active`` or ``PlayerState.counters`` (or new fields
added with defaults), so no base rule module needs rewriting.

Source: rulebook, "Optional Modules".
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit.validation import Problems
from hexkit_soot.module_data import module_digest
from hexkit_soot.registry import REGISTRY, SootRegistry
from hexkit_soot.state import SootState

__all__ = ["Module", "MODULES", "register_module", "active_modules", "module_value", "module_version",
           "rival_seats", "settlement_founded", "rail_built", "check_module_state"]


class Module(Protocol):
    """What an optional module provides (every hook may do nothing)."""

    name: str

    def on_setup(self, state: SootState) -> None:
        """After the base set-up."""

    def after_actions(self, state: SootState) -> None:
        """When every player has passed, before Upkeep."""

    def on_round_end(self, state: SootState) -> None:
        """After a round's End phase, when the game goes on."""

    def score(self, state: SootState, player: PlayerId) -> dict[str, int]:
        """Extra named parts of ``player``'s final score."""
        ...

    # Optional (read with getattr, so a module may leave them out):
    # ``version: str`` -- rules version + data digest, kept in SootConfig.module_versions;
    # ``value(state, player) -> float`` -- an evaluation term for the agents (default 0),
    # e.g. the Trust's threat; summed by :func:`module_value`.


MODULES: dict[str, Module] = REGISTRY.modules
"""Registered modules by name (see :data:`hexkit_soot.config.MODULE_NAMES`; the registry's table)."""


def register_module(module: Module, registry: SootRegistry = REGISTRY) -> Module:
    """Register ``module`` under ``module.name`` (configs may then name it); call it explicitly.

    Args:
        module: the module.
        registry: the tables to register it in.
    """
    registry.modules[module.name] = module
    return module


def module_version(module: Module, folder: str | None) -> str:
    """``module``'s rules version and data digest for a game whose data folder is ``folder``.

    A module with a data file (``data_file``, e.g. ``"shares.toml"``) is digested from the
    file that game plays: the folder's own, else the packaged one
    (:func:`hexkit_soot.module_data.module_digest`), so a record made with a designer's
    module file replays only with that file. Other modules give their ``version``.

    Args:
        module: a registered module.
        folder: the config's data folder (``None``: packaged data).

    Returns:
        ``"<rules version>+<12 hex digits>"`` (``"2+ab12..."``), or the module's ``version``.
    """
    file: str | None = getattr(module, "data_file", None)
    if file is None:
        return str(getattr(module, "version", "0"))
    return f"{getattr(module, 'rules_version')}+{module_digest(folder, file)}"


def active_modules(state: SootState) -> Iterator[Module]:
    """The registered modules named in ``state``'s config, in name order.

    Args:
        state: the game.
    """
    names: frozenset[str] = getattr(state.config, "modules", frozenset())
    for name in sorted(names):
        found = MODULES.get(name)
        if found is not None:
            yield found


def module_value(state: SootState, player: PlayerId) -> float:
    """The agents' evaluation term of the active modules for ``player`` (0 without modules).

    Sums each active module's optional ``value(state, player)`` hook (the
    Trust: minus its score, its threat to a player who must beat it).

    Args:
        state: the game.
        player: the seat evaluated.
    """
    if not getattr(state.config, "modules", None):
        return 0.0
    total = 0.0
    for module in active_modules(state):
        hook = getattr(module, "value", None)
        if hook is not None:
            total += float(hook(state, player))
    return total


def settlement_founded(state: SootState, player: PlayerId, at: Hex) -> None:
    """Tell the active modules that ``player`` founded the settlement at ``at`` (after its founding points).

    Calls each active module's optional ``on_settlement_founded(state, player, at)``
    hook; nothing without modules.

    Args:
        state: the game.
        player: the founder.
        at: the new settlement's hex.
    """
    if not getattr(state.config, "modules", None):
        return
    for module in active_modules(state):
        hook = getattr(module, "on_settlement_founded", None)
        if hook is not None:
            hook(state, player, at)


def rail_built(state: SootState, player: PlayerId, a: Hex, b: Hex) -> None:
    """Tell the active modules that ``player`` laid a rail segment between ``a`` and ``b``.

    Calls each active module's optional ``on_rail(state, player, a, b)`` hook; nothing
    without modules.

    Args:
        state: the game.
        player: the rail's owner.
        a: one end of the segment.
        b: the other end.
    """
    if not getattr(state.config, "modules", None):
        return
    for module in active_modules(state):
        hook = getattr(module, "on_rail", None)
        if hook is not None:
            hook(state, player, a, b)


def rival_seats(state: SootState, player: PlayerId) -> list[PlayerId]:
    """The seats whose scores count against ``player`` in the agents' evaluation: every other
    seat except the active modules' ``allies`` (Partnerships: the partner).

    Args:
        state: the game.
        player: the seat evaluated.

    Returns:
        Seat numbers in order (every other seat without modules).
    """
    seats = [q for q in range(len(state.players)) if q != player]
    if not getattr(state.config, "modules", None):
        return seats
    allied: set[PlayerId] = set()
    for module in active_modules(state):
        hook = getattr(module, "allies", None)
        if hook is not None:
            allied.update(hook(state, player))
    return [q for q in seats if q not in allied]


def check_module_state(state: SootState, problems: Problems) -> None:
    """Refuse ``module_state`` keys no module of ``state``'s game keeps (a saved state is
    loaded only with the keys its modules declare in ``state_keys``).

    Each problem names the field, ``state.module_state.<key>``: an unknown key (the
    known keys of the game's modules listed), or a key of a registered module the game
    does not play.

    Args:
        state: a loaded state.
        problems: where each problem is added.
    """
    if not state.module_state:
        return
    names: frozenset[str] = getattr(state.config, "modules", frozenset())
    owner: dict[str, str] = {}
    for name, module in sorted(MODULES.items()):
        for key in getattr(module, "state_keys", ()):
            owner.setdefault(key, name)
    known = sorted(key for key, name in owner.items() if name in names)
    for key in sorted(state.module_state):
        module_name = owner.get(key)
        if module_name is None:
            problems.add(f"state.module_state.{key}", "unknown module state key (this game's modules keep: "
                                                      f"{', '.join(known) or 'none'})")
        elif module_name not in names:
            problems.add(f"state.module_state.{key}", f"a key of the {module_name!r} module, which this game "
                                                      "does not play")
