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
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import IO, Any, Literal

import attrs

from hexkit.errors import ConfigError, HexkitError
from hexkit.sim.results import read_results
from hexkit.sim.study import Study, play_game, run_chunk, run_indices

__all__ = [
    "Backend", "BACKENDS", "run_study", "simulate", "StudyTotals", "chunk_size", "check_run_options",
    "OutMode", "OUT_MODES", "ResultsFileError", "finished_indices",
]

OutMode = Literal["new", "overwrite", "resume"]
OUT_MODES: tuple[str, ...] = ("new", "overwrite", "resume")
"""What :func:`simulate` does with an existing results file: refuse it
(``"new"``, the default), replace it, or keep its finished games and append
the missing ones."""


class ResultsFileError(HexkitError, OSError):
    """A results file that cannot be used: it exists (and neither overwrite
    nor resume was asked), it belongs to another study, or reading or
    writing it failed (a full disk); the message names the file."""


Backend = Literal["serial", "process", "dask"]
BACKENDS: tuple[str, ...] = ("serial", "process", "dask")
"""Names accepted by ``backend``."""

Row = dict[str, Any]


def check_run_options(workers: int, backend: str) -> None:
    """Check a worker count and a backend name (before anything is written).

    Raises:
        ConfigError: on a worker count below 1 or an unknown backend.
    """
    if workers < 1:
        raise ConfigError(f"workers must be at least 1, not {workers}")
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")


