"""The effects registry: effects and passive abilities by name.

Two registries, keyed by the name the rulebook (or the engine) uses.
The decorators only *mark* a function or class; nothing is registered when
a module is imported. ``game.py`` lists the rule and effect modules and
installs them (:func:`hexkit_empyreal.rules.dispatch.install`, which calls
:func:`register` for each mark of :func:`marks_of`):

* :func:`effect`: what a Spellcar or Specialist does when it is
  activated. The function receives an :class:`EffectContext` and returns
  the steps (questions and typed automatic steps) to run, in order; it may also change the
  state directly for immediate parts. Effects are composed from the verbs
  in :mod:`hexkit_empyreal.effects.verbs`.
* :func:`passive`: a :class:`Passive`: the rule changes a Station
  Master (or anything in play) makes without being activated (cheaper
  moves, cheaper Transfers, extra steps when you Administrate...).

The options of a generic choice (:class:`~hexkit_empyreal.actions.ChooseHex`
returns cells, :class:`~hexkit_empyreal.actions.ChooseOption` names) are not
named here: its domain is a typed value
(:class:`~hexkit_empyreal.actions.Domain`) listed by the function marked
``@lists(Type)`` (:func:`hexkit_empyreal.rules.dispatch.lists`) when the
choice is asked, so they always reflect the current state.

An effect name that is not registered makes its Spellcar or Specialist
unusable (it is never offered), never silently wrong:
:func:`registered_effects` lists what exists.

Source: DESIGN.md, "Rules in data" (effects are code, registered by name).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeVar

from hexkit.game import Decision

if TYPE_CHECKING:
    from hexkit_empyreal.data import SpellcarSpec
    from hexkit_empyreal.state import EmpyrealState, PlayerState

__all__ = [
    "EffectContext",
    "EffectFn",
    "Effect",
    "Passive",
    "Steps",
    "effect",
    "passive",
    "get_effect",
    "passives_of",
    "passives_with",
    "registered_effects",
    "registered_passives",
    "push",
    "mark",
    "marks_of",
    "register",
]

Steps = Sequence[Decision]
"""Decisions and ops to run in order (the first runs first)."""


class EffectContext:
    """What an effect function is told when it runs.

    Attributes:
        state: the game state (change it directly for immediate parts).
        player: the seat using the effect.
        source: the name of the Spellcar or Specialist being used.
        spec: the Spellcar's data (terrains, inherent cost), or ``None``
            for a Specialist.
        copied: True when the effect runs through a copy effect
            (Transformer, Limited Express, Uumi Nuoc...).
    """

    __slots__ = ("state", "player", "source", "spec", "copied")

    def __init__(
        self,
        state: EmpyrealState,
        player: int,
        source: str,
        spec: SpellcarSpec | None = None,
        copied: bool = False,
    ) -> None:
        self.state = state
        self.player = player
        self.source = source
        self.spec = spec
        self.copied = copied

    @property
    def me(self) -> PlayerState:
        """The using player's folio."""
        return self.state.players[self.player]


EffectFn = Callable[[EffectContext], "Steps | None"]
"""An effect: returns the steps to run (or ``None`` if it did everything)."""
AvailableFn = Callable[[EffectContext], bool]


class Effect:
    """A registered effect.

    Attributes:
        name: the rulebook name.
        run: the effect function.
        available: whether it may be used now (default: always); a
            Specialist whose effect is unavailable is not offered.
    """

    __slots__ = ("name", "run", "available")

    def __init__(self, name: str, run: EffectFn, available: AvailableFn | None) -> None:
        self.name = name
        self.run = run
        self.available = available


class Passive:
    """Rule changes of a Specialist in play that is not activated.

    Subclass and override the hooks you need; register an instance with
    :func:`passive`. Every hook gets the state and the owner's seat.
    """

    def move_costs(self, state: EmpyrealState, player: int, costs: tuple[int, ...]) -> tuple[int, ...]:
        """Total mana to move 1, 2, 3, 4 spaces (return changed costs)."""
        return costs

    def activation_costs(
        self, state: EmpyrealState, player: int, costs: tuple[int, ...]
    ) -> tuple[int, ...]:
        """Mana for the 1st, 2nd and 3rd Spellcar activation of a turn."""
        return costs

    def transfer_costs(
        self, state: EmpyrealState, player: int, costs: tuple[int, int, int]
    ) -> tuple[int, int, int]:
        """Mana for a (City, Wasteland, Competitor) Transfer when Building Track."""
        return costs

    def administrate_steps(self, state: EmpyrealState, player: int) -> list[tuple[str, Steps]]:
        """Extra optional steps offered when you Administrate (label, steps)."""
        return []

    def main_actions(self, state: EmpyrealState, player: int) -> list[tuple[str, Steps]]:
        """Extra main actions offered besides Administrate and Move+Activate."""
        return []

    def activate_twice_cost(self, state: EmpyrealState, player: int) -> int | None:
        """Mana to activate the one Spellcar activated this turn a second time
        (no other may then be activated), or ``None`` if not allowed."""
        return None

    def demand_bonus(self, state: EmpyrealState, player: int, mode: str) -> int:
        """How many Goods more than delivered count toward Demand Tiles."""
        return 0

    def after_delivery(
        self, state: EmpyrealState, player: int, mode: str, count: int, took_tile: bool
    ) -> Steps:
        """Steps after a delivery of ``count`` Goods (``mode``: eol/final/effect)."""
        return ()


