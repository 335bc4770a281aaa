"""Many games between agents: studies, backends, summaries, reports, sweeps.

A balance study in a few lines::

    from hexkit.sim import Study, simulate, load_results
    study = Study(game="soot", players=4, agents=("greedy", "random"), games=200, seed=1)
    simulate(study, "results.jsonl", workers=2)
    df = load_results("results.jsonl")          # pandas: one row per game and seat
    df[df.finished].groupby(["agent", "archetype"]).won.mean()

Rows of different studies (game, rules version, player count, config) are
never pooled: :func:`summarize` refuses them with
:class:`MixedResultsError`, and :func:`summarize_studies` gives one
summary per study.

Tournaments with ratings are in :mod:`hexkit.sim.tournament`, tuning with
Optuna in :mod:`hexkit.sim.tune`, and a finished game is played again from
its row by :func:`replay_row`.

Game ``i`` of a study has seed ``seed + i`` and the agents rotated over the
seats by ``i``. Each game becomes one JSON line, written as soon as it is
done (in seed order), with these fields:

``game``, ``game_ref``, ``version``, ``index``, ``seed``, ``players``
    what was played (``game_ref``: the name or ``module:ATTRIBUTE`` the
    study was given).
``seats``
    the agent spec in each seat.
``agents``, ``config``, ``max_decisions``
    the study's agent list (rotated over the seats), its config
    (``{"variants": [...], "overrides": {...}, "options": {...}}``) and its
    decision limit: with ``seed`` and ``seats``, what replays the game
    (``hexkit replay results.jsonl --seed N``) and what keeps rows of
    different configs apart. Rows written before these fields existed read
    as the default config.
``factions``
    each seat's faction, from the game's optional ``factions`` hook, or
    ``null``.
``scores``, ``breakdown``, ``order``, ``winner``, ``decided_by``
    the final :class:`~hexkit.game.ScoreSheet`: totals, named parts, ranking,
    and for each place the rule that separated it from the one before.
``winners``
    the seats that won: the winner and its teammates (a partnership's both
    seats, :attr:`~hexkit.game.ScoreSheet.winning_side`); ``[]`` when an
    opponent outside the seats won. Win rates (the ``won`` column of
    :func:`load_results`, the report's tables, tournament wins) credit every
    seat listed. Rows written before this field existed read as
    ``[winner]``, so older files (and ``--resume`` onto them) still work.
``winner_agent``, ``winner_faction``
    the winner's agent and faction (the first of ``winners``).
``beaten_by``
    ``null``, or the opponent outside the seats that won (the game's
    optional ``beaten_by`` hook; Soot's solo game: ``"the Trust"``); then
    ``winner`` is -1, ``winner_agent`` names that opponent and no seat won.
``turns``, ``decisions``
    game length: turns from the optional ``turns`` hook (or ``null``), and
    decisions (``state.step``).
``end_reason``
    why the game ended, from the optional ``end_reason`` hook (or ``null``).
``played``
    what was played, from the optional ``played`` hook (or ``null``):
    ``{"total": {mechanism: n}, "by_seat": [{mechanism: n}, ...]}``.
``seconds``, ``agent_seconds``
    wall-clock time of the game, and time each seat spent choosing.
``error``, ``traceback``, ``record``
    for a game that raised (or did not end): the message, the traceback and
    the JSON game record up to the failure (``error`` is ``null`` otherwise).

Optional hooks a plugin may define on its :class:`~hexkit.game.Game`
(looked up with ``getattr``; a game without them still works):

``factions(state) -> list[str]``
    the faction of each seat (Company and Captain, archetype), read at
    the end of the game.
``faction_parts`` (an attribute: a tuple of names)
    the parts of a faction label, e.g. ``("company", "captain")`` for
    ``"Company (Captain)"``: columns of :func:`load_results` and win-rate
    tables of the report, one per part.
``turns(state) -> int``
    the number of turns (or rounds) played, as the rulebook counts them.
``end_reason(state) -> str``
    why the game ended (the rulebook trigger, or an engine safeguard such
    as a round limit), so a study can tell the two apart.
``played(state) -> dict[str, list[int]]``
    mechanism name to the count of each seat (every declared mechanism,
    even at 0), kept in the state; the report's "What was played" table.
``strong_agent(seed) -> Agent``
    the game's strongest agent, used by the agent spec ``strong``.
``render_text(state) -> str``
    a text picture of the board, printed by ``hexkit play`` and ``hexkit
    replay``.

Backends: ``serial``, ``process`` (a spawn-safe process pool) and ``dask``
(``dask.distributed``, an optional extra; see :mod:`hexkit.sim.run` for why
dask rather than ray). The rows are identical, timings aside, for every
backend and worker count.
"""

from hexkit.sim.frame import MixedResultsError, load_results
from hexkit.sim.rowreplay import replay_row
from hexkit.sim.run import BACKENDS, Backend, StudyTotals, run_study, simulate
from hexkit.sim.stats import (
    Spread,
    Summary,
    WinRate,
    wilson,
)
from hexkit.sim.results import read_results
from hexkit.sim.summary import summarize, summarize_studies
from hexkit.sim.study import (
    TIMING_FIELDS,
    Study,
    agent_seed,
    game_factions,
    game_turns,
    game_end_reason,
    game_played,
    play_game,
    resolve_game,
    seat_agents,
)

__all__ = [
    "BACKENDS",
    "Backend",
    "Spread",
    "Study",
    "StudyTotals",
    "Summary",
    "TIMING_FIELDS",
    "WinRate",
    "agent_seed",
    "load_results",
    "MixedResultsError",
    "replay_row",
    "game_factions",
    "game_turns",
    "game_end_reason",
    "game_played",
    "play_game",
    "read_results",
    "resolve_game",
    "run_study",
    "seat_agents",
    "simulate",
    "summarize",
    "summarize_studies",
    "wilson",
]
