"""Errors raised by the components (private; re-exported by the package)."""

from __future__ import annotations

from hexkit.errors import HexkitError

__all__ = ["ComponentError", "InsufficientError", "MissingItemError"]


class ComponentError(HexkitError, ValueError):
    """A component was asked for something it cannot do.

    The component is unchanged when this is raised.
    """


class InsufficientError(ComponentError):
    """An exact request exceeded what a component holds.

    The component is unchanged when this is raised.

    Attributes:
        component: the component's name (``"Supply"``, ``"Pool"``...).
        kind: what was asked for (a token kind), or ``None``.
        requested: the amount asked for.
        available: the amount the component held.
    """

    def __init__(
        self,
        component: str,
        action: str,
        kind: object,
        requested: int,
        available: int,
        *,
        held: str = "available",
    ) -> None:
        what = "" if kind is None else f" {kind!r}"
        super().__init__(
            f"{component}: cannot {action} {requested}{what}, only {available} {held}"
        )
        self.component = component
        self.kind = kind
        self.requested = requested
        self.available = available


class MissingItemError(ComponentError, LookupError):
    """A specific item was asked for and the component does not hold it.

    Attributes:
        component: the component's name.
        item: the item asked for.
    """

    def __init__(self, component: str, item: object, where: str) -> None:
        super().__init__(f"{component}: {item!r} is not in the {where}")
        self.component = component
        self.item = item


def check_amount(component: str, what: str, n: int) -> None:
    """Raise :class:`ComponentError` unless ``n`` is a non-negative int.

    Methods on a game's move path (``Supply.take``, ``Pool.spend``...) test
    ``n < 0`` themselves and call this only to raise: a call costs more
    than the test.
    """
    if n < 0:
        raise ComponentError(f"{component}: {what} needs a non-negative amount, got {n}")


for _cls in (ComponentError, InsufficientError, MissingItemError):
    _cls.__module__ = "hexkit.components"
