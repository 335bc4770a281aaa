"""The tables Soot's rules and effects are looked up in, filled explicitly.

A rule or effect module *declares* what it provides with the decorators of
:mod:`hexkit_soot.rules.steps` (``handles``, ``generates``, ``main_action``,
``free_action``), :mod:`hexkit_soot.effects` (``effect``, ``modifier``) and
:mod:`hexkit_soot.effects.reactions` (``reaction``): a decorator only notes
the declaration on the function. Importing a module registers nothing.
:func:`hexkit_soot.game.register` puts the declarations of every module,
in a fixed order, into :data:`REGISTRY` when the game object is made.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

if TYPE_CHECKING:  # types only: the modules that define them declare into this one
    from hexkit_soot.effects import Effect, Hook, ModifierFn
    from hexkit_soot.effects.reactions import Moment, ReactionFn
    from hexkit_soot.rules.modules import Module
    from hexkit_soot.actions import Choose
    from hexkit_soot.rules.steps import FreeAction, Generator, Handler, MainAction
    from hexkit_soot.state import SootState

__all__ = ["SootRegistry", "REGISTRY", "declare", "add_declared"]

F = TypeVar("F", bound=Callable[..., Any])
Declaration = Callable[["SootRegistry"], None]

MenuLine = tuple["Choose", Callable[["SootState", int], bool], bool, str]
"""A turn-menu line of a main action: its answer, its availability check,
whether a restricted bonus action pays for it, its name."""
FreeOptions = Callable[["SootState", int], Iterable["Choose"]]
"""A free action's menu entries for a state and a seat."""

_KEY = "_soot_declared"
"""The attribute (in a function's ``__dict__``) holding its declarations, in order."""


@attrs.define
class SootRegistry:
    """Everything the rules dispatch to, by name.

    Attributes:
        handlers: question kind -> the handler of its answers.
        generators: question kind -> the generator of its legal answers.
        main_actions: main action name -> the action (turn-menu order).
        free_actions: free action name -> the action (turn-menu order).
        effects: component name -> its effect entry.
        by_hook: the modifiers indexed by hook, then component name.
        reactions: component name -> moment -> reaction.
        modules: optional module name -> the module.
        filled: the names of the rule and effect modules registered, in order.
        menu: the turn menu's main actions (answer, availability check,
            restricted-bonus flag, name) and its free actions' menu entries,
            derived from the tables (see
            :func:`hexkit_soot.rules.actions.turn_options`), with the table
            sizes it was derived at.
    """

    handlers: dict[str, Handler] = attrs.field(factory=dict)
    generators: dict[str, Generator] = attrs.field(factory=dict)
    main_actions: dict[str, MainAction] = attrs.field(factory=dict)
    free_actions: dict[str, FreeAction] = attrs.field(factory=dict)
    effects: dict[str, Effect] = attrs.field(factory=dict)
    by_hook: dict[Hook, dict[str, ModifierFn]] = attrs.field(factory=dict)
    reactions: dict[str, dict[Moment, ReactionFn]] = attrs.field(factory=dict)
    modules: dict[str, Module] = attrs.field(factory=dict)
    filled: list[str] = attrs.field(factory=list)
    menu: tuple[tuple[int, int], list[MenuLine], list[FreeOptions]] | None = None

    def empty(self) -> bool:
        """Whether nothing is registered."""
        return not (self.handlers or self.generators or self.main_actions or self.free_actions
                    or self.effects or self.by_hook or self.reactions or self.modules)


REGISTRY = SootRegistry()
"""The one registry the rules read (filled by :func:`hexkit_soot.game.register`)."""


def declare(fn: F, how: Declaration) -> F:
    """Note on ``fn`` that registering its module does ``how(registry)``.

    Args:
        fn: the declared function (returned unchanged).
        how: what to put into a registry.
    """
    vars(fn).setdefault(_KEY, []).append(how)
    return fn


def declarations(module: ModuleType) -> Iterable[Declaration]:
    """The declarations of the functions defined in ``module``, in definition order.

    Args:
        module: a rule or effect module.
    """
    seen: set[int] = set()
    for value in list(vars(module).values()):
        found = getattr(value, "__dict__", {}).get(_KEY) if callable(value) else None
        if not found or getattr(value, "__module__", None) != module.__name__ or id(value) in seen:
            continue
        seen.add(id(value))
        yield from found


def add_declared(registry: SootRegistry, module: ModuleType) -> None:
    """Put every declaration of ``module`` into ``registry`` (once per module).

    Args:
        registry: the tables to fill.
        module: a rule or effect module.

    Raises:
        ValueError: if a name is registered twice (see the decorators).
    """
    if module.__name__ in registry.filled:
        return
    for how in declarations(module):
        how(registry)
    registry.filled.append(module.__name__)
