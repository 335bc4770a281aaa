"""The two actions of Hex, their names on the board, and their RL numbering.

Hex has a fixed action space, so besides the :class:`Place` and
:class:`Swap` values every action also has a number, as in OpenSpiel's
``hex`` game:

=====================  ======================  =========================
action                 index                   legal when
=====================  ======================  =========================
``Place(Hex(c, r))``   ``r * size + c``        the cell is empty
``Swap()``             ``size * size``         variant ``swap``, move 2
=====================  ======================  =========================

Source: RULES.md §3 (placing a stone) and §4 (the swap).
"""

from __future__ import annotations

import re
from string import ascii_lowercase
from typing import Any

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from hexkit.flow import HexAnswer, OptionAnswer
from hexkit.hexes import Hex

__all__ = [
    "Place",
    "Swap",
    "SWAP",
    "HexAction",
    "MAX_SIZE",
    "cell_name",
    "parse_cell",
    "parse_action",
    "register_codec_hooks",
    "num_distinct_actions",
    "action_to_index",
    "index_to_action",
]

MAX_SIZE = 26
"""Largest board side: columns are lettered ``a`` to ``z``."""


def cell_name(h: Hex) -> str:
    """The board name of a hex: column letter, then row number from 1.

    Args:
        h: the hex.

    Returns:
        Its name, ``str(h)`` for a hex that lies on no board, or ``repr(h)``
        for a value that is no hex (a malformed action must still print).

    >>> cell_name(Hex(2, 1)), cell_name(Hex(-1, 0)), cell_name(None)
    ('c2', '(-1,0)', 'None')
    """
    if type(h) is not Hex or type(h[0]) is not int or type(h[1]) is not int:
        return repr(h)
    q, r = h
    if 0 <= q < MAX_SIZE and 0 <= r:
        return f"{ascii_lowercase[q]}{r + 1}"
    return str(h)


@attrs.frozen
class Place(HexAnswer):
    """Put a stone of the mover's colour on the empty cell ``hex``.

    A :class:`~hexkit.flow.HexAnswer` of the shared vocabulary: a board
    highlights :attr:`hex`, a frontend shows ``str`` (``"place c2"``).

    Attributes:
        hex: the cell, ``Hex(q=column, r=row)`` counted from ``a1 = Hex(0, 0)``.

    >>> print(Place(Hex(2, 1)))
    place c2
    """

    hex: Hex  # a field where the vocabulary's base has a read-only property

    def __str__(self) -> str:
        return f"place {cell_name(self.hex)}"


@attrs.frozen
class Swap(OptionAnswer):
    """White's first action under the swap rule: take over Black's first stone.

    A named option (:class:`~hexkit.flow.OptionAnswer`) of the shared vocabulary.

    >>> print(Swap())
    swap
    """

    def __str__(self) -> str:
        return "swap"


SWAP = Swap()
"""The one :class:`Swap` value (all ``Swap()`` values are equal anyway)."""

HexAction = Place | Swap
"""Any action of the game."""

_CELL = re.compile(r"([a-z])([1-9][0-9]?)")


def parse_cell(text: str) -> Hex:
    """Read a cell written by its board name, as the log and records write it.

    Args:
        text: the name, a column letter then a row number from 1 (``"j5"``).

    Returns:
        The hex (not checked against any board: a record's replay does that).

    Raises:
        ValueError: if the text is not a cell name.

    >>> parse_cell("j5")
    Hex(q=9, r=4)
    """
    match = _CELL.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise ValueError(f"{text!r} is not a cell name like 'j5' (column a-z, row from 1)")
    return Hex(ord(match[1]) - ord("a"), int(match[2]) - 1)


def _structure_cell(value: Any, _: type) -> Hex:
    return parse_cell(value)


def _unstructure_cell(h: Hex) -> str:
    name = cell_name(h)
    if _CELL.fullmatch(name) is None:
        raise ValueError(f"{h!r} lies on no Hex board and has no cell name")
    return name


def register_codec_hooks(conv: cattrs.Converter) -> None:
    """Write a :class:`Place` as ``{"type": "Place", "hex": "j5"}``: the notation of the log.

    Called by :class:`hexkit.serialize.GameCodec` through the game's
    ``register_codec_hooks``. Reading refuses anything but a cell name
    (``"(9,4)"`` included), naming the field ``actions[i].hex``.

    Args:
        conv: the game's converter.
    """
    conv.register_unstructure_hook(
        Place, make_dict_unstructure_fn(Place, conv, hex=override(unstruct_hook=_unstructure_cell))
    )
    conv.register_structure_hook(
        Place,
        make_dict_structure_fn(Place, conv, hex=override(struct_hook=_structure_cell),
                               _cattrs_forbid_extra_keys=True),
    )


def parse_action(text: str) -> HexAction:
    """Read an action written as the log writes it: ``"c2"``, ``"place c2"`` or ``"swap"``.

    Args:
        text: the text.

    Returns:
        The action (not checked against any board).

    Raises:
        ValueError: if the text names no action.

    >>> parse_action("c2"), parse_action("swap")
    (Place(hex=Hex(q=2, r=1)), Swap())
    """
    word = text.strip().lower().removeprefix("place").strip()
    if word == "swap":
        return SWAP
    try:
        return Place(parse_cell(word))
    except ValueError:
        raise ValueError(f"not a Hex action: {text!r} (expected a cell like 'c2', or 'swap')") from None


def num_distinct_actions(size: int) -> int:
    """Size of the action space of an ``size`` by ``size`` board: every cell, plus the swap."""
    return size * size + 1


def action_to_index(action: HexAction, size: int) -> int:
    """The number of an action (see the table above).

    Args:
        action: a :class:`Place` on the board, or :class:`Swap`.
        size: the board side.

    Returns:
        ``row * size + column`` for a place, ``size * size`` for the swap.

    Raises:
        ValueError: if the cell is off the board or the value is no action.

    >>> action_to_index(Place(Hex(2, 1)), 11), action_to_index(SWAP, 11)
    (13, 121)
    """
    if isinstance(action, Swap):
        return size * size
    if isinstance(action, Place):
        q, r = action.hex
        if 0 <= q < size and 0 <= r < size:
            return r * size + q
        raise ValueError(f"{cell_name(action.hex)} is not on a {size}x{size} board")
    raise ValueError(f"not a Hex action: {action!r}")


def index_to_action(index: int, size: int) -> HexAction:
    """The action numbered ``index`` (the inverse of :func:`action_to_index`).

    Args:
        index: ``0`` to ``size * size``.
        size: the board side.

    Returns:
        The action.

    Raises:
        ValueError: if ``index`` is out of range.

    >>> index_to_action(13, 11), index_to_action(121, 11)
    (Place(hex=Hex(q=2, r=1)), Swap())
    """
    if 0 <= index < size * size:
        return Place(Hex(index % size, index // size))
    if index == size * size:
        return SWAP
    raise ValueError(f"action index {index} is not in 0..{size * size} for a {size}x{size} board")