_EFFECTS: dict[str, Effect] = {}
_PASSIVES: dict[str, Passive] = {}

F = TypeVar("F")

MARK = "_empyreal_marks"
"""The attribute where the decorators note what an object is to be registered as."""

Mark = tuple[str, str, Any]
"""What a decorator noted: (kind, name, extra): kind ``effect`` (extra: the
availability predicate), ``passive``, ``step`` (name "", extra: the
typed step type; :func:`hexkit_empyreal.rules.dispatch.runs`) or ``lists``
(name "", extra: the domain type; :func:`hexkit_empyreal.rules.dispatch.lists`)."""


def mark(obj: F, kind: str, name: str, extra: Any = None) -> F:
    """Note on ``obj`` that :func:`register_module` registers it as ``kind`` ``name``.

    Decorating never registers anything: a module's objects are registered
    when the game installs that module (explicitly, from ``game.py``).
    """
    own = vars(obj).get(MARK)
    if own is None:
        own = []
        setattr(obj, MARK, own)
    own.append((kind, name, extra))
    return obj


def marks_of(module: ModuleType) -> list[tuple[Any, Mark]]:
    """The marked objects defined in ``module`` (not those it imports), in source order."""
    out = []
    for obj in vars(module).values():
        if getattr(obj, "__module__", None) != module.__name__:
            continue
        for m in getattr(obj, "__dict__", {}).get(MARK, ()):
            out.append((obj, m))
    return out


def register(obj: Any, kind: str, name: str, extra: Any = None) -> None:
    """Put one marked object into its registry.

    Raises:
        ValueError: another object is registered under that name, or the
            kind is not one of this module's two.
    """
    if kind == "effect":
        table: dict[str, Any] = _EFFECTS
        value: Any = Effect(name, obj, extra)
        same = name in _EFFECTS and _EFFECTS[name].run is obj
    elif kind == "passive":
        table = _PASSIVES
        value = obj()
        same = type(_PASSIVES.get(name)) is obj
    else:
        raise ValueError(f"unknown registry {kind!r} for {name!r}")
    if same:
        return
    if name in table:
        raise ValueError(f"{kind} {name!r} is registered twice")
    table[name] = value
    _HOOKED.clear()


def effect(name: str, *, available: AvailableFn | None = None) -> Callable[[EffectFn], EffectFn]:
    """Mark an effect to be registered under its rulebook name.

    Args:
        name: the Spellcar, Specialist or effect-kind name ("Flow Controller",
            "Pick One of Two", "Wendy Thristle").
        available: optional predicate: may the effect be used now?

    Example::

        @effect("Flow Controller")
        def flow_controller(ctx: EffectContext) -> Steps:
            return [verbs.reclaim(ctx, 3)]

    Installing two effects of one name raises ``ValueError``
    (:func:`register`).
    """

    def decorate(fn: EffectFn) -> EffectFn:
        return mark(fn, "effect", name, available)

    return decorate


def passive(name: str) -> Callable[[type[Passive]], type[Passive]]:
    """Mark a :class:`Passive` subclass (instantiated once when installed) for a Specialist name."""

    def decorate(cls: type[Passive]) -> type[Passive]:
        return mark(cls, "passive", name)

    return decorate


def get_effect(name: str) -> Effect | None:
    """The registered effect of that name, or ``None``."""
    return _EFFECTS.get(name)


def passives_of(state: EmpyrealState, player: int) -> list[Passive]:
    """The passive abilities a player has in play (Captain, Engineer, Station Masters)."""
    return _in_play(state, player, _PASSIVES)


def _in_play(state: EmpyrealState, player: int, table: dict[str, Passive]) -> list[Passive]:
    """The passives of ``table`` the player has in play: Captain, Engineer, then Station Masters."""
    ps = state.players[player]
    get = table.get
    out = []
    p = get(ps.captain)
    if p is not None:
        out.append(p)
    p = get(ps.engineer)
    if p is not None:
        out.append(p)
    for name in ps.station_masters:
        p = get(name)
        if p is not None:
            out.append(p)
    return out


_HOOKED: dict[str, dict[str, Passive]] = {}
"""Per hook name: the registered passives whose class overrides it (made on first use)."""


def passives_with(state: EmpyrealState, player: int, hook: str) -> list[Passive]:
    """:func:`passives_of`, only those whose class overrides the :class:`Passive` method ``hook``.

    The others' hook returns what it is given (costs unchanged, no steps, no
    bonus), so a caller that folds the hooks over the list gets the same
    result, without a call per passive on every decision.

    Raises:
        AttributeError: ``hook`` is not a :class:`Passive` method.
    """
    table = _HOOKED.get(hook)
    if table is None:
        base = getattr(Passive, hook)
        table = _HOOKED[hook] = {name: p for name, p in _PASSIVES.items() if getattr(type(p), hook) is not base}
    return _in_play(state, player, table) if table else []


def registered_effects() -> list[str]:
    """Names of every registered effect, sorted."""
    return sorted(_EFFECTS)


def registered_passives() -> list[str]:
    """Names of every registered passive ability, sorted."""
    return sorted(_PASSIVES)


def push(state: EmpyrealState, steps: Steps | None) -> None:
    """Push steps so that the first one is answered (or run) first."""
    if steps:
        state.pending.extend(reversed(steps))
