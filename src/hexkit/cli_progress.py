"""Progress of a long study for the ``hexkit`` commands: a live bar on a
terminal, plain lines at intervals otherwise.

In a pipe, a log file or CI a live bar prints only its last state (or
hundreds of carriage returns); :class:`LineProgress` prints one line every
``interval`` seconds instead (``HEXKIT_PROGRESS_SECONDS``, default 10),
plus the first and the last game::

    games: 40/200 (20%), 3.9 games/s, 41 s left

:class:`PlayWatch` does the same for the single game of ``hexkit play``,
whose agents may think for many seconds a move: a live status line on a
terminal, and otherwise a line per interval::

    playing: 34 decisions in 20 s; P1 (mcts:seconds=5) thinking for 4 s
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import Any, Protocol

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

__all__ = ["Reporter", "LineProgress", "BarProgress", "progress_for", "PlayWatch",
           "play_watch", "progress_interval", "DEFAULT_INTERVAL"]

DEFAULT_INTERVAL = 10.0
"""Seconds between progress lines when the output is not a terminal."""


class Reporter(Protocol):
    """What a command calls as games finish."""

    def start(self, label: str, total: int) -> None:
        """Begin counting ``total`` games under ``label`` (a sweep point, a pairing)."""

    def advance(self, games: int = 1) -> None:
        """Count finished games."""

    def kept(self, games: int, total: int) -> None:
        """Count ``games`` already in the output (a resumed run) of ``total``."""

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
        self.skipped = 0
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
        self.label, self.total, self.done, self.skipped = label, total, 0, 0
        self.started = self.last = self._now()

    def kept(self, games: int, total: int) -> None:
        """Start the count at ``games`` kept from the output (a resumed run,
        not counted in the rate); print nothing until the next game."""
        if self.started is None:
            self.start(self.label, total)
        self.total, self.done, self.skipped = total, games, games

    def advance(self, games: int = 1) -> None:
        """Count ``games``; print a line if the interval has passed, or at
        the first or the last game."""
        if self.started is None:
            self.start(self.label, self.total)
        self.done += games
        now = self._now()
        first = self.done - self.skipped == games
        if first or self.done >= self.total or now - self.last >= self.interval:
            self.last = now
            self._line(now)

    def _line(self, now: float) -> None:
        elapsed = now - (self.started if self.started is not None else now)
        rate = (self.done - self.skipped) / elapsed if elapsed > 0 else 0.0
        share = f" ({100 * self.done / self.total:.0f}%)" if self.total else ""
        text = f"{self.label}: {self.done}/{self.total}{share}"
        if self.skipped:
            text += f" ({self.skipped} kept)"
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

    def kept(self, games: int, total: int) -> None:
        """Start the bar at ``games`` kept from the output (a resumed run)."""
        if self.task is None:
            self.task = self.bar.add_task("games", total=total)
        self.bar.update(self.task, completed=games, total=total)

    def advance(self, games: int = 1) -> None:
        """Move the bar."""
        task = self.task if self.task is not None else self.bar.add_task("games", total=None)
        self.task = task
        self.bar.update(task, advance=games)


def progress_interval() -> float:
    """Seconds between progress lines: ``HEXKIT_PROGRESS_SECONDS`` if it is a
    number of 0 or more, else :data:`DEFAULT_INTERVAL`."""
    try:
        interval = float(os.environ.get("HEXKIT_PROGRESS_SECONDS", DEFAULT_INTERVAL))
    except ValueError:
        return DEFAULT_INTERVAL
    return interval if interval >= 0 else DEFAULT_INTERVAL


def _is_terminal(console: Console) -> bool:
    return bool(console.is_terminal and sys.stdout.isatty())


def progress_for(console: Console) -> LineProgress | BarProgress:
    """A bar on a terminal, lines at intervals otherwise (``HEXKIT_PROGRESS_SECONDS``
    sets the interval; ``0`` prints every game)."""
    if _is_terminal(console):
        return BarProgress(console)
    return LineProgress(console, progress_interval())


class PlayWatch:
    """Progress of one game while its agents think (``hexkit play``).

    The game runs in the calling thread; a daemon thread wakes every
    ``tick`` seconds and, on a terminal, updates a transient status line
    (rich's spinner), or otherwise prints a line once ``interval`` seconds
    have passed since the last one. It shows only what the table shows:
    the number of decisions, the seat to move and its agent spec.

    Args:
        console: where the status or lines go.
        live: a live status line (a terminal) rather than lines.
        interval: seconds between lines when not ``live``.
        tick: seconds between checks.
        clock: the time source.

    Attributes:
        lines: the lines printed (when not ``live``), for tests and logs.
    """

    def __init__(self, console: Console, *, live: bool, interval: float = DEFAULT_INTERVAL,
                 tick: float = 0.25, clock: Callable[[], float] = time.monotonic) -> None:
        self.console = console
        self.live = live
        self.interval = interval
        self.tick = tick
        self._clock = clock
        self.lines: list[str] = []
        self._step = 0
        self._who = ""
        self._began = self._since = self._last = 0.0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._status: Any = None

    def decision(self, step: int, who: str) -> None:
        """A new decision: ``step`` decisions made so far, ``who`` (``"P1 (mcts)"``) to move."""
        self._step, self._who, self._since = step, who, self._clock()

    def text(self) -> str:
        """The progress line now."""
        now = self._clock()
        line = f"playing: {self._step} decisions in {now - self._began:.0f} s"
        if self._who:
            line += f"; {self._who} thinking for {now - self._since:.0f} s"
        return line

    def _run(self) -> None:
        while not self._stop.wait(self.tick):
            if self.live:
                if self._status is not None:
                    self._status.update(self.text())
            elif self._clock() - self._last >= self.interval:
                self._last = self._clock()
                line = self.text()
                self.lines.append(line)
                self.console.print(line, markup=False, highlight=False)

    def __enter__(self) -> PlayWatch:
        self._began = self._since = self._last = self._clock()
        if self.live:
            self._status = self.console.status(self.text())
            self._status.__enter__()
        self._thread = threading.Thread(target=self._run, name="hexkit-play-watch", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        if self._status is not None:
            self._status.__exit__(kind, value, tb)
            self._status = None


def play_watch(console: Console) -> PlayWatch:
    """A :class:`PlayWatch`: a live status on a terminal, else a line every
    ``HEXKIT_PROGRESS_SECONDS`` (default 10) while the game runs."""
    live = _is_terminal(console)
    interval = progress_interval()
    return PlayWatch(console, live=live, interval=interval, tick=min(0.25, interval or 0.05))
