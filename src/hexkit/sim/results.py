"""Reading a study's results file: one JSON result row a line, read lazily.

A last line cut before its newline (a study stopped mid-write) is skipped
and its size kept; any other bad line is refused with its line number.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hexkit.errors import InvalidRecordError
from hexkit.serialize import parse_json

__all__ = ["ResultRows", "read_results"]


class ResultRows:
    """The rows of a results file, read lazily (see :func:`read_results`).

    Attributes:
        path: the file.
        bytes_ignored: bytes of a cut last line skipped (known once the rows
            have been read to the end).
    """

    def __init__(self, path: str | Path) -> None:
        self.path = path
        self.bytes_ignored = 0

    def __iter__(self) -> Iterator[dict[str, Any]]:
        path = self.path
        self.bytes_ignored = 0
        try:
            handle = open(path, "rb")  # noqa: SIM115 - closed below
        except OSError as exc:
            raise InvalidRecordError(str(path), f"cannot read results: {exc.strerror or exc}") from None
        with handle:
            number = 0
            try:
                for raw in handle:
                    number += 1
                    row = _parse_line(path, number, raw)
                    if row is _CUT:
                        self.bytes_ignored = len(raw)
                    elif row is not None:
                        yield row
            except OSError as exc:
                raise InvalidRecordError(f"{path}:{number + 1}",
                                         f"cannot read results: {exc.strerror or exc}") from None


_CUT: dict[str, Any] = {}
"""Marks a last line cut before its newline."""


def _parse_line(path: str | Path, number: int, raw: bytes) -> dict[str, Any] | None:
    """One line's row, ``None`` for a blank line, :data:`_CUT` for a cut last
    line (no newline and not JSON: a write stopped half-way)."""
    cut = not raw.endswith(b"\n")
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError:
        if cut:
            return _CUT
        raise InvalidRecordError(f"{path}:{number}", "not UTF-8 text") from None
    if not line.strip():
        return None
    try:
        row = parse_json(line)
    except InvalidRecordError as exc:
        if cut:
            return _CUT
        raise InvalidRecordError(f"{path}:{number}", f"{exc.reason} (a results file holds one JSON"
                                 " object a line; a saved game record is read by hexkit replay)") from None
    if not isinstance(row, dict) or "seed" not in row:
        raise InvalidRecordError(f"{path}:{number}", "not a result row (no 'seed')")
    return row


def read_results(path: str | Path) -> ResultRows:
    """Rows of a results file, one JSON object per line (blank lines skipped).

    A last line cut before its newline (a study stopped mid-write, or a full
    disk) is skipped, and its size kept in ``bytes_ignored`` of the returned
    :class:`ResultRows`; :func:`~hexkit.sim.summary.summarize` copies it into the summary, whose
    warnings say so. Any other bad line is refused.

    Raises:
        InvalidRecordError: (when iterated) naming the line that is not a
            JSON object, or the file if it cannot be read.
    """
    return ResultRows(path)
