"""Running a study: in this process, in a process pool, or on a dask cluster.

Every backend splits the games into chunks of consecutive indices, keeps a
bounded number of chunks in flight, and yields rows in game order as soon
as the next one is ready. Memory therefore stays flat however many games a
study has: at most ``window`` chunks of rows exist at once, and
:func:`simulate` writes each row to the output file as it comes.

Why dask for distributed runs, rather than ray: ``dask.distributed`` is
pure Python and light (no separate object store or raylet to install and
start), its futures follow the same ``submit``/``result`` pattern as
:mod:`concurrent.futures` used for the process pool, and the same code runs
on a laptop (``LocalCluster``) or on a cluster (``Client(address)``, with
workers started by ``dask-worker``, SSH, Kubernetes or a job queue). Games
are independent CPU-bound tasks of a few milliseconds to seconds, which
needs nothing ray adds (actors, GPU scheduling, a shared object store).
"""

from __future__ import annotations

import importlib
import json
import multiprocessing
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import IO, Any, Literal

import attrs

from hexkit.errors import ConfigError
from hexkit.sim.study import Study, run_chunk

__all__ = ["Backend", "BACKENDS", "run_study", "simulate", "StudyTotals", "chunk_size"]

Backend = Literal["serial", "process", "dask"]
BACKENDS: tuple[str, ...] = ("serial", "process", "dask")
"""Names accepted by ``backend``."""

Row = dict[str, Any]


