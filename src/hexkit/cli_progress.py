"""Progress of a long study for the ``hexkit`` commands: a live bar on a
terminal, plain lines at intervals otherwise.

In a pipe, a log file or CI a live bar prints only its last state (or
hundreds of carriage returns); :class:`LineProgress` prints one line every
``interval`` seconds instead (``HEXKIT_PROGRESS_SECONDS``, default 10),
plus the first and the last game::

    games: 40/200 (20%), 3.9 games/s, 41 s left
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from types import TracebackType
from typing import Protocol

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

__all__ = ["Reporter", "LineProgress", "BarProgress", "progress_for", "DEFAULT_INTERVAL"]

DEFAULT_INTERVAL = 10.0
"""Seconds between progress lines when the output is not a terminal."""


class Reporter(Protocol):
    """What a command calls as games finish."""

    def start(self, label: str, total: int) -> None:
        """Begin counting ``total`` games under ``label`` (a sweep point, a pairing)."""

    def advance(self, games: int = 1) -> None:
        """Count finished games."""

    def __enter__(self) -> Reporter: ...

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None: ...


class LineProgress:
    """One line per ``interval`` seconds (and at the first and last game).

    Args:
        console: where lines go.
        interval: seconds between lines.
        clock: the time source (a test passes a fake one).
    """

    def __init__(self, console: Console, interval: float = DEFAULT_INTERVAL,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.console = console
        self.interval = interval
        self._clock = clock
        self.label = "games"
        self.total = 0
        self.done = 0
        self.started: float | None = None
        self.last = 0.0
        self.lines: list[str] = []

    def _now(self) -> float:
        return float(self._clock())

    def __enter__(self) -> LineProgress:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        return None

    def start(self, label: str, total: int) -> None:
        """Begin a new count (prints nothing until the first game)."""
        self.label, self.total, self.done = label, total, 0
        self.started = self.last = self._now()

    def advance(self, games: int = 1) -> None:
        """Count ``games``; print a line if the interval has passed, or at
        the first or the last game."""
        if self.started is None:
            self.start(self.label, self.total)
        self.done += games
        now = self._now()
        if self.done == games or self.done >= self.total or now - self.last >= self.interval:
            self.last = now
            self._line(now)

    def _line(self, now: float) -> None:
        elapsed = now - (self.started if self.started is not None else now)
        rate = self.done / elapsed if elapsed > 0 else 0.0
        share = f" ({100 * self.done / self.total:.0f}%)" if self.total else ""
        text = f"{self.label}: {self.done}/{self.total}{share}"
        if rate > 0:
            text += f", {rate:.1f} games/s"
            if self.total > self.done:
                text += f", {(self.total - self.done) / rate:.0f} s left"
        self.lines.append(text)
        self.console.print(text, markup=False, highlight=False)


class BarProgress:
    """A rich progress bar (for a terminal)."""

    def __init__(self, console: Console) -> None:
        self.bar = Progress(
            TextColumn("[progress.description]{task.description}"), BarColumn(),
            MofNCompleteColumn(), TaskProgressColumn(), TimeElapsedColumn(), TextColumn("left"),
            TimeRemainingColumn(), console=console, transient=False,
        )
        self.task: TaskID | None = None

    def __enter__(self) -> BarProgress:
        self.bar.__enter__()
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.bar.__exit__(kind, value, tb)

    def start(self, label: str, total: int) -> None:
        """Begin a new bar (a new line for each sweep point or pairing)."""
        self.task = self.bar.add_task(label, total=total)

    def advance(self, games: int = 1) -> None:
        """Move the bar."""
        task = self.task if self.task is not None else self.bar.add_task("games", total=None)
        self.task = task
        self.bar.update(task, advance=games)


def progress_for(console: Console) -> LineProgress | BarProgress:
    """A bar on a terminal, lines at intervals otherwise (``HEXKIT_PROGRESS_SECONDS``
    sets the interval; ``0`` prints every game)."""
    if console.is_terminal and sys.stdout.isatty():
        return BarProgress(console)
    try:
        interval = float(os.environ.get("HEXKIT_PROGRESS_SECONDS", DEFAULT_INTERVAL))
    except ValueError:
        interval = DEFAULT_INTERVAL
    return LineProgress(console, interval)
