"""The Partnerships module: two-seat teams that share warehouse networks and tolls.

Rules (rulebook, "Optional Modules", Partnerships): partners share
warehouse networks and pay no tolls to each other, but score separately;
a partnership's final score is the lower of the two partners' totals.

Interpretations (assumed, see ``docs/rules/soot.md``):

* Seating: partners sit opposite. With 4 players the partnerships are
  seats 0+2 and 1+3; with 6 players 0+3, 1+4 and 2+5 (seat ``s`` partners
  ``(s + n/2) mod n``). Any other player count (2, 3, 5) is refused with a
  :class:`~hexkit.errors.ConfigError`: 2 players would be one team, an odd
  count leaves a seat without a partner.
* Shared warehouse networks: a partner's warehouse nodes (its warehouses
  and Depot Towns) count as your own nodes for loading from and delivering
  into your network; goods stay each partner's own (score separately).
* Tolls: no toll is charged between partners (neither on the route
  search's toll cost nor on a laden drive).
* Winner: the partnership with the highest partnership score (the lower
  partner total); ties are broken by the base game's tie-breakers applied to
  each partnership's lower-scoring partner (most secret objective points,
  higher portfolio, lower soot, triggered Stage 1).

Each partner's own score lines are unchanged (a ``score`` hook adding nothing);
the partnership scores and ranking are :func:`partnership_scores` and
:func:`partnership_ranking`, and the score sheet's order is the partnerships'
(:func:`~hexkit_soot.rules.partners.team_order`: both partners of the winning partnership are its winners).

Source: rulebook, "Optional Modules" (Partnerships).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit.game import PlayerId
from hexkit_soot.registry import REGISTRY, SootRegistry
from hexkit_soot.rules.modules import register_module
from hexkit_soot.rules.partners import (NAME, PARTNER_COUNTS, RULES_VERSION, _on, check_players,
                                        partner_of, partners, rank_partnerships, scores_by_partnership, seating,
                                        team_order)
from hexkit_soot.rules.scoring import score_totals, tiebreak_values
from hexkit_soot.state import SootState

__all__ = [
    "NAME", "PARTNER_COUNTS", "Partnerships", "MODULE", "check_players", "seating", "partner_of", "partners",
    "partnership_scores", "partnership_ranking", "team_order", "partnership_value", "partner_cap", "describe", "register",
]

def partnership_scores(state: SootState, totals: Sequence[int] | None = None) -> list[tuple[tuple[int, int], int]]:
    """Each partnership with its score, the lower of its partners' totals.

    Args:
        state: the game (module on).
        totals: the seats' totals (from :func:`~hexkit_soot.rules.scoring.score_sheet`);
            computed when ``None``.

    Returns:
        ``[((0, 2), 31), ((1, 3), 28)]``: seats, score; in seating order.
    """
    if totals is None:
        totals = score_totals(state)
    return scores_by_partnership(state.config.players, totals)


def partnership_ranking(state: SootState, totals: Sequence[int] | None = None) -> list[tuple[tuple[int, int], int]]:
    """Partnerships best first: higher partnership score, then the base tie-breakers
    on each partnership's lower-scoring partner (its lower seat if both tie);
    the score sheet's order (:func:`~hexkit_soot.rules.partners.team_order`) is the same.

    Args:
        state: the game (module on).
        totals: the seats' totals; computed when ``None``.

    Returns:
        ``[(pair, score), ...]``, the winner first.

    Source: rulebook, "Final Scoring" tie-breakers (applied as documented above).
    """
    if totals is None:
        totals = score_totals(state)
    n = state.config.players
    return rank_partnerships(n, totals, [tiebreak_values(state, q) for q in range(n)])


def partnership_value(state: SootState, player: PlayerId, totals: Sequence[int]) -> float:
    """What an agent should maximise for ``player`` with the module on: its partnership's score
    (the lower partner total) minus the best rival partnership's; plain total margin when off.

    The agents' evaluations reach the same goal through :func:`partner_cap` (the
    module's ``value`` hook) and the partner's exclusion from the rivals
    (``allies``), in their own units.

    Args:
        state: the game.
        player: the seat concerned.
        totals: every seat's current total (points).
    """
    mate = partner_of(state, player)
    if mate < 0:
        best_other = max((t for q, t in enumerate(totals) if q != player), default=0)
        return float(totals[player] - best_other)
    own = min(totals[player], totals[mate])
    rivals = [s for pair, s in partnership_scores(state, totals) if player not in pair]
    return float(own - max(rivals, default=0))


def partner_cap(state: SootState, player: PlayerId, totals: Sequence[int]) -> float:
    """The evaluation term that makes an agent play for its partnership: the points of
    ``player``'s total above its partner's, which the partnership score (the lower
    total) does not count, taken off again (0 or negative; 0 when the module is off).

    Both the greedy and the strong evaluation count the seat's own total at weight 1,
    so adding this term makes them value ``min(own, partner)``: a point for the
    lower-scoring partner is worth a full point to both partners, a point for the
    leader nothing until the other catches up. With :func:`~hexkit_soot.rules.modules.rival_seats`
    (the partner is no rival) this is what :func:`partnership_value` measures, in the
    evaluations' own units.

    Args:
        state: the game.
        player: the seat concerned.
        totals: every seat's current total (points).

    Example: totals P0 30, P2 22 (partners): P0's term is -8, P2's 0.
    """
    mate = partner_of(state, player)
    if mate < 0:
        return 0.0
    return float(min(totals[player], totals[mate]) - totals[player])


def describe(state: SootState, totals: Sequence[int] | None = None) -> list[str]:
    """Lines for the report and the boards: each partnership, its partners' totals and its score.

    Args:
        state: the game (module on).
        totals: the seats' totals; computed when ``None``.

    Returns:
        e.g. ``["partnership 0+2: 31 (P0 31, P2 40)", ...]``, best first; empty when off.
    """
    if not _on(state.config):
        return []
    if totals is None:
        totals = score_totals(state)
    return [f"partnership {a}+{b}: {score} (P{a} {totals[a]}, P{b} {totals[b]})"
            for (a, b), score in partnership_ranking(state, totals)]


class Partnerships:
    """The Partnerships module object (registered as ``partnerships``)."""

    name = NAME

    def on_setup(self, state: SootState) -> None:
        """Check the seating and log the partnerships.

        Raises:
            ConfigError: for a player count other than 4 or 6.
        """
        for a, b in seating(state.config.players):
            state.note(None, f"partnership: seats {a} and {b} are partners")

    def after_actions(self, state: SootState) -> None:
        """Nothing (the module changes tolls, nodes and scoring only)."""

    def on_round_end(self, state: SootState) -> None:
        """Nothing."""

    def score(self, state: SootState, player: PlayerId) -> dict[str, int]:
        """No extra line: partners score separately (the partnership score is the lower total)."""
        return {}

    def allies(self, state: SootState, player: PlayerId) -> tuple[PlayerId, ...]:
        """The partner: its points do not count against ``player`` in the agents' evaluation
        (:func:`~hexkit_soot.rules.modules.rival_seats`)."""
        mate = partner_of(state, player)
        return (mate,) if mate >= 0 else ()

    def value(self, state: SootState, player: PlayerId) -> float:
        """The agents' evaluation hook: the partner's score caps yours (see :func:`partner_cap`)."""
        return partner_cap(state, player, score_totals(state))


MODULE = Partnerships()
"""The module object; :func:`register` puts it in the registry (called by :func:`hexkit_soot.game.register`)."""


def register(registry: SootRegistry = REGISTRY) -> None:
    """Register the module (explicit: importing this file registers nothing).

    Args:
        registry: the tables to register it in.
    """
    register_module(MODULE, registry)