def chunk_size(games: int, workers: int) -> int:
    """Games per task: big enough to hide the per-task overhead, small enough
    to balance the load (about eight tasks per worker, at most 32 games)."""
    return max(1, min(32, games // max(1, workers * 8)))


class _Chunks:
    """Bounds of consecutive chunks of game indices, computed on demand."""

    def __init__(self, games: int, size: int) -> None:
        self.games = games
        self.size = size

    def __len__(self) -> int:
        return -(-self.games // self.size)

    def __getitem__(self, index: int) -> tuple[int, int]:
        start = index * self.size
        return start, min(self.games, start + self.size)


def _ordered(
    submit: Callable[[int, int], Any],
    wait_first: Callable[[list[Any]], list[Any]],
    result: Callable[[Any], list[Row]],
    chunks: _Chunks,
    window: int,
) -> Iterator[Row]:
    """Yield the rows of every chunk in order, with at most ``window`` chunks
    submitted or waiting to be yielded at any time."""
    in_flight: dict[Any, int] = {}
    ready: dict[int, list[Row]] = {}
    submitted = 0
    emitted = 0
    while emitted < len(chunks):
        while submitted < len(chunks) and len(in_flight) + len(ready) < window:
            in_flight[submit(*chunks[submitted])] = submitted
            submitted += 1
        if emitted not in ready:
            for future in wait_first(list(in_flight)):
                ready[in_flight.pop(future)] = result(future)
        while emitted in ready:
            yield from ready.pop(emitted)
            emitted += 1


def run_study(
    study: Study,
    *,
    workers: int = 1,
    backend: Backend = "process",
    chunk: int | None = None,
    address: str | None = None,
    client: Any = None,
) -> Iterator[Row]:
    """Play every game of ``study`` and yield one row per game, in seed order.

    Args:
        study: what to play (see :class:`~hexkit.sim.study.Study`).
        workers: processes to use; ``backend="process"`` with one worker
            runs in this process.
        backend: ``"serial"`` (this process), ``"process"`` (a
            :class:`~concurrent.futures.ProcessPoolExecutor` using ``spawn``)
            or ``"dask"`` (``dask.distributed``; install the ``distributed``
            extra).
        chunk: games per task (default: :func:`chunk_size`).
        address: dask scheduler to connect to; ``None`` starts a
            ``LocalCluster`` of ``workers`` single-threaded processes for the
            duration of the study.
        client: an existing ``distributed.Client`` to use instead.

    Yields:
        Result rows; the same rows (timings aside) for every backend and
        worker count.

    Raises:
        ConfigError: on an unknown backend, a worker count below 1, or a
            missing dask installation.
    """
    if workers < 1:
        raise ConfigError(f"workers must be at least 1, not {workers}")
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
    size = chunk or chunk_size(study.games, workers)
    chunks = _Chunks(study.games, size)
    if backend == "serial" or (backend == "process" and workers == 1):
        for index in range(len(chunks)):
            yield from run_chunk(study, *chunks[index])
    elif backend == "process":
        yield from _run_process(study, chunks, workers)
    else:
        yield from _run_dask(study, chunks, workers, address, client)


def _run_process(study: Study, chunks: _Chunks, workers: int) -> Iterator[Row]:
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:

        def submit(start: int, stop: int) -> Future[list[Row]]:
            return pool.submit(run_chunk, study, start, stop)

        def wait_first(futures: list[Any]) -> list[Any]:
            return list(wait(futures, return_when=FIRST_COMPLETED).done)

        def result(future: Any) -> list[Row]:
            rows: list[Row] = future.result()
            return rows

        yield from _ordered(submit, wait_first, result, chunks, window=4 * workers)


def _run_dask(
    study: Study,
    chunks: _Chunks,
    workers: int,
    address: str | None,
    client: Any,
) -> Iterator[Row]:
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise ConfigError(
            "the dask backend needs the 'distributed' extra: pip install 'hexkit[distributed]'"
        ) from None
    cluster = None
    own_client = client is None
    if client is None:
        if address is None:
            cluster = distributed.LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
            )
            client = distributed.Client(cluster)
        else:
            client = distributed.Client(address)
    try:
        slots = max(1, sum(client.nthreads().values()))

        def submit(start: int, stop: int) -> Any:
            return client.submit(run_chunk, study, start, stop, pure=False)

        def wait_first(futures: list[Any]) -> list[Any]:
            return list(distributed.wait(futures, return_when="FIRST_COMPLETED").done)

        def result(future: Any) -> list[Row]:
            rows: list[Row] = future.result()
            future.release()
            return rows

        yield from _ordered(submit, wait_first, result, chunks, window=4 * slots)
    finally:
        if own_client:
            client.close()
        if cluster is not None:
            cluster.close()


@attrs.define
class StudyTotals:
    """What :func:`simulate` did.

    Attributes:
        games: rows written.
        errors: rows whose game failed.
        seconds: wall-clock time of the study.
    """

    games: int = 0
    errors: int = 0
    seconds: float = 0.0

    @property
    def rate(self) -> float:
        """Games per second."""
        return self.games / self.seconds if self.seconds > 0 else 0.0


def simulate(
    study: Study,
    out: str | Path | IO[str],
    *,
    workers: int = 1,
    backend: Backend = "process",
    chunk: int | None = None,
    address: str | None = None,
    client: Any = None,
    progress: Callable[[Row], None] | None = None,
) -> StudyTotals:
    """Run ``study`` and write one JSON line per game to ``out`` as games finish.

    The study is validated first (:meth:`Study.validate`), so a bad game,
    agent, config or override fails before any game is played.

    Args:
        study: what to play.
        out: a path (overwritten) or an open text stream.
        workers: see :func:`run_study`.
        backend: see :func:`run_study`.
        chunk: see :func:`run_study`.
        address: see :func:`run_study`.
        client: see :func:`run_study`.
        progress: called with each row after it is written.

    Returns:
        Counts and time.

    Raises:
        HexkitError: if the study is invalid (nothing is written then).
    """
    study.validate()
    totals = StudyTotals()
    started = time.perf_counter()
    stream = None if isinstance(out, (str, Path)) else out
    handle = open(out, "w", encoding="utf-8") if isinstance(out, (str, Path)) else out
    try:
        rows = run_study(
            study, workers=workers, backend=backend, chunk=chunk, address=address, client=client
        )
        for row in rows:
            handle.write(json.dumps(row, sort_keys=True) + "\n")
            handle.flush()
            totals.games += 1
            totals.errors += row.get("error") is not None
            if progress is not None:
                progress(row)
    finally:
        if stream is None:
            handle.close()
    totals.seconds = time.perf_counter() - started
    return totals
