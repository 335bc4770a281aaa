"""Tuning a game's numbers toward a target with Optuna.

``hexkit tune soot --param archetypes.Rancher.currency=2..8 --target faction-spread``
asks an optimiser (Optuna's TPE sampler, seeded) for values of the data
parameters, plays a study with them (the same seeds for every trial, so
trials differ by their numbers, not by their luck), scores the result
against the target, and repeats. Parameter paths are those of ``--set``
(:func:`hexkit.sim.sweep.apply_setting`): a config field, or a dotted data
path applied by the plugin (:mod:`hexkit.overrides`).

Targets (each a loss to minimise, 0 when met):

``median-winning-score=LOW..HIGH``
    distance of the winners' median score from the range.
``faction-spread`` (or ``faction-spread:PART``, e.g. ``:captain``)
    highest minus lowest faction (or faction-part) win rate.
``mechanisms=SHARE``
    for each mechanism of the game's ``played`` hook that happened in
    fewer than ``SHARE`` of the games, the shortfall, summed ("every
    mechanism in at least half the games": ``mechanisms=0.5``).

The Optuna study is stored in ``OUT/tune.db`` (SQLite), each trial's games
in ``OUT/trials/<values>.jsonl``: a tuning run stopped at any point resumes
with ``--resume``: finished trials are kept, an interrupted trial is run
again with the same values, and its finished games are kept (none played
twice). A trial whose values were tried before reuses their games and is
marked ``repeat_of`` in the history. ``OUT/history.csv`` and ``OUT/history.png`` hold the history.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs
import pandas as pd

from hexkit.errors import ConfigError
from hexkit.sim.frame import load_results
from hexkit.sim.report import DPI, PAGE_WIDTH, _pyplot
from hexkit.sim.run import Backend, ResultsFileError, check_run_options, simulate
from hexkit.sim.study import Study
from hexkit.sim.sweep import apply_setting

__all__ = ["Param", "parse_param", "Target", "parse_target", "TuneResult", "run_tune",
           "write_history", "STUDY_NAME"]

STUDY_NAME = "hexkit-tune"
"""The Optuna study's name in ``tune.db``."""

_RANGE = re.compile(r"^\s*(?P<low>-?[\d.]+(?:e-?\d+)?)\s*\.\.\s*(?P<high>-?[\d.]+(?:e-?\d+)?)\s*$")


@attrs.frozen
class Param:
    """A parameter to tune: a ``--set`` path and its range.

    Attributes:
        path: config field or dotted data path.
        low: smallest value.
        high: largest value.
        integer: whether values are whole numbers (both ends written as integers).
    """

    path: str
    low: float
    high: float
    integer: bool


def parse_param(text: str) -> Param:
    """Read ``"PATH=LOW..HIGH"`` (``"rules.start_mana=3..7"``, ``"x=0.5..1.5"``).

    Raises:
        ConfigError: naming the parameter, on a missing ``=``, a range
            that is not ``LOW..HIGH`` or one with ``LOW > HIGH``.
    """
    path, eq, spec = text.partition("=")
    path = path.strip()
    match = _RANGE.match(spec)
    if not eq or not path or match is None:
        raise ConfigError(f"--param {text!r}: expected PATH=LOW..HIGH (e.g. rules.start_mana=3..7)")
    low_text, high_text = match["low"], match["high"]
    integer = all(re.fullmatch(r"-?\d+", t) is not None for t in (low_text, high_text))
    low, high = float(low_text), float(high_text)
    if low > high:
        raise ConfigError(f"--param {text!r}: LOW {low_text} is above HIGH {high_text}")
    return Param(path, low, high, integer)


