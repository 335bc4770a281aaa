"""A turn of Beacons on the core turn engine, :mod:`hexkit.flow`.

Three kinds of thing sit on the pending stack:

* :class:`Menu`, a :class:`~hexkit.flow.Question` answered with named
  options (:class:`~hexkit.flow.OptionChoice`): light a beacon of a
  terrain in hand, draw, or rest. Its :class:`MenuHandler` lists them.
* an :class:`~hexkit.flow.AskHex` asked by the menu's "light": which hex.
  Its answers are fixed when it is asked, and its continuation
  :class:`LightAt` carries the terrain being played, so the menu's code
  does not run again when the hex comes back.
* :class:`EndTurn`, an automatic :class:`~hexkit.flow.Step`: the engine
  runs it as soon as it is on top; it ends the game or asks the next player.

:func:`build_flow` registers the three; ``BeaconsGame.build_flow`` calls it
(nothing registers on import).

Source: RULES.md §3 (a turn), §4 (end of a turn).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from hexkit.flow import Answer, AskHex, Flow, Handler, HexChoice, OptionChoice, Question, Resume, Step
from hexkit.hexes import Hex

from hexkit_beacons.data import BeaconsData, game_data
from hexkit_beacons.state import BeaconsState, board, board_index

__all__ = ["Menu", "LightAt", "EndTurn", "MenuHandler", "DRAW", "REST", "light", "targets",
           "cost", "can_draw", "menu", "light_at", "end_turn", "build_flow"]

DRAW = OptionChoice("draw", "draw a card")
REST = OptionChoice("rest", "rest and gain oil")


def light(terrain: str) -> OptionChoice:
    """The menu's answer "light a beacon on ``terrain``"."""
    return OptionChoice(f"light {terrain}", f"light a {terrain} beacon")


# -- what sits on the stack -----------------------------------------------------
@attrs.frozen(kw_only=True)
class Menu(Question):
    """The start of a turn: light, draw or rest (RULES.md §3)."""


@attrs.frozen(kw_only=True)
class LightAt(Resume):
    """After the hex is chosen: ``player`` spends a ``terrain`` card and lights it.

    Attributes:
        player: who lights the beacon.
        terrain: the terrain of the card being played.
    """

    player: int
    terrain: str


@attrs.frozen(kw_only=True)
class EndTurn(Step):
    """Automatic: count the turn, then end the game or ask the next player (RULES.md §4)."""


# -- the rules the handlers share -----------------------------------------------
def cost(state: BeaconsState, data: BeaconsData, player: int, h: Hex) -> int:
    """Oil to light ``h``: ``crowding_cost`` per neighbouring beacon of another player."""
    index = board_index(data.numbers.radius)
    rivals = 0
    for n in h.neighbors():
        i = index.get(n)
        if i is not None and state.lit[i] is not None and state.lit[i] != player:
            rivals += 1
    return rivals * data.numbers.crowding_cost


def targets(state: BeaconsState, data: BeaconsData, player: int, terrain: str) -> tuple[HexChoice, ...]:
    """The empty ``terrain`` hexes ``player`` can pay for, in board order."""
    oil = state.players[player].oil.available
    out = []
    for i, h in enumerate(board(data.numbers.radius)):
        if state.lit[i] is None and state.terrain[i] == terrain:
            price = cost(state, data, player, h)
            if price <= oil:
                out.append(HexChoice(h, f"{terrain} {h}" + (f" for {price} oil" if price else "")))
    return tuple(out)


def can_draw(state: BeaconsState, data: BeaconsData, player: int) -> bool:
    """A card to draw, and room in the hand (RULES.md §3)."""
    return state.deck.total > 0 and len(state.players[player].hand) < data.numbers.hand_limit


# -- the handler of the one question with a handler --------------------------------
class MenuHandler(Handler[BeaconsState, Menu, OptionChoice]):
    """Light (one option per terrain in hand that has a target), draw, rest."""

    def __init__(self, flow: Flow[BeaconsState]) -> None:
        self.flow = flow

    def answers(self, state: BeaconsState, question: Menu) -> Sequence[OptionChoice]:
        data = game_data(state.config)
        player = question.player
        options = [light(t) for t in sorted(set(state.players[player].hand))
                   if targets(state, data, player, t)]
        if can_draw(state, data, player):
            options.append(DRAW)
        options.append(REST)  # always legal: the menu is never empty
        return options

    def resolve(self, state: BeaconsState, question: Menu, answer: OptionChoice) -> None:
        data = game_data(state.config)
        player = question.player
        me = state.players[player]
        if answer == DRAW:
            card = state.deck.draw(state.rng)  # reshuffles the discards into an empty deck
            if card is not None:  # always: "draw" is offered only with a card to draw
                me.hand.append(card)
            state.note(player, "draws a card")
        elif answer == REST:
            gained = me.oil.gain(data.numbers.rest_oil)
            state.note(player, f"rests and gains {gained} oil")
        else:
            terrain = answer.option.removeprefix("light ")
            self.flow.ask(state, AskHex(
                player=player, prompt=f"P{player}: light which {terrain} hex?",
                options=targets(state, data, player, terrain), then=LightAt(player=player, terrain=terrain)))
            return  # the turn goes on: LightAt ends it
        self.flow.then(state, EndTurn(player=player))


# -- the continuation and the step ------------------------------------------------
def light_at(flow: Flow[BeaconsState], state: BeaconsState, then: LightAt, answer: Answer) -> None:
    """The code of :class:`LightAt`: discard the card, pay, light the hex, end the turn."""
    if not isinstance(answer, HexChoice):  # an AskHex is only ever answered by a hex
        raise TypeError(f"LightAt expects a HexChoice, not {answer!r}")
    data = game_data(state.config)
    me = state.players[then.player]
    price = cost(state, data, then.player, answer.hex)
    me.hand.remove(then.terrain)
    state.deck.discard(then.terrain)
    me.oil.spend(price)
    state.lit[board_index(data.numbers.radius)[answer.hex]] = then.player
    paid = f", paying {price} oil" if price else ""
    state.note(then.player, f"lights a {then.terrain} beacon at {answer.hex}{paid}")
    flow.then(state, EndTurn(player=then.player))


def end_turn(flow: Flow[BeaconsState], state: BeaconsState, step: EndTurn) -> None:
    """The code of :class:`EndTurn`: the game ends, or the next player is asked (RULES.md §4)."""
    data = game_data(state.config)
    state.turns += 1
    players = state.config.players
    if None not in state.lit or state.turns >= data.numbers.turns * players:
        why = "every hex has a beacon" if None not in state.lit else "every player has had their turns"
        state.note(None, f"the game ends: {why}")
        return  # nothing pending: the game is over
    flow.ask(state, menu(state, (step.player + 1) % players))


def menu(state: BeaconsState, player: int) -> Menu:
    """The question that starts ``player``'s turn."""
    return Menu(player=player, prompt=f"P{player}: light a beacon, draw or rest?")


def build_flow() -> Flow[BeaconsState]:
    """The engine of Beacons: one question with a handler, one continuation, one step."""
    flow: Flow[BeaconsState] = Flow("beacons")
    flow.question(Menu, MenuHandler(flow))
    flow.resume(LightAt, lambda state, then, answer: light_at(flow, state, then, answer))
    flow.step(EndTurn, lambda state, step: end_turn(flow, state, step))
    return flow
