"""The rules of Hex as a hexkit :class:`~hexkit.game.Game`.

A turn is one decision, :class:`~hexkit_hexgame.state.ChooseCell`, answered
by a :class:`~hexkit_hexgame.actions.Place` or, once, a
:class:`~hexkit_hexgame.actions.Swap`. The game runs on the core turn
engine (:class:`~hexkit.flow.FlowGame`): its one handler is in
:mod:`hexkit_hexgame.turn`, registered by :meth:`HexGame.build_flow`.
Besides the protocol, the game numbers its actions for reinforcement
learning with a :class:`~hexkit.game.Catalogue` (:meth:`HexGame.legal_mask`,
:meth:`HexGame.apply_index` are fast paths over it).

Source: RULES.md.
"""

from __future__ import annotations

import operator
from itertools import repeat
from operator import is_
from typing import Any, ClassVar

import cattrs

from hexkit.errors import IllegalActionError
from hexkit.flow import Flow, FlowGame
from hexkit.game import ActionSpace, Catalogue, GameInfo, Information, PlayerId, ScoreSheet
from hexkit.hexmap import HexMap
from hexkit.rng import Rng
from hexkit.validation import Problems

from hexkit_hexgame import actions as numbering
from hexkit_hexgame.actions import MAX_SIZE, SWAP, Place, Swap, cell_name
from hexkit_hexgame.board import BLACK, PLAYER_NAMES, WHITE, board_for
from hexkit_hexgame.connection import Connections
from hexkit_hexgame.render import HexStyle, svg_picture
from hexkit_hexgame.state import ChooseCell, HexConfig, HexState
from hexkit_hexgame.strategy import stones_to_connect
from hexkit_hexgame.turn import EDGE_NAMES, TURN, build_flow

__all__ = ["HexGame", "EDGE_NAMES"]

