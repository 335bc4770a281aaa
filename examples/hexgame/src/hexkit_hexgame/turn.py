"""A turn of Hex on the core turn engine: the one question and its handler.

Hex asks one question, :class:`~hexkit_hexgame.state.ChooseCell`, answered
by a :class:`~hexkit_hexgame.actions.Place` (a :class:`~hexkit.flow.HexAnswer`:
a board highlights its cell) or, once, a :class:`~hexkit_hexgame.actions.Swap`
(a :class:`~hexkit.flow.OptionAnswer`). :class:`ChooseCellHandler` lists the
legal answers, tests one in constant time (it looks at one cell), and
resolves it by asking the next player. :func:`build_flow` makes the game's
:class:`~hexkit.flow.Flow`; :meth:`HexGame.build_flow
<hexkit_hexgame.rules.HexGame.build_flow>` calls it, so nothing registers on import.

Source: RULES.md §3 (placing a stone), §4 (the swap), §5 (winning).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit.flow import Flow, Handler

from hexkit_hexgame.actions import SWAP, HexAction, Place, Swap, cell_name
from hexkit_hexgame.board import BLACK, COLOURS, PLAYER_NAMES, WHITE
from hexkit_hexgame.state import ChooseCell, HexState

__all__ = ["ChooseCellHandler", "build_flow", "TURN", "SWAP_OFFER", "EDGE_NAMES"]

EDGE_NAMES = ("top and bottom", "left and right")
"""The edges each seat joins, by seat (RULES.md §2)."""

TURN = (
    ChooseCell(player=0, prompt="Black: choose an empty cell"),
    ChooseCell(player=1, prompt="White: choose an empty cell"),
)
"""The question of each seat's ordinary turn (shared values: questions are immutable)."""

SWAP_OFFER = ChooseCell(player=1, prompt="White: choose an empty cell, or swap", may_swap=True)
"""White's first question under the swap rule."""


def may_swap(state: HexState, question: ChooseCell) -> bool:
    """Whether the swap answers ``question`` now: offered, and White's first action (RULES.md §4)."""
    return question.may_swap and state.step == 1


class ChooseCellHandler(Handler[HexState, ChooseCell, HexAction]):
    """Where does the mover put a stone? Any empty cell, or the swap when offered."""

    fast_contains = True

    def answers(self, state: HexState, question: ChooseCell) -> Sequence[HexAction]:
        """A :class:`Place` on every empty cell in cell order, then the swap if on offer."""
        free = state._free
        if free is None:
            free = state.free
        if question.may_swap and state.step == 1:  # may_swap(), inlined: once per move
            return (*free, SWAP)
        return tuple(free)

    def contains(self, state: HexState, question: ChooseCell, answer: object) -> bool:
        """One cell looked at (or the swap offer), instead of every legal answer."""
        if type(answer) is Place:
            board = state._board
            try:
                index = (state.board if board is None else board).cells.get(answer.hex)
            except TypeError:  # an unhashable "hex"
                return False
            return index is not None and state.cells[index] is None
        return type(answer) is Swap and may_swap(state, question)

    def resolve(self, state: HexState, question: ChooseCell, answer: HexAction) -> None:
        """Place a stone (and maybe end the game), or swap (RULES.md §3-§5)."""
        if isinstance(answer, Swap):
            swap(state)
            state.played["swaps"][1] += 1
            return
        player = question.player
        state.played["moves"][player] += 1
        board = state._board or state.board  # the properties' caches, read directly: every move
        cell = board.cells[answer.hex]
        colour = COLOURS[player]
        # The groups first: after loading they are rebuilt from the cells, which
        # must not hold the new stone yet (add() merges a stone exactly once).
        links = state._links or state.links
        state.fill(cell, colour)
        if links.add(board, state.cells, cell, colour):
            state.winner = colour
            state.pending.clear()
            state.note(player, f"{PLAYER_NAMES[player]} places {board.names[cell]}"
                       f" and joins {EDGE_NAMES[player]}")
            return
        if state.step == 0 and "swap" in state.config.variants:
            state.pending.append(SWAP_OFFER)
        else:
            state.pending.append(TURN[1 - player])
        state.note(player, f"{PLAYER_NAMES[player]} places {board.names[cell]}")


def swap(state: HexState) -> None:
    """Black's only stone gives way to a White stone on its mirror cell (RULES.md §4)."""
    board = state.board
    first = next(i for i, owner in enumerate(state.cells) if owner is not None)
    was = board.hexes[first]
    mirror = was.reflect_s()  # Hex(q, r) -> Hex(r, q): column and row exchange
    state.cells[first] = None
    state.cells[board.cells[mirror]] = WHITE
    state.forget()
    state.pending.append(TURN[BLACK])
    state.note(1, f"White swaps: Black's {cell_name(was)} becomes White's {cell_name(mirror)}")


def build_flow() -> Flow[HexState]:
    """The engine of Hex: one question type and its handler."""
    flow: Flow[HexState] = Flow("hex")
    flow.question(ChooseCell, ChooseCellHandler())
    return flow