@attrs.frozen
class Target:
    """What a tuning run aims at, as a loss (0: met).

    Attributes:
        text: as written on the command line.
        kind: ``"median-winning-score"``, ``"faction-spread"`` or ``"mechanisms"``.
        low: lower end (score range), or the share (mechanisms).
        high: upper end (score range).
        part: for ``faction-spread``, the faction part column (``""``: the faction).
    """

    text: str
    kind: str
    low: float = 0.0
    high: float = 0.0
    part: str = ""

    def loss(self, frame: pd.DataFrame) -> tuple[float, float]:
        """The loss of one trial's results and the metric it is computed from.

        Args:
            frame: the trial's :func:`~hexkit.sim.frame.load_results` frame.

        Returns:
            ``(loss, metric)``: for a score range the median winning score,
            for a spread the spread, for mechanisms the lowest share.

        Raises:
            ConfigError: if the results lack what the target needs (no
                factions, no ``played`` counters, no finished game).
        """
        done = frame[frame.finished]
        if done.empty:
            raise ConfigError(f"target {self.text!r}: no finished game in the trial")
        if self.kind == "median-winning-score":
            median = float(done[done.won.astype(bool)].score.median())
            return max(0.0, self.low - median, median - self.high), median
        if self.kind == "faction-spread":
            column = self.part or "faction"
            if column not in done.columns or done[column].isna().all():
                raise ConfigError(f"target {self.text!r}: the results have no {column!r} column")
            rates = done.groupby(column).won.apply(lambda w: float(w.astype(float).mean()))
            spread = float(rates.max() - rates.min()) if len(rates) > 1 else 0.0
            return spread, spread
        columns = [c for c in done.columns if c.startswith("played:")]
        if not columns:
            raise ConfigError(f"target {self.text!r}: the game has no 'played' counters")
        per_game = done.groupby("seed")[columns].sum()
        shares = (per_game > 0).mean()
        shortfall = float((self.low - shares).clip(lower=0).sum())
        return shortfall, float(shares.min())


def parse_target(text: str) -> Target:
    """Read a ``--target`` (see the module docstring).

    Raises:
        ConfigError: on an unknown target or a malformed number.
    """
    name, _, value = text.strip().partition("=")
    if name == "median-winning-score":
        match = _RANGE.match(value)
        if match is None:
            raise ConfigError(f"--target {text!r}: expected median-winning-score=LOW..HIGH")
        low, high = float(match["low"]), float(match["high"])
        if low > high:
            raise ConfigError(f"--target {text!r}: LOW is above HIGH")
        return Target(text, name, low, high)
    if name.partition(":")[0] == "faction-spread" and not value:
        return Target(text, "faction-spread", part=name.partition(":")[2])
    if name == "mechanisms":
        try:
            share = float(value)
        except ValueError:
            raise ConfigError(f"--target {text!r}: expected mechanisms=SHARE (e.g. 0.5)") from None
        if not 0 < share <= 1:
            raise ConfigError(f"--target {text!r}: SHARE must be in (0, 1], not {share}")
        return Target(text, "mechanisms", share)
    raise ConfigError(f"--target {text!r}: choose median-winning-score=LOW..HIGH, "
                      "faction-spread[:PART] or mechanisms=SHARE")


@attrs.define
class TuneResult:
    """What :func:`run_tune` found.

    Attributes:
        best: the best trial's values by path.
        best_loss: its loss.
        best_metric: its metric (see :meth:`Target.loss`).
        trials: complete trials in the study.
        history: one row per trial (number, state, values, loss, metric,
            ``repeat_of``: the earlier trial whose values it repeated).
        database: the SQLite file of the Optuna study.
    """

    best: dict[str, float | int]
    best_loss: float
    best_metric: float
    trials: int
    history: pd.DataFrame
    database: Path


def _values_slug(values: dict[str, Any]) -> str:
    """A file name for a trial's values; a long one keeps a digest of the
    whole text, so two value sets never share a file."""
    text = "_".join(f"{k}={v}" for k, v in sorted(values.items()))
    slug = re.sub(r"[^\w=.+-]+", "-", text)
    if len(slug) <= 150:
        return slug
    return f"{slug[:130]}-{hashlib.sha256(text.encode()).hexdigest()[:16]}"


