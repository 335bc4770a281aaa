"""A small game on hexkit.flow that uses every part of the engine, and its tests.

"Claims": five hexes in a row, each player starts with 2 coins (at most
:data:`COIN_CAP`). A turn starts with the menu (a handler question):

* ``claim``: choose a free hex (:class:`~hexkit.flow.AskHex`), then how
  much to pay for it (:class:`~hexkit.flow.AskNumber`, optional: skip keeps
  the coins and the hex stays free). Each sub-question carries its
  continuation (:class:`ClaimAt`, :class:`PayFor`): the menu's handler runs
  once per turn, never again for the answers that follow;
* ``bank``: yes/no (:class:`~hexkit.flow.AskYesNo`): yes takes 2 coins and
  gives each other player 1, no takes 1;
* done: pass.

Every branch ends with the automatic step :class:`EndTurn`, which asks the
next player or ends the game (all hexes owned, or :data:`TURNS` turns).
Score: hexes owned, then coins paid.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import pytest

from hexkit.flow import (
    DONE,
    SKIP,
    Answer,
    AskHex,
    AskNumber,
    AskYesNo,
    Done,
    Flow,
    FlowGame,
    Handler,
    HexChoice,
    NumberChoice,
    OptionChoice,
    Question,
    Resume,
    Skip,
    Step,
    YesNo,
)
from hexkit.game import ActionSpace, Catalogue, GameConfig, GameInfo, ScoreSheet, State
from hexkit.hexes import Hex
from hexkit.rng import Rng
from hexkit.testing import check_game

ROW = tuple(Hex(q, 0) for q in range(5))
COIN_CAP = 9
TURNS = 24
CLAIM = OptionChoice("claim", "claim a hex")
BANK = OptionChoice("bank", "go to the bank")


@attrs.frozen(kw_only=True)
class Menu(Question):
    """The start of a turn: claim, bank or pass."""


@attrs.frozen(kw_only=True)
class EndTurn(Step):
    """Automatic: count the turn, ask the next player or end the game."""


@attrs.frozen(kw_only=True)
class ClaimAt(Resume):
    """After the hex is chosen: ask the price."""


@attrs.frozen(kw_only=True)
class PayFor(Resume):
    """After the price is chosen: pay it and take ``hex``."""

    hex: Hex


@attrs.frozen(kw_only=True)
class Bank(Resume):
    """After yes/no at the bank."""


@attrs.define(kw_only=True, slots=True, eq=True)
class Claims(State):
    coins: list[int] = attrs.field(factory=list)
    owner: list[int] = attrs.field(factory=lambda: [-1] * len(ROW))
    paid: list[int] = attrs.field(factory=list)
    turns: int = 0


def free_hexes(state: Claims) -> tuple[Hex, ...]:
    return tuple(h for h, o in zip(ROW, state.owner) if o < 0)


class MenuHandler(Handler[Claims, Menu, Answer]):
    """The menu's answers; ``resolve`` counts its runs in ``RUNS`` (the test of "no re-run")."""

    runs = 0

    def __init__(self, flow: Flow[Claims]) -> None:
        self.flow = flow

    def answers(self, state: Claims, question: Menu) -> Sequence[Answer]:
        claim = (CLAIM,) if free_hexes(state) and state.coins[question.player] > 0 else ()
        return (*claim, BANK, DONE)

    def resolve(self, state: Claims, question: Menu, answer: Answer) -> None:
        MenuHandler.runs += 1
        player = question.player
        self.flow.then(state, EndTurn(player=player))
        if answer == CLAIM:
            self.flow.ask(state, AskHex(player=player, prompt="which hex?", then=ClaimAt(),
                                        options=tuple(HexChoice(h) for h in free_hexes(state))))
        elif answer == BANK:
            self.flow.ask(state, AskYesNo(player=player, prompt="take 2 and give 1 each?", then=Bank()))
        else:
            state.note(player, "passes")


def claim_at(flow: Flow[Claims]) -> Any:
    def run(state: Claims, then: ClaimAt, answer: Answer) -> None:
        assert isinstance(answer, HexChoice)
        player = state.pending[-1].player  # EndTurn of this player
        flow.ask(state, AskNumber(player=player, prompt=f"pay how much for {answer.hex}?",
                                  low=1, high=state.coins[player], optional=True,
                                  then=PayFor(hex=answer.hex)))
    return run


