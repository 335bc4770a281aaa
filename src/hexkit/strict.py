"""Exact-type checks of action values: equality is not validation.

``Hex(5.0, -2.0) == Hex(5, -2)``, ``True == 1`` and ``numpy.int64(3) == 3``,
and an object may claim to equal anything, so a membership test in the
legal actions lets such values in. :func:`action_checker` builds, once per
game, a check that an action is an instance of exactly one of the game's
``action_types`` and that every field holds exactly the declared type
(``int`` is not ``bool``, a ``Hex`` holds two ``int``). :meth:`hexkit.game.Game.apply`
runs it before the legality lookup.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable, Iterable
from typing import Any

import attrs

from hexkit.errors import _shown as safe_str
from hexkit.hexes import Hex

__all__ = ["Check", "action_checker", "value_check", "safe_str"]

Check = Callable[[Any], "str | None"]
"""Returns ``None`` for a well-formed value, else why it is malformed."""


def _exact(kind: type) -> Check:
    name = kind.__name__

    def check(value: Any) -> str | None:
        if type(value) is kind:
            return None
        return f"expected {name}, not {type(value).__name__}"

    return check


def _check_hex(value: Any) -> str | None:
    if type(value) is Hex and type(value[0]) is int and type(value[1]) is int:
        return None
    if type(value) is Hex:
        return "a Hex holds two ints"
    return f"expected Hex, not {type(value).__name__}"


def _tuple_of(item: Check) -> Check:
    def check(value: Any) -> str | None:
        if type(value) is not tuple:
            return f"expected tuple, not {type(value).__name__}"
        for index, element in enumerate(value):
            reason = item(element)
            if reason is not None:
                return f"item {index}: {reason}"
        return None

    return check


def _fixed_tuple(items: tuple[Check, ...]) -> Check:
    def check(value: Any) -> str | None:
        if type(value) is not tuple or len(value) != len(items):
            return f"expected a tuple of {len(items)}, not {type(value).__name__}"
        for index, (item, element) in enumerate(zip(items, value)):
            reason = item(element)
            if reason is not None:
                return f"item {index}: {reason}"
        return None

    return check


def _frozenset_of(item: Check) -> Check:
    def check(value: Any) -> str | None:
        if type(value) is not frozenset:
            return f"expected frozenset, not {type(value).__name__}"
        for element in value:
            reason = item(element)
            if reason is not None:
                return reason
        return None

    return check


def _any_of(options: tuple[Check, ...], names: str) -> Check:
    def check(value: Any) -> str | None:
        for option in options:
            if option(value) is None:
                return None
        return f"expected {names}, not {type(value).__name__}"

    return check


def _literal(values: tuple[Any, ...]) -> Check:
    allowed = [(type(v), v) for v in values]

    def check(value: Any) -> str | None:
        if (type(value), value) in allowed:
            return None
        return f"expected one of {', '.join(map(repr, values))}, not {safe_str(value)}"

    return check


def value_check(declared: Any) -> Check:
    """The exact-type check of a value declared as ``declared``.

    Supported: ``int``, ``str``, ``bool``, ``float``, ``None``, :class:`Hex`,
    enums and other plain classes (exact class), attrs classes (field by
    field), ``X | Y``, ``Optional[X]``, ``Literal[...]``, ``tuple[X, ...]``,
    ``tuple[X, Y]`` and ``frozenset[X]``.

    Raises:
        TypeError: for a declared type it cannot check (a game bug, found
            when the game is first used).
    """
    if declared is Hex:
        return _check_hex
    if declared is None or declared is type(None):
        return _exact(type(None))
    if declared is Any:
        raise TypeError("an action field typed Any cannot be checked; declare its type")
    origin = typing.get_origin(declared)
    args = typing.get_args(declared)
    if origin in (typing.Union, types.UnionType):
        options = tuple(value_check(a) for a in args)
        return _any_of(options, " or ".join(getattr(a, "__name__", str(a)) for a in args))
    if origin is typing.Literal:
        return _literal(args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _tuple_of(value_check(args[0]))
        return _fixed_tuple(tuple(value_check(a) for a in args))
    if origin is frozenset:
        return _frozenset_of(value_check(args[0]) if args else _exact(object))
    if origin is not None:
        raise TypeError(f"cannot check values of type {declared!r}")
    if isinstance(declared, type) and attrs.has(declared):
        return _attrs_check(declared)
    if isinstance(declared, type) and issubclass(declared, enum.Enum):
        return _exact(declared)
    if isinstance(declared, type):
        return _exact(declared)
    raise TypeError(f"cannot check values of type {declared!r}")


def _attrs_check(cls: type) -> Check:
    """Check an attrs value field by field; the common field types (``int``,
    ``str``, ``bool``, ``Hex``) are tested inline in generated code, since
    this runs on every :meth:`~hexkit.game.Game.apply`."""
    hints = typing.get_type_hints(cls)
    name = cls.__name__
    fields = tuple((f.name, hints[f.name]) for f in attrs.fields(cls))
    checks = {field: value_check(declared) for field, declared in fields}

    def slow(value: Any) -> str | None:
        if type(value) is not cls:
            return f"expected {name}, not {type(value).__name__}"
        for field, field_check in checks.items():
            reason = field_check(getattr(value, field))
            if reason is not None:
                return f"{name}.{field}: {reason}"
        return None

    lines = ["def check(value):", "    if type(value) is not cls: return slow(value)"]
    namespace: dict[str, Any] = {"cls": cls, "slow": slow, "Hex": Hex, "int": int}
    for index, (field, declared) in enumerate(fields):
        get = f"value.{field}" if field.isidentifier() else f"getattr(value, {field!r})"
        if declared is Hex:
            lines.append(f"    v = {get}")
            lines.append("    if type(v) is not Hex or type(v[0]) is not int"
                         " or type(v[1]) is not int: return slow(value)")
        elif declared in (int, str, bool, float):
            namespace[f"t{index}"] = declared
            lines.append(f"    if type({get}) is not t{index}: return slow(value)")
        else:
            namespace[f"c{index}"] = checks[field]
            lines.append(f"    if c{index}({get}) is not None: return slow(value)")
    lines.append("    return None")
    exec("\n".join(lines), namespace)  # code built from the class's own declarations
    check: Check = namespace["check"]
    return check


def action_checker(action_types: Iterable[type]) -> Callable[[Any], str | None]:
    """One check for every action of a game: its exact class, then its fields.

    Args:
        action_types: the game's ``action_types``.

    Returns:
        A function giving ``None`` for a well-formed action, else the reason
        (``"Move.spaces: expected int, not NoneType"``).
    """
    checks = {cls: _attrs_check(cls) if attrs.has(cls) else _exact(cls) for cls in action_types}
    names = ", ".join(cls.__name__ for cls in checks)

    def foreign(action: Any) -> str:
        return f"not an action of this game ({type(action).__name__}; actions are {names})"

    get = checks.get

    def check(action: Any) -> str | None:
        return get(type(action), foreign)(action)

    return check
