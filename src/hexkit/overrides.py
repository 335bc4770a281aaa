"""Changing one number of a game's component data by a dotted path.

A designer's sweep sets values such as ``archetypes.rancher.currency=6``
without writing a data file. :func:`apply_overrides` walks the path
through attrs objects (by field name), mappings (by key) and sequences
(by index, or by an element's ``name`` or ``id``), converts the value to
the type found there, and returns a new object: the original is unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

import attrs

from hexkit.errors import ConfigError

__all__ = ["apply_overrides", "set_path", "get_path", "settable_fields"]

T = TypeVar("T")


def _coerce(old: Any, value: Any, path: str) -> Any:
    """Convert ``value`` (often a command-line string) to the type of ``old``."""
    if old is None or isinstance(value, type(old)) and not (
        isinstance(value, bool) and not isinstance(old, bool)
    ):
        return value
    if isinstance(value, str):
        try:
            if isinstance(old, bool):
                lowered = value.lower()
                if lowered not in ("true", "false", "1", "0", "yes", "no"):
                    raise ValueError(value)
                return lowered in ("true", "1", "yes")
            if isinstance(old, int):
                return int(value)
            if isinstance(old, float):
                return float(value)
        except ValueError:
            pass
    if isinstance(old, float) and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    raise ConfigError(
        f"override {path}: expected {type(old).__name__} (now {old!r}), got {value!r}"
    )


def settable_fields(cls: type) -> tuple[str, ...]:
    """The fields of attrs class ``cls`` an override may set: the public ones its
    ``__init__`` takes (never a private or derived field such as ``_tile_table``)."""
    return tuple(f.name for f in attrs.fields(cls) if f.init and not f.name.startswith("_"))


def _child_key(node: Any, part: str, path: str) -> Any:
    if attrs.has(type(node)):
        names = settable_fields(type(node))
        if part not in names:
            raise ConfigError(f"override {path}: {type(node).__name__} has no field {part!r} "
                              f"(settable fields: {', '.join(names)})")
        return part
    if isinstance(node, Mapping):
        if part in node:
            return part
        raise ConfigError(f"override {path}: no key {part!r} (keys: {', '.join(map(str, node))})")
    if isinstance(node, Sequence) and not isinstance(node, str):
        if part.lstrip("-").isdigit() and -len(node) <= int(part) < len(node):
            return int(part)
        for index, item in enumerate(node):
            if part in (getattr(item, "name", None), getattr(item, "id", None)):
                return index
        raise ConfigError(f"override {path}: no element named {part!r}")
    raise ConfigError(f"override {path}: cannot go into {type(node).__name__} at {part!r}")


def _get(node: Any, key: Any) -> Any:
    return getattr(node, key) if attrs.has(type(node)) else node[key]


def _set(node: Any, key: Any, value: Any) -> Any:
    if attrs.has(type(node)):
        return attrs.evolve(node, **{key: value})
    if isinstance(node, Mapping):
        return {**node, key: value}
    items = list(node)
    items[key] = value
    return type(node)(items) if isinstance(node, tuple) else items


def get_path(root: Any, path: str) -> Any:
    """The value at a dotted path.

    Raises:
        ConfigError: naming the first part of the path that does not exist.
    """
    node = root
    for part in path.split("."):
        node = _get(node, _child_key(node, part, path))
    return node


def set_path(root: T, path: str, value: Any) -> T:
    """A copy of ``root`` with the value at ``path`` replaced (converted to its type).

    Raises:
        ConfigError: if the path does not exist or the value has the wrong type.
    """
    parts = path.split(".")
    if not path or not all(parts):
        raise ConfigError(f"override path {path!r} is empty or has an empty part")

    def rebuild(node: Any, index: int) -> Any:
        key = _child_key(node, parts[index], path)
        old = _get(node, key)
        new = _coerce(old, value, path) if index == len(parts) - 1 else rebuild(old, index + 1)
        try:
            return _set(node, key, new)
        except (ValueError, TypeError) as exc:  # the data class's own validation
            reason = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
            raise ConfigError(f"override {path}={value!r} is refused: {reason}") from None

    result: T = rebuild(root, 0)
    return result


def apply_overrides(root: T, overrides: Mapping[str, Any]) -> T:
    """Apply every ``path: value`` of ``overrides`` to a copy of ``root``.

    Example:
        >>> import attrs
        >>> @attrs.frozen
        ... class Card:
        ...     name: str
        ...     cost: int
        >>> @attrs.frozen
        ... class Data:
        ...     cards: tuple[Card, ...]
        >>> data = Data((Card("Flow Controller", 0), Card("Mana Surger", 1)))
        >>> apply_overrides(data, {"cards.Mana Surger.cost": "2"}).cards[1]
        Card(name='Mana Surger', cost=2)

    Raises:
        ConfigError: naming the path that does not exist or the value of the wrong type.
    """
    for path, value in overrides.items():
        root = set_path(root, path, value)
    return root