def chunk_size(games: int, workers: int) -> int:
    """Games per task: big enough to hide the per-task overhead, small enough
    to balance the load (about eight tasks per worker, at most 32 games)."""
    return max(1, min(32, games // max(1, workers * 8)))


class _Chunks:
    """Bounds of consecutive chunks of game indices, computed on demand
    (``todo``: the indices to play, when not all of ``range(games)``)."""

    def __init__(self, games: int, size: int, todo: Sequence[int] | None = None) -> None:
        self.todo = todo
        self.games = games if todo is None else len(todo)
        self.size = size

    def __len__(self) -> int:
        return -(-self.games // self.size)

    def __getitem__(self, index: int) -> tuple[int, int]:
        start = index * self.size
        return start, min(self.games, start + self.size)

    def run(self, study: Study, start: int, stop: int) -> list[Row]:
        """Rows of chunk positions ``start`` to ``stop - 1`` in this process."""
        if self.todo is None:
            return run_chunk(study, start, stop)
        return run_indices(study, list(self.todo[start:stop]))

    def task(self, start: int, stop: int) -> tuple[Any, ...]:
        """A worker's call for chunk positions ``start`` to ``stop - 1``."""
        if self.todo is None:
            return (run_chunk, start, stop)
        return (run_indices, list(self.todo[start:stop]))


def _ordered(
    submit: Callable[[int, int], Any],
    wait_first: Callable[[list[Any], float | None], list[Any]],
    result: Callable[[Any], list[Row]],
    chunks: _Chunks,
    window: int,
    cancel: Callable[[Any], bool] | None = None,
    deadline: float | None = None,
    in_flight_limit: int | None = None,
) -> Iterator[Row]:
    """Yield the rows of every chunk in order, with at most ``window`` chunks
    submitted or waiting to be yielded at any time.

    At ``deadline`` (a :func:`time.perf_counter` value) no more chunks are
    submitted and those not yet started are cancelled; chunks already
    running are waited for and their rows kept. ``in_flight_limit`` caps
    the chunks submitted but not finished (default: ``window``)."""
    in_flight: dict[Any, int] = {}
    ready: dict[int, list[Row]] = {}
    dropped: set[int] = set()
    stop = len(chunks)
    submitted = 0
    emitted = 0
    while emitted < stop:
        if deadline is not None and submitted < stop and time.perf_counter() >= deadline:
            stop = submitted
            for future, index in list(in_flight.items()):
                if cancel is not None and cancel(future):
                    del in_flight[future]
                    dropped.add(index)
        limit = window if in_flight_limit is None else in_flight_limit
        while submitted < stop and len(in_flight) < limit and len(in_flight) + len(ready) < window:
            in_flight[submit(*chunks[submitted])] = submitted
            submitted += 1
        if emitted < stop and emitted not in ready and emitted not in dropped:
            timeout = None
            if deadline is not None and submitted < stop:
                timeout = max(0.0, deadline - time.perf_counter())
            for future in wait_first(list(in_flight), timeout):
                ready[in_flight.pop(future)] = result(future)
        while emitted in ready or emitted in dropped:
            if emitted in ready:
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
    time_limit: float | None = None,
    indices: Sequence[int] | None = None,
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
        time_limit: seconds from this call after which no more games are
            started; games already running finish and are yielded, so a
            study cut by time yields fewer rows than ``study.games``. Use a
            small ``chunk`` (e.g. 1) for a tight limit.
        indices: the game indices to play, ascending (default: all of
            them); a resumed study plays only those it has not finished.

    Yields:
        Result rows; the same rows (timings aside) for every backend and
        worker count.

    Raises:
        ConfigError: on an unknown backend, a worker count below 1, or a
            missing dask installation.
    """
    check_run_options(workers, backend)
    if time_limit is not None and time_limit != time_limit:  # NaN
        raise ConfigError("time_limit must be a number of seconds")
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    todo = None if indices is None else sorted(indices)
    size = chunk or chunk_size(study.games if todo is None else len(todo), workers)
    chunks = _Chunks(study.games, size, todo)
    if backend == "serial" or (backend == "process" and workers == 1):
        for index in range(len(chunks)):
            if deadline is not None and time.perf_counter() >= deadline:
                return
            yield from chunks.run(study, *chunks[index])
    elif backend == "process":
        yield from _run_process(study, chunks, workers, deadline)
    else:
        yield from _run_dask(study, chunks, workers, address, client, deadline)


def _run_process(
    study: Study, chunks: _Chunks, workers: int, deadline: float | None = None
) -> Iterator[Row]:
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:

        def submit(start: int, stop: int) -> Future[list[Row]]:
            function, *args = chunks.task(start, stop)
            return pool.submit(function, study, *args)

        def wait_first(futures: list[Any], timeout: float | None) -> list[Any]:
            return list(wait(futures, timeout=timeout, return_when=FIRST_COMPLETED).done)

        def result(future: Any) -> list[Row]:
            rows: list[Row] = future.result()
            return rows

        def cancel(future: Any) -> bool:
            return bool(future.cancel())

        # Under a deadline keep only one chunk per worker in flight: the pool
        # queues extra calls where they can no longer be cancelled, and each
        # would run past the deadline.
        yield from _ordered(submit, wait_first, result, chunks, window=4 * workers,
                            cancel=cancel, deadline=deadline,
                            in_flight_limit=workers if deadline is not None else None)


def _run_dask(
    study: Study,
    chunks: _Chunks,
    workers: int,
    address: str | None,
    client: Any,
    deadline: float | None = None,
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
            function, *args = chunks.task(start, stop)
            return client.submit(function, study, *args, pure=False)

        def wait_first(futures: list[Any], timeout: float | None) -> list[Any]:
            try:
                done = distributed.wait(futures, timeout=timeout, return_when="FIRST_COMPLETED")
            except TimeoutError:
                return []
            return list(done.done)

        def result(future: Any) -> list[Row]:
            rows: list[Row] = future.result()
            future.release()
            return rows

        def cancel(future: Any) -> bool:
            if future.status != "pending":
                return False
            future.cancel()
            return True

        yield from _ordered(submit, wait_first, result, chunks, window=4 * slots,
                            cancel=cancel, deadline=deadline)
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
        planned: games the study asked for.
        cut_by_time: the time limit stopped the study before ``planned``
            games were played.
        resumed: games already in the file that a resumed study kept.
    """

    games: int = 0
    errors: int = 0
    seconds: float = 0.0
    planned: int = 0
    cut_by_time: bool = False
    resumed: int = 0

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
    time_limit: float | None = None,
    mode: OutMode = "new",
    on_start: Callable[[int, int], None] | None = None,
) -> StudyTotals:
    """Run ``study`` and write one JSON line per game to ``out`` as games finish.

    The study and the options are validated first (:meth:`Study.validate`,
    :func:`check_run_options`), so a bad game, agent, config, override,
    worker count or backend fails before ``out`` is opened (an existing
    file is left alone) and before any game is played. A path that already
    holds results is never truncated unless ``mode="overwrite"`` says so.

    Args:
        study: what to play.
        out: a path or an open text stream.
        workers: see :func:`run_study`.
        backend: see :func:`run_study`.
        chunk: see :func:`run_study`.
        address: see :func:`run_study`.
        client: see :func:`run_study`.
        progress: called with each row after it is written.
        time_limit: see :func:`run_study`; every finished game is written,
            and the totals say whether the limit cut the study short.
        mode: for a path that already holds results: ``"new"`` refuses it,
            ``"overwrite"`` replaces it, ``"resume"`` keeps its games (they
            must be of this study), cuts a torn last line, and appends the
            games it lacks.
        on_start: called once the output is ready and before any game,
            with the games kept from it (by ``"resume"``) and the games
            planned, so that a progress count starts where the file stands.

    Returns:
        Counts and time.

    Raises:
        HexkitError: if the study or an option is invalid (nothing is
            written then).
        ResultsFileError: if ``out`` holds results ``mode`` does not allow,
            or reading or writing it fails (naming the file).
    """
    study.validate()
    check_run_options(workers, backend)
    if time_limit is not None and time_limit != time_limit:  # NaN
        raise ConfigError("time_limit must be a number of seconds")
    if mode not in OUT_MODES:
        raise ConfigError(f"unknown mode {mode!r}; choose one of {', '.join(OUT_MODES)}")
    todo: list[int] | None = None
    skipped = 0
    if isinstance(out, (str, Path)):
        done = _prepare(study, Path(out), mode)
        if mode == "resume":
            todo = [i for i in range(study.games) if i not in done]
            skipped = study.games - len(todo)
    totals = StudyTotals(planned=study.games, resumed=skipped)
    if on_start is not None:
        on_start(skipped, study.games)
    started = time.perf_counter()
    name = str(out) if isinstance(out, (str, Path)) else getattr(out, "name", "the results stream")
    handle = _open(out, "a" if mode == "resume" else "w")
    try:
        rows = run_study(
            study, workers=workers, backend=backend, chunk=chunk, address=address,
            client=client, time_limit=time_limit, indices=todo,
        )
        for row in rows:
            try:
                handle.write(json.dumps(row, sort_keys=True) + "\n")
                handle.flush()
            except OSError as exc:
                raise ResultsFileError(f"{name}: cannot write results "
                                       f"(game {row.get('index')}): {exc.strerror or exc}") from None
            totals.games += 1
            totals.errors += row.get("error") is not None
            if progress is not None:
                progress(row)
    except BaseException:
        if isinstance(out, (str, Path)):
            try:
                handle.close()
            except OSError:  # the first error is the one to report
                pass
        raise
    if isinstance(out, (str, Path)):
        try:
            handle.close()
        except OSError as exc:
            raise ResultsFileError(f"{name}: cannot write results: {exc.strerror or exc}") from None
    totals.seconds = time.perf_counter() - started
    totals.cut_by_time = time_limit is not None and totals.games + skipped < study.games
    return totals


def _open(out: str | Path | IO[str], mode: str) -> IO[str]:
    if not isinstance(out, (str, Path)):
        return out
    try:
        return open(out, mode, encoding="utf-8")
    except OSError as exc:
        raise ResultsFileError(f"{out}: cannot open the results file: {exc.strerror or exc}") from None


def _prepare(study: Study, path: Path, mode: str) -> set[int]:
    """Check an existing results file against ``mode`` before anything is
    written; for ``"resume"``, cut a torn last line and return the finished
    indices."""
    try:
        size = path.stat().st_size if path.exists() else 0
    except OSError as exc:
        raise ResultsFileError(f"{path}: {exc.strerror or exc}") from None
    if size == 0 or mode == "overwrite":
        return set()
    if mode == "new":
        raise ResultsFileError(
            f"{path} already holds results ({size} bytes); pass --resume (mode='resume') to add "
            f"the missing games of the same study, or --overwrite (mode='overwrite') to replace it"
        )
    done = finished_indices(study, path)
    return done


def finished_indices(study: Study, path: Path) -> set[int]:
    """The game indices already in ``path``, after checking that every row
    belongs to ``study``; a cut last line is removed from the file so that
    appended rows start on a line of their own.

    Raises:
        ResultsFileError: if a row is of another game, seed, seating or
            config (rows written before rows had a ``config`` are checked
            without it), or the file cannot be read or cut.
    """
    from hexkit.sim.frame import config_key
    from hexkit.sim.study import study_config

    name = study.load().info.name
    rows = read_results(path)
    done: set[int] = set()
    config = config_key({"config": study_config(study)})
    try:
        for row in rows:
            index = row.get("index")
            if "config" in row and config_key(row) != config:
                raise ResultsFileError(
                    f"{path}: game {index!r} (seed {row.get('seed')!r}) was played with config "
                    f"{config_key(row)}, this study has {config}; use another file or overwrite"
                )
            if (not isinstance(index, int) or not 0 <= index < study.games
                    or row.get("game") != name or row.get("seed") != study.seed + index
                    or row.get("seats") != study.seats(index)):
                raise ResultsFileError(
                    f"{path}: game {index!r} (seed {row.get('seed')!r}) is not a game of this study "
                    f"({name}, {study.games} games from seed {study.seed}, agents "
                    f"{', '.join(study.agents)}); use another file or overwrite"
                )
            done.add(index)
    except HexkitError as exc:
        if isinstance(exc, ResultsFileError):
            raise
        raise ResultsFileError(f"{path}: cannot resume: {exc}") from None
    if rows.bytes_ignored:
        try:
            with open(path, "r+b") as handle:
                handle.truncate(path.stat().st_size - rows.bytes_ignored)
        except OSError as exc:
            raise ResultsFileError(f"{path}: cannot cut the torn last line: "
                                   f"{exc.strerror or exc}") from None
    return done
