"""Collecting every problem of a loaded state before refusing it.

A game's ``validate_state`` adds each broken bound to a :class:`Problems`
list instead of stopping at the first, then calls :meth:`Problems.raise_if_any`:
the caller gets one :class:`StateValidationError` that names every field,
as cattrs' ``ClassValidationError`` does for structuring.
"""

from __future__ import annotations

from hexkit.errors import InvalidRecordError

__all__ = ["Problems", "StateValidationError"]


class StateValidationError(InvalidRecordError):
    """A loaded state with one or more broken bounds.

    Attributes:
        errors: every problem found, each naming its field; ``field`` and
            ``reason`` are those of the first.
    """

    def __init__(self, errors: list[InvalidRecordError]) -> None:
        first = errors[0]
        super().__init__(first.field, first.reason)
        self.errors = tuple(errors)
        if len(errors) > 1:
            rest = "; ".join(f"{e.field}: {e.reason}" for e in errors[1:])
            self.args = (f"{self.args[0]} (and {len(errors) - 1} more: {rest})",)


class Problems:
    """The problems found so far in one state."""

    def __init__(self) -> None:
        self.errors: list[InvalidRecordError] = []

    def add(self, field: str, reason: str) -> None:
        """Note that ``field`` is wrong for ``reason``."""
        self.errors.append(InvalidRecordError(field, reason))

    def __bool__(self) -> bool:
        return bool(self.errors)

    def raise_if_any(self) -> None:
        """Raise :class:`StateValidationError` naming every problem, if there is one."""
        if self.errors:
            raise StateValidationError(self.errors)