class HexGame(FlowGame[HexState, HexConfig]):
    """Hex on an ``n`` by ``n`` rhombus: join your two edges to win.

    Black (seat 0) moves first and joins top and bottom; White (seat 1)
    joins left and right. The variant ``"swap"`` lets White take over
    Black's first stone (RULES.md §4).

    >>> from hexkit_hexgame import GAME, parse_action
    >>> state = GAME.new(GAME.make_config(2, size=3))
    >>> for name in ["b1", "a2", "b2", "b3", "a3"]:
    ...     GAME.apply(state, parse_action(name))
    >>> GAME.winner(state), state.log[-1].text
    (0, 'Black places a3 and joins top and bottom')
    """

    info: ClassVar[GameInfo] = GameInfo(
        name="hex",
        title="Hex",
        version="1.1.0",
        min_players=2,
        max_players=2,
        max_decisions=MAX_SIZE * MAX_SIZE + 1,
        variants=("swap",),
        information=Information.PERFECT,
        stochastic=False,
    )
    config_type = HexConfig
    state_type = HexState
    action_types = (Place, Swap)
    decision_types = (ChooseCell,)

    # -- set-up -----------------------------------------------------------
    def setup(self, config: HexConfig, rng: Rng) -> HexState:
        """An empty board with Black to move.

        Source: RULES.md §1-§3.
        """
        n = config.size
        state = HexState(config=config, rng=rng, cells=[None] * (n * n), pending=[TURN[BLACK]])
        swap = ", swap rule in use" if "swap" in config.variants else ""
        state.note(None, f"{n}x{n} board: Black joins top and bottom, White left and right{swap}")
        return state

    def build_flow(self) -> Flow[HexState]:
        """The turn engine: :class:`~hexkit_hexgame.state.ChooseCell` and its handler
        (:func:`hexkit_hexgame.turn.build_flow`)."""
        return build_flow()

    def explain_illegal(self, state: HexState, action: Any) -> str:
        """Name the rule an illegal action breaks, with the facts of the position.

        Source: RULES.md §3-§5.
        """
        malformed = self.malformed(action)
        if malformed is not None:
            return malformed
        if not state.pending:
            winner = state.winner if state.winner is not None else BLACK
            return f"the game is over: {PLAYER_NAMES[winner]} has joined {EDGE_NAMES[winner]}"
        n = state.config.size
        if isinstance(action, Swap):
            if "swap" not in state.config.variants:
                return "the swap rule is not in use (variant 'swap' was not chosen)"
            return f"the swap can only be White's first action, not action {state.step + 1}"
        if isinstance(action, Place):
            index = state.board.index(action.hex)
            name = cell_name(action.hex)
            if index is None:
                return f"{name} is not a cell of the {n}x{n} board"
            owner = state.cells[index]
            if owner is not None:
                return (f"{name} {action.hex} already holds a {PLAYER_NAMES[owner]} stone;"
                        " stones go on empty cells only")
            return f"{name} is empty: placing a stone there is legal"
        return f"{action!r} is not a Hex action (Place or Swap)"

    def clone(self, state: HexState) -> HexState:
        """An independent copy: a few flat list copies, sharing the immutable parts."""
        copy = HexState(**state.base_fields_copy(), cells=state.cells.copy(), winner=state.winner,
                        played={name: counts.copy() for name, counts in state.played.items()})
        copy._board = state._board
        if state._links is not None:
            copy._links = state._links.copy()
        if state._free is not None and state._free_cells is not None:
            copy._free = state._free.copy()
            copy._free_cells = state._free_cells.copy()
        copy._rev, copy._rev_prev, copy._rev_cell = state._rev, state._rev_prev, state._rev_cell
        return copy

    # -- loading ----------------------------------------------------------
    def register_codec_hooks(self, conv: cattrs.Converter) -> None:
        """Save and read a :class:`Place` by its cell name (``"j5"``), as the log writes it.

        See :func:`hexkit_hexgame.actions.register_codec_hooks`.
        """
        super().register_codec_hooks(conv)
        numbering.register_codec_hooks(conv)

    def validate_state(self, state: HexState) -> None:
        """Refuse a loaded position that no game of Hex reaches.

        Checks, collecting every problem: stones are Black or White; Black
        has as many stones as White or one more (one fewer after the swap);
        the winner has joined their edges, and a joined chain has a winner;
        the game is over exactly when there is a winner; one question is
        pending, asked of the colour to move, with the swap on offer only on
        White's first turn under the swap rule.

        Raises:
            StateValidationError: an ``InvalidRecordError`` naming every
                broken field (``"state.winner"``).

        Source: RULES.md §3 (turns alternate), §4 (swap), §5 (winning).
        """
        super().validate_state(state)
        problems = Problems()
        counts = [0, 0]
        for i, owner in enumerate(state.cells):
            if owner is None:
                continue
            if owner not in (BLACK, WHITE):
                problems.add(f"state.cells.{i}", f"{owner!r} is not a colour (0 Black, 1 White)")
            else:
                counts[owner] += 1
        problems.raise_if_any()
        stones = counts[BLACK] + counts[WHITE]
        swapped = "swap" in state.config.variants and stones == state.step - 1 >= 1
        if stones != state.step and not swapped:
            problems.add("state.step", f"{stones} stones after {state.step} actions: each action but the swap places one")
        lead = counts[BLACK] - counts[WHITE]
        if lead not in ((-1, 0) if swapped else (0, 1)):
            problems.add("state.cells", f"{counts[BLACK]} Black and {counts[WHITE]} White stones:"
                         " the colours alternate")
        links = Connections.of(state.board, state.cells)
        joined = [links.find(a) == links.find(b) for a, b in state.board.goals]
        if state.winner is not None and state.winner not in (BLACK, WHITE):
            problems.add("state.winner", f"{state.winner!r} is not a colour")
        elif state.winner is not None and not joined[state.winner]:
            problems.add("state.winner", f"{PLAYER_NAMES[state.winner]} has not joined {EDGE_NAMES[state.winner]}")
        for colour, done in enumerate(joined):
            if done and state.winner != colour:
                problems.add("state.winner", f"{PLAYER_NAMES[colour]} has joined {EDGE_NAMES[colour]}"
                             f" but the winner is {state.winner!r}")
        self._check_pending(state, problems, lead, swapped)
        problems.raise_if_any()

    @staticmethod
    def _check_pending(state: HexState, problems: Problems, lead: int, swapped: bool) -> None:
        """The question pending must be the one the rules ask now (RULES.md §3-§5)."""
        if state.winner is not None:
            if state.pending:
                problems.add("state.pending", "the game is won: no question may be pending")
            return
        if len(state.pending) != 1:
            problems.add("state.pending", f"{len(state.pending)} questions pending; Hex asks exactly one")
            return
        top = state.pending[0]
        mover = WHITE if lead == (0 if swapped else 1) else BLACK
        if top.player != mover:
            problems.add("state.pending.0.player", f"seat {top.player} is asked, but {PLAYER_NAMES[mover]} is to move")
        offer = "swap" in state.config.variants and state.step == 1
        if getattr(top, "may_swap", False) and not offer:
            problems.add("state.pending.0.may_swap", "the swap is offered only on White's first turn"
                         " under the swap rule")

    # -- results ----------------------------------------------------------
    def scores(self, state: HexState) -> ScoreSheet:
        """One point for joining your edges; nobody has a point while the game goes on.

        Source: RULES.md §5.
        """
        winner = state.winner
        if winner is None:
            return ScoreSheet(
                totals=(0, 0),
                breakdown=({"edges joined": 0}, {"edges joined": 0}),
                order=(0, 1),
                decided_by=("tied",),
            )
        totals = tuple(1 if p == winner else 0 for p in (0, 1))
        return ScoreSheet(
            totals=totals,
            breakdown=tuple({"edges joined": t} for t in totals),
            order=(int(winner), 1 - winner),
            decided_by=("edges joined",),
        )

    def evaluate(self, state: HexState, player: PlayerId) -> float:
        """How many fewer stones ``player`` needs than the opponent to join their edges.

        Large (``±size²``) once the game is decided. Greedy and MCTS agents
        use it; it is a shortest-path count, not the rules.
        """
        big = float(state.config.size ** 2)
        if state.winner is not None:
            return big if state.winner == player else -big
        mine = stones_to_connect(state, player)
        theirs = stones_to_connect(state, 1 - player)
        return float((big if theirs is None else theirs) - (big if mine is None else mine))

    def factions(self, state: HexState) -> list[str]:
        """The colour of each seat, so a study reports win rates of Black and White.

        Black moves first, which favours it; compare studies with and without
        the variant ``swap`` to see how much the swap rule evens that out.
        """
        return list(PLAYER_NAMES)

    def played(self, state: HexState) -> dict[str, list[int]]:
        """What was played, per seat: stones placed (``moves``) and swaps taken.

        The counts live in the state, so views, clones and saved games carry them.
        """
        return {name: counts.copy() for name, counts in state.played.items()}

    def turns(self, state: HexState) -> int:
        """Turns played: every action (a stone or the swap) is one turn (RULES.md §3)."""
        return state.step

    def observation_encoder(self, config: HexConfig) -> Any:
        """The :mod:`hexkit.rl` encoder: ``(3, n, n)`` planes and 5 features
        (:mod:`hexkit_hexgame.observation`; needs numpy)."""
        from hexkit_hexgame.observation import HexEncoder

        return HexEncoder(config)

    def svg_style(self, state: HexState) -> tuple[HexMap[PlayerId | None], HexStyle]:
        """The drawing hook of :func:`hexkit.render.render_state_svg`.

        See :mod:`hexkit_hexgame.render` for what the picture shows.
        """
        return svg_picture(state)

    # -- actions as numbers (for reinforcement learning) -------------------
    def action_space(self, config: HexConfig) -> ActionSpace:
        """Every cell in cell order (``row * size + column``), then the swap: a fixed
        :class:`~hexkit.game.Catalogue` of ``size * size + 1`` actions, OpenSpiel's numbering.

        The methods below are fast paths that agree with it (the conformance
        suite compares them with the catalogue).
        """
        return Catalogue((*board_for(config.size).places, SWAP))

    def num_distinct_actions(self, config: HexConfig) -> int:
        """Size of the fixed action space: ``size * size`` cells plus the swap (OpenSpiel's name)."""
        return numbering.num_distinct_actions(config.size)

    def action_space_size(self, config: HexConfig) -> int:
        """Size of the fixed action space: ``size * size`` cells plus the swap."""
        return numbering.num_distinct_actions(config.size)

    def action_to_index(self, state: HexState, action: Any) -> int:
        """The number of ``action``: ``row * size + column``, or ``size * size`` for the swap.

        Raises:
            ValueError: for a cell off the board or a value that is no action.
        """
        return numbering.action_to_index(action, state.config.size)

    def index_to_action(self, state: HexState, index: int) -> Any:
        """The action numbered ``index`` (legal or not).

        Raises:
            ValueError: if ``index`` is outside ``0..size*size``.
        """
        n = state.config.size
        if 0 <= index < n * n:
            return state.board.places[index]
        return numbering.index_to_action(index, n)

    def legal_mask(self, state: HexState) -> list[bool]:
        """One flag per action number: ``mask[i]`` is true when action ``i`` is legal.

        All false once the game is over.
        """
        if not state.pending:
            return [False] * (len(state.cells) + 1)
        mask = list(map(is_, state.cells, repeat(None)))
        mask.append(_may_swap(state))
        return mask

    def legal_mask_array(self, state: HexState) -> Any:
        """The fast path of :func:`hexkit.rl.legal_mask_array`: :meth:`legal_mask` as a new
        ``int8`` numpy array, kept by the cells' revision stamps
        (:func:`hexkit_hexgame.observation.legal_mask_array`; needs numpy)."""
        mask = _MASK_ARRAY[0]
        if mask is None:
            from hexkit_hexgame.observation import legal_mask_array as mask

            _MASK_ARRAY[0] = mask
        return mask(state)

    def legal_indices(self, state: HexState) -> list[int]:
        """The numbers of the legal actions, ascending (same order as :meth:`legal_actions`)."""
        if not state.pending:
            return []
        legal = state.free_cells.copy()
        if _may_swap(state):  # offered on White's first turn only (validate_state says so)
            legal.append(len(state.cells))
        return legal

    def apply_index(self, state: HexState, index: int) -> None:
        """Apply the action numbered ``index``: the fast path for learning agents.

        Checks legality from the number alone (an empty cell, or the swap on
        offer) instead of searching the list of legal actions; otherwise the
        same as :meth:`apply`.

        Args:
            state: the game.
            index: the action's number (any integer type, e.g. a NumPy integer).

        Raises:
            IllegalActionError: naming the broken rule; ``state`` is unchanged.
            TypeError: if ``index`` is not an integer.
        """
        index = operator.index(index)
        cells = state.cells
        n = len(cells)
        if state.pending and (
            (0 <= index < n and cells[index] is None)
            or (index == n and _may_swap(state))
        ):
            self.flow.resolve(state, state.board.places[index] if index < n else SWAP)
            state.step += 1
            state.invalidate_legal()
            return
        try:
            action: Any = self.index_to_action(state, index)
        except ValueError as exc:
            raise IllegalActionError(index, str(exc)) from None
        raise IllegalActionError(action, self.explain_illegal(state, action))


_MASK_ARRAY: list[Any] = [None]
""":func:`hexkit_hexgame.observation.legal_mask_array`, imported on first use (numpy is optional)."""


def _may_swap(state: HexState) -> bool:
    """Whether the pending decision offers the swap."""
    decision = state.pending[-1]
    return isinstance(decision, ChooseCell) and decision.may_swap