def _earlier_trial(study: Any, values: dict[str, Any], number: int) -> int | None:
    """The first complete trial before ``number`` with exactly these values."""
    import optuna

    for frozen in study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.COMPLETE,)):
        if frozen.number < number and dict(frozen.params) == values:
            return int(frozen.number)
    return None


def _settings(params: Sequence[Param], target: Target, base: Study) -> dict[str, str]:
    return {
        "params": json.dumps([attrs.asdict(p) for p in params], sort_keys=True),
        "target": target.text,
        "study": json.dumps({"game": base.game, "players": base.players, "agents": base.agents,
                             "games": base.games, "seed": base.seed, "variants": base.variants,
                             "overrides": base.overrides, "options": base.options},
                            sort_keys=True, default=str),
    }


def run_tune(
    base: Study,
    params: Sequence[Param],
    target: Target,
    out: str | Path,
    *,
    trials: int = 20,
    seed: int = 0,
    workers: int = 1,
    backend: Backend = "process",
    mode: str = "new",
    on_trial: Callable[[int, dict[str, Any]], None] | None = None,
    on_result: Callable[[int, dict[str, Any], float, float], None] | None = None,
    on_repeat: Callable[[int, int], None] | None = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
    on_start: Callable[[int, int], None] | None = None,
) -> TuneResult:
    """Search the parameters toward the target until ``trials`` trials are complete.

    Args:
        base: the study each trial plays (its game, players, agents, games
            and seeds), with the parameters set on top.
        params: what to tune (at least one).
        target: what to aim at.
        out: folder for ``tune.db``, ``trials/`` and the history.
        trials: complete trials wanted in total (a resumed run plays only
            the missing ones).
        seed: the sampler's seed (the same seed gives the same values).
        workers: see :func:`~hexkit.sim.run.run_study`.
        backend: see :func:`~hexkit.sim.run.run_study`.
        mode: ``"new"`` refuses an ``out`` holding a tuning study,
            ``"resume"`` continues it (it must have the same parameters,
            target and study), ``"overwrite"`` starts again.
        on_trial: called with the trial number and values before it plays.
        on_result: called with number, values, loss and metric after it.
        on_repeat: called with a trial's number and the earlier trial's when
            the optimiser asks for values already tried: that trial reuses
            the earlier one's games (same seeds, so the same result), plays
            none, and still counts towards ``trials``; ``history.csv`` marks
            it in ``repeat_of``.
        progress: called with each result row.
        on_start: see :func:`~hexkit.sim.run.simulate` (called for each
            results file: the games it kept, the games planned).

    Raises:
        ConfigError: on no parameter, a bad base study, or values the game
            refuses (the first trial's values are checked before playing).
        ResultsFileError: if ``out`` holds a study ``mode`` does not allow.
    """
    import optuna

    if not params:
        raise ConfigError("tuning needs at least one --param PATH=LOW..HIGH")
    if trials < 1:
        raise ConfigError(f"--trials must be at least 1, not {trials}")
    check_run_options(workers, backend)
    for p in params:  # both ends must be values the game takes
        for end in (p.low, p.high):
            value = int(end) if p.integer else end
            try:
                apply_setting(base, p.path, str(value)).validate()
            except ConfigError as exc:
                raise ConfigError(f"--param {p.path}={value}: {exc}") from None
    base.validate()
    directory = Path(out)
    database = directory / "tune.db"
    if database.exists():
        if mode == "overwrite":
            database.unlink()
            for old in (directory / "trials").glob("*.jsonl"):
                old.unlink()
        elif mode != "resume":
            raise ResultsFileError(f"{directory} already holds a tuning study ({database}); pass "
                                   f"--resume to continue it or --overwrite to start again")
    (directory / "trials").mkdir(parents=True, exist_ok=True)
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    storage = f"sqlite:///{database.resolve()}"
    study = optuna.create_study(study_name=STUDY_NAME, storage=storage, direction="minimize",
                                load_if_exists=True, sampler=optuna.samplers.TPESampler(seed=seed))
    wanted = _settings(params, target, base)
    if study.user_attrs:
        for key, text in wanted.items():
            if study.user_attrs.get(key) != text:
                raise ResultsFileError(f"{database}: the stored study has another {key} "
                                       f"({study.user_attrs.get(key)}); use another --out or "
                                       f"--overwrite")
    else:
        for key, text in wanted.items():
            study.set_user_attr(key, text)
    # An interrupted trial is marked failed and its values asked again, so
    # the trial file it started is resumed (its finished games kept).
    for frozen in study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.RUNNING,)):
        study._storage.set_trial_state_values(frozen._trial_id, optuna.trial.TrialState.FAIL)
        study.enqueue_trial(dict(frozen.params), skip_if_exists=False)

    def complete() -> int:
        return len(study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.COMPLETE,)))

    while complete() < trials:
        trial = study.ask()
        values: dict[str, float | int] = {}
        for p in params:
            if p.integer:
                values[p.path] = trial.suggest_int(p.path, int(p.low), int(p.high))
            else:
                values[p.path] = trial.suggest_float(p.path, p.low, p.high)
        if on_trial is not None:
            on_trial(trial.number, values)
        point = base
        for name, value in values.items():
            point = apply_setting(point, name, str(value))
        results = directory / "trials" / f"{_values_slug(values)}.jsonl"
        earlier = _earlier_trial(study, values, trial.number)
        if earlier is not None:
            # The same values on the same seeds play the same games: their
            # results are reused (no game played), and the trial says so.
            trial.set_user_attr("repeat_of", earlier)
            if on_repeat is not None:
                on_repeat(trial.number, earlier)
        simulate(point, results, workers=workers, backend=backend, progress=progress, mode="resume",
                 on_start=on_start)
        loss, metric = target.loss(load_results(results))
        trial.set_user_attr("metric", metric)
        trial.set_user_attr("results", str(results.relative_to(directory)))
        study.tell(trial, loss)
        if on_result is not None:
            on_result(trial.number, values, loss, metric)
    history = write_history(study, directory)
    best = study.best_trial
    return TuneResult(dict(best.params), float(best.value or 0.0),
                      float(best.user_attrs.get("metric", float("nan"))), complete(), history,
                      database)