def pay_for(state: Claims, then: PayFor, answer: Answer) -> None:
    player = state.pending[-1].player
    if isinstance(answer, Skip):
        state.note(player, f"leaves {then.hex}")
        return
    assert isinstance(answer, NumberChoice)
    state.coins[player] -= answer.value
    state.paid[player] += answer.value
    state.owner[ROW.index(then.hex)] = player
    state.note(player, f"pays {answer.value} for {then.hex}")


def bank(state: Claims, then: Bank, answer: Answer) -> None:
    player = state.pending[-1].player
    assert isinstance(answer, YesNo)
    for seat in range(state.config.players):
        gain = (2 if seat == player else 1) if answer.yes else (1 if seat == player else 0)
        state.coins[seat] = min(COIN_CAP, state.coins[seat] + gain)
    state.note(player, "banks")


def end_turn(flow: Flow[Claims]) -> Any:
    def run(state: Claims, step: EndTurn) -> None:
        state.turns += 1
        if state.turns >= TURNS or not free_hexes(state):
            state.note(None, "game over")
            return
        flow.ask(state, Menu(player=(step.player + 1) % state.config.players, prompt="your turn"))
    return run


class ClaimsGame(FlowGame[Claims, GameConfig]):
    """The game, numbered by a :class:`~hexkit.game.Catalogue` of every answer."""

    info = GameInfo(name="claims", title="Claims", version="1", min_players=2, max_players=3,
                    max_decisions=4 * TURNS)
    config_type = GameConfig
    state_type = Claims
    action_types = (OptionChoice, Done, HexChoice, NumberChoice, Skip, YesNo)
    decision_types = (Menu, EndTurn, AskHex, AskNumber, AskYesNo)

    def build_flow(self) -> Flow[Claims]:
        flow: Flow[Claims] = Flow("claims")
        flow.question(Menu, MenuHandler(flow))
        flow.step(EndTurn, end_turn(flow))
        flow.resume(ClaimAt, claim_at(flow))
        flow.resume(PayFor, pay_for)
        flow.resume(Bank, bank)
        return flow

    def setup(self, config: GameConfig, rng: Rng) -> Claims:
        n = config.players
        state = Claims(config=config, rng=rng, coins=[2] * n, paid=[0] * n)
        self.flow.ask(state, Menu(player=0, prompt="your turn"))
        return state

    def action_space(self, config: GameConfig) -> ActionSpace:
        return Catalogue((CLAIM, BANK, DONE, *map(HexChoice, ROW),
                          *(NumberChoice(v) for v in range(1, COIN_CAP + 1)),
                          YesNo(True), YesNo(False), SKIP))

    def clone(self, state: Claims) -> Claims:
        return Claims(**state.base_fields_copy(), coins=state.coins.copy(),
                      owner=state.owner.copy(), paid=state.paid.copy(), turns=state.turns)

    def scores(self, state: Claims) -> ScoreSheet:
        n = state.config.players
        owned = [state.owner.count(p) for p in range(n)]
        order = tuple(sorted(range(n), key=lambda p: (-owned[p], -state.paid[p], p)))
        decided = tuple("hexes" if owned[a] != owned[b] else "paid" if state.paid[a] != state.paid[b]
                        else "tied" for a, b in zip(order, order[1:]))
        return ScoreSheet(totals=tuple(owned),
                          breakdown=tuple({"hexes": owned[p], "paid": state.paid[p]} for p in range(n)),
                          order=order, decided_by=decided)


class PositionalClaims(ClaimsGame):
    """The same game numbered by the core's default :class:`~hexkit.game.LegalOrder`."""

    def action_space(self, config: GameConfig) -> ActionSpace:
        return super(ClaimsGame, self).action_space(config)


GAME = ClaimsGame()
POSITIONAL = PositionalClaims()


@pytest.mark.parametrize("game", [GAME, POSITIONAL], ids=["catalogue", "legal-order"])
def test_the_conformance_suite_passes_with_either_numbering(game: ClaimsGame) -> None:
    report = check_game(game, [game.make_config(2), game.make_config(3)], range(30), json_every=1,
                        view_every=3)
    assert report.games == 60
    assert report.numbered >= report.steps  # json_every=1: every position, plus none skipped
    assert report.rejected > 0


def test_the_catalogue_numbers_every_answer_once() -> None:
    config = GAME.make_config(2)
    assert GAME.action_space_size(config) == 3 + 5 + COIN_CAP + 2 + 1 == 20
    assert POSITIONAL.action_space_size(config) == 2048