def write_history(study: Any, directory: Path) -> pd.DataFrame:
    """Write ``history.csv`` (one row per trial) and ``history.png`` (loss per
    trial with the best so far, and loss against each parameter).

    Returns:
        The history frame.
    """
    import optuna

    rows = []
    for trial in study.get_trials(deepcopy=False):
        rows.append({"trial": trial.number, "state": trial.state.name, **trial.params,
                     "loss": trial.value, "metric": trial.user_attrs.get("metric"),
                     "repeat_of": trial.user_attrs.get("repeat_of"),
                     "results": trial.user_attrs.get("results")})
    history = pd.DataFrame(rows)
    history.to_csv(directory / "history.csv", index=False)
    done = history[history.state == optuna.trial.TrialState.COMPLETE.name]
    params = [c for c in history.columns
              if c not in ("trial", "state", "loss", "metric", "repeat_of", "results")]
    plt = _pyplot()
    fig, axes = plt.subplots(1, 1 + len(params), figsize=(PAGE_WIDTH, 3.6), squeeze=False,
                             layout="constrained")
    left = axes[0][0]
    left.plot(done.trial, done.loss, "o", color="#4c72b0", label="trial")
    left.plot(done.trial, done.loss.cummin(), "-", color="#dd8452", label="best so far")
    left.set_xlabel("trial")
    left.set_ylabel("loss (0: target met)")
    left.set_title("History", loc="left")
    fig.legend(*left.get_legend_handles_labels(), loc="outside right upper", fontsize=8,
               frameon=False)  # outside the data
    for ax, name in zip(axes[0][1:], params):
        ax.plot(done[name], done.loss, "o", color="#55a868")
        ax.set_xlabel(name if len(name) <= 28 else "..." + name[-25:], fontsize=8)
        ax.set_title("loss by value", loc="left", fontsize=9)
    fig.savefig(directory / "history.png", dpi=DPI)
    plt.close(fig)
    return history
