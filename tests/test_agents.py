"""Agents: greedy lookahead, MCTS search, specs, and that hidden parts never matter."""

from __future__ import annotations

import time
from typing import Any

import attrs
import pytest

from hexkit.agents import (
    AgentSpecError,
    GreedyAgent,
    MCTSAgent,
    RandomAgent,
    make_agent,
    parse_agent_spec,
)
from hexkit.game import Decision, Game, GameConfig, GameInfo, ScoreSheet, State
from hexkit.hexes import Hex
from hexkit.registry import load_game
from hexkit.rng import Rng
from hexkit.serialize import codec
from hexkit_hexgame import HexGame
from tests.toygame import GAME as DRAFT

HEX = load_game("hex")


def hex_position(moves: list[str], size: int = 3) -> State:
    from hexkit_hexgame import parse_action

    state = HEX.new(HEX.make_config(2, size=size))
    for move in moves:
        HEX.apply(state, parse_action(move))
    return state


def choose(game: Game[Any, Any], agent: Any, given: State) -> Any:
    player = game.current_player(given)
    assert player is not None
    return agent.act(game, given, game.legal_actions(game.view(given, player)))


def play(game: Game[Any, Any], state: State, agents: list[Any]) -> State:
    while not game.is_over(state):
        player = game.current_player(state)
        view = game.view(state, player)
        game.apply(state, agents[player].act(game, view, game.legal_actions(view)))
    return state


# -- greedy -----------------------------------------------------------------
def test_greedy_takes_the_winning_cell() -> None:
    # Black b1 b2 against White a2 b3: only a3 joins Black's top and bottom.
    state = hex_position(["b1", "a2", "b2", "b3"])
    for seed in range(5):
        assert str(choose(HEX, GreedyAgent(seed=seed), state)) == "place a3"


def test_greedy_breaks_ties_from_its_seed_reproducibly() -> None:
    state = HEX.new(HEX.make_config(2, size=5))
    picks = {str(choose(HEX, GreedyAgent(seed=s), state)) for s in range(12)}
    again = {str(choose(HEX, GreedyAgent(seed=s), state)) for s in range(12)}
    assert picks == again
    # The centre lines of an empty board evaluate alike: several are chosen.
    assert len(picks) > 1


def test_greedy_beats_random_at_hex() -> None:
    wins = 0
    for seed in range(10):
        greedy_seat = seed % 2
        agents: list[Any] = [RandomAgent(seed), RandomAgent(seed)]
        agents[greedy_seat] = GreedyAgent(seed)
        final = play(HEX, HEX.new(HEX.make_config(2, size=5), seed), agents)
        wins += HEX.winner(final) == greedy_seat
    assert wins >= 9


# -- MCTS -------------------------------------------------------------------
def test_mcts_takes_the_win_and_blocks_the_threat() -> None:
    win = hex_position(["b1", "a2", "b2", "b3"])
    assert str(choose(HEX, MCTSAgent(iterations=200, seed=1), win)) == "place a3"
    # Black b1 b2 threatens a3 (b3 is White's): White must take a3.
    threat = hex_position(["b1", "b3", "b2"])
    for seed in range(3):
        assert str(choose(HEX, MCTSAgent(iterations=300, seed=seed), threat)) == "place a3"


def test_mcts_iteration_budget_is_exact_and_reproducible() -> None:
    state = HEX.new(HEX.make_config(2, size=5))
    first = MCTSAgent(iterations=120, seed=7)
    action = choose(HEX, first, state)
    assert first.last_iterations == 120
    assert choose(HEX, MCTSAgent(iterations=120, seed=7), state) == action


def test_mcts_time_budget_is_kept() -> None:
    state = HEX.new(HEX.make_config(2, size=7))
    agent = MCTSAgent(iterations=None, seconds=0.05, prior_depth=0, seed=1)
    started = time.perf_counter()
    choose(HEX, agent, state)
    assert time.perf_counter() - started < 1.0  # 0.05 s plus one iteration, on a busy machine
    assert agent.last_iterations >= 1
    both = MCTSAgent(iterations=10, seconds=30.0, seed=1)
    choose(HEX, both, state)
    assert both.last_iterations == 10


def test_mcts_beats_random_at_hex() -> None:
    wins = 0
    for seed in range(12):
        seat = seed % 2
        agents: list[Any] = [RandomAgent(seed), RandomAgent(seed)]
        agents[seat] = MCTSAgent(iterations=60, rollout_depth=2, seed=seed)
        final = play(HEX, HEX.new(HEX.make_config(2, size=5), seed), agents)
        wins += HEX.winner(final) == seat
    assert wins >= 11


@pytest.mark.parametrize("rollout", ["random", "greedy"])
def test_mcts_plays_three_player_games_with_hidden_hands(rollout: str) -> None:
    config = DRAFT.make_config(3)
    agents = [MCTSAgent(iterations=30, rollout=rollout, seed=s) for s in range(3)]  # type: ignore[arg-type]
    final = play(DRAFT, DRAFT.new(config, 4), agents)
    assert DRAFT.is_over(final)
    assert len(DRAFT.scores(final).totals) == 3


def test_mcts_rejects_a_missing_budget_and_bad_parameters() -> None:
    with pytest.raises(ValueError, match="budget"):
        MCTSAgent(iterations=None, seconds=None)
    with pytest.raises(ValueError, match="rollout"):
        MCTSAgent(rollout="smart")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="iterations"):
        MCTSAgent(iterations=0)
    with pytest.raises(ValueError, match="backup must be 'turn', 'max' or 'mean'"):
        MCTSAgent(backup="best")  # type: ignore[arg-type]


@attrs.frozen
class Plan:
    bold: bool

    def __str__(self) -> str:
        return "bold" if self.bold else "safe"


@attrs.frozen
class Pick:
    index: int

    def __str__(self) -> str:
        return f"pick {self.index}"


@attrs.define(kw_only=True, slots=True, eq=True)
class GambleState(State):
    bold: bool | None = None
    pick: int | None = None


class GambleGame(Game[GambleState, GameConfig]):
    """Seat 0 plans safe or bold; then ``picker`` takes one of eight picks and
    the game ends. Seat 0's share: 0.4 after safe; after bold 0.9 for pick
    5, else 0.2 (seat 1 gets the rest)."""

    info = GameInfo(name="gamble", title="Gamble", version="1", min_players=2, max_players=2,
                    max_decisions=10)
    config_type = GameConfig
    state_type = GambleState
    action_types = (Plan, Pick)

    def __init__(self, picker: int) -> None:
        self.picker = picker

    def setup(self, config: GameConfig, rng: Rng) -> GambleState:
        return GambleState(config=config, rng=rng, pending=[Decision(player=0, prompt="plan")])

    def generate_actions(self, state: GambleState) -> list[Any]:
        if not state.pending:
            return []
        if state.bold is None:
            return [Plan(False), Plan(True)]
        return [Pick(i) for i in range(8)]

    def perform(self, state: GambleState, action: Any) -> None:
        if isinstance(action, Plan):
            state.bold = action.bold
            state.pending[-1] = Decision(player=self.picker, prompt="pick")
        else:
            state.pick = action.index
            state.pending.clear()

    def clone(self, state: GambleState) -> GambleState:
        return GambleState(**state.base_fields_copy(), bold=state.bold, pick=state.pick)

    def share(self, state: GambleState) -> float:
        if state.pick is None:
            return 0.5
        if not state.bold:
            return 0.4
        return 0.9 if state.pick == 5 else 0.2

    def returns(self, state: GambleState) -> list[float]:
        return [self.share(state), 1.0 - self.share(state)]

    def scores(self, state: GambleState) -> ScoreSheet:
        mine = round(10 * self.share(state))
        return ScoreSheet((mine, 10 - mine), ({}, {}), (0, 1) if mine >= 5 else (1, 0), ("share",))


def root_values(picker: int, backup: str) -> dict[str, float]:
    game = GambleGame(picker)
    agent = MCTSAgent(iterations=200, prior_depth=0, backup=backup, seed=4)  # type: ignore[arg-type]
    choose(game, agent, game.new(game.make_config(2)))
    return {str(action): value for action, value in agent.last_values.items()}


def test_mcts_values_a_run_of_own_decisions_by_its_best_line() -> None:
    # Seat 0 picks too: bold is worth its best pick (0.9), not the mean of all eight.
    turn = root_values(picker=0, backup="turn")
    assert turn["bold"] == pytest.approx(0.9) and turn["safe"] == pytest.approx(0.4)
    mean = root_values(picker=0, backup="mean")
    assert 0.2 < mean["bold"] < 0.85
    assert root_values(picker=0, backup="max") == turn


def test_mcts_keeps_the_mean_over_a_rivals_reply_unless_told() -> None:
    # Seat 1 picks: "turn" keeps the mean there, exactly as plain UCT does.
    mean = root_values(picker=1, backup="mean")
    assert root_values(picker=1, backup="turn") == mean
    assert 0.2 < mean["bold"] < 0.4
    # "max" assumes the rival's best reply (any pick but 5): bold is worth 0.2.
    assert root_values(picker=1, backup="max")["bold"] == pytest.approx(0.2)


def test_mcts_turn_backup_is_plain_uct_when_players_alternate() -> None:
    for moves in ([], ["c3"], ["c3", "d4", "b2"]):
        state = hex_position(moves, size=5)
        agents = [MCTSAgent(iterations=80, backup=b, seed=2) for b in ("turn", "mean")]  # type: ignore[arg-type]
        picks = [choose(HEX, agent, state) for agent in agents]
        assert picks[0] == picks[1]
        assert agents[0].last_values == agents[1].last_values


class OffsetHex(HexGame):
    """Hex whose evaluation is shifted by a constant."""

    def evaluate(self, state: State, player: int) -> float:
        return float(super().evaluate(state, player)) + 1000.0


def test_mcts_relative_scoring_ignores_an_offset_of_the_evaluation() -> None:
    shifted = OffsetHex()
    changed = 0
    for seed, moves in enumerate(([], ["c3"], ["c3", "d4"], ["b2", "c3", "d2"])):
        state = hex_position(moves, size=5)
        for relative in (True, False):
            plain = MCTSAgent(iterations=60, relative=relative, seed=seed)
            offset = MCTSAgent(iterations=60, relative=relative, seed=seed)
            same = (choose(HEX, plain, state) == choose(shifted, offset, state)
                    and plain.last_values == offset.last_values)
            if relative:
                assert same
            else:
                changed += not same
    # Without it, the logistic flattens everything near 1000: the search changes.
    assert changed > 0


# -- hidden information -----------------------------------------------------
def decision_points(seed: int, steps: int) -> State:
    state = DRAFT.new(DRAFT.make_config(2), seed)
    chooser = Rng(seed)
    for _ in range(steps):
        legal = DRAFT.legal_actions(state)
        DRAFT.apply(state, legal[chooser.randbelow(len(legal))])
    return state


@pytest.mark.parametrize(
    "make",
    [
        lambda: GreedyAgent(seed=3),
        lambda: MCTSAgent(iterations=60, seed=3),
        lambda: MCTSAgent(iterations=40, rollout="greedy", rollout_depth=2, seed=3),
        lambda: MCTSAgent(iterations=40, determinize_every=8, prior_depth=0, seed=3),
        lambda: MCTSAgent(iterations=40, prior_depth=2, rollout_depth=0, seed=3),
        lambda: RandomAgent(seed=3),
    ],
    ids=["greedy", "mcts-random", "mcts-greedy", "mcts-batched", "mcts-priors", "random"],
)
@pytest.mark.parametrize("steps", [0, 1, 4, 7])
def test_choice_ignores_hidden_parts(make: Any, steps: int) -> None:
    state = decision_points(seed=11 + steps, steps=steps)
    me = DRAFT.current_player(state)
    view = DRAFT.view(state, me)
    resampled = [DRAFT.determinize(view, me, Rng(k)) for k in range(4)]
    # The resamples really hold other hidden cards (and another future).
    others = [s for s in resampled if s.hands[1 - me] != state.hands[1 - me] or s.deck != state.deck]
    assert others
    expected = make().act(DRAFT, view, DRAFT.legal_actions(view))
    for given in [state, *resampled, *(DRAFT.view(s, me) for s in resampled)]:
        assert make().act(DRAFT, given, DRAFT.legal_actions(view)) == expected


def test_agents_leave_the_state_they_are_given_unchanged() -> None:
    state = decision_points(seed=2, steps=3)
    before = codec(DRAFT).state_to_json(state)
    for agent in (GreedyAgent(1), MCTSAgent(iterations=30, seed=1)):
        choose(DRAFT, agent, state)
    assert codec(DRAFT).state_to_json(state) == before


# -- specs ------------------------------------------------------------------
def test_agent_specs_build_configured_agents() -> None:
    assert parse_agent_spec("mcts:iterations=400:rollout=greedy:c=1.2:seconds=none") == (
        "mcts", {"iterations": 400, "rollout": "greedy", "c": 1.2, "seconds": None})
    agent = make_agent("mcts:iterations=50:rollout_depth=3", seed=9)
    assert isinstance(agent, MCTSAgent)
    assert (agent.iterations, agent.rollout_depth) == (50, 3)
    assert (agent.backup, agent.relative) == ("turn", True)
    plain = make_agent("mcts:backup=mean:relative=false", seed=9)
    assert isinstance(plain, MCTSAgent) and (plain.backup, plain.relative) == ("mean", False)
    assert isinstance(make_agent("greedy:samples=2"), GreedyAgent)
    assert isinstance(make_agent("random"), RandomAgent)
    custom = make_agent("hexkit.agents.greedy.GreedyAgent:samples=3", seed=2)
    assert isinstance(custom, GreedyAgent) and custom.samples == 3


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("minimax", "unknown agent 'minimax'"),
        ("mcts:depth=3", "unknown parameter 'depth'"),
        ("mcts:iterations", "not key=value"),
        ("mcts:iterations=-1", "iterations must be at least 1"),
        ("greedy:seed=4", "unknown parameter 'seed'"),
        ("my_agents.Nothing", "cannot load agent 'my_agents.Nothing'"),
        ("hexkit.agents.spec.AGENTS", "not a class"),
    ],
)
def test_bad_agent_specs_are_refused(spec: str, message: str) -> None:
    with pytest.raises(AgentSpecError, match=message):
        make_agent(spec)


# -- repetition -------------------------------------------------------------
@attrs.frozen
class Flip:
    def __str__(self) -> str:
        return "flip"


@attrs.frozen
class Stop:
    def __str__(self) -> str:
        return "stop"


@attrs.define(kw_only=True, slots=True, eq=True)
class SwitchState(State):
    on: bool = False


class SwitchGame(Game[SwitchState, GameConfig]):
    """Seat 0 flips a switch or stops; stopping hands seat 1 the win, so an
    agent that only looks at the outcome would flip forever."""

    info = GameInfo(name="switch", title="Switch", version="1", min_players=2, max_players=2,
                    max_decisions=10_000)
    config_type = GameConfig
    state_type = SwitchState
    action_types = (Flip, Stop)

    def setup(self, config: GameConfig, rng: Rng) -> SwitchState:
        return SwitchState(config=config, rng=rng, pending=[Decision(player=0, prompt="flip?")])

    def generate_actions(self, state: SwitchState) -> list[Any]:
        return [Flip(), Stop()] if state.pending else []

    def perform(self, state: SwitchState, action: Any) -> None:
        if isinstance(action, Stop):
            state.pending.clear()
        else:
            state.on = not state.on

    def clone(self, state: SwitchState) -> SwitchState:
        return SwitchState(**state.base_fields_copy(), on=state.on)

    def scores(self, state: SwitchState) -> ScoreSheet:
        won = (0, 1) if not state.pending else (0, 0)
        return ScoreSheet(won, ({}, {}), (1, 0) if won[1] else (0, 1), ("stopped",))


SWITCH = SwitchGame()


@pytest.mark.parametrize(
    "make",
    [lambda r: GreedyAgent(seed=1, avoid_repeats=r),
     lambda r: MCTSAgent(iterations=20, seed=1, avoid_repeats=r)],
    ids=["greedy", "mcts"],
)
def test_agents_leave_a_cycle_instead_of_repeating_a_position(make: Any) -> None:
    stuck = SWITCH.new(SWITCH.make_config(2))
    agent = make(False)
    for _ in range(40):
        SWITCH.apply(stuck, agent.act(SWITCH, stuck, SWITCH.legal_actions(stuck)))
    assert not SWITCH.is_over(stuck)  # without the guard: flip, flip, flip...
    final = play(SWITCH, SWITCH.new(SWITCH.make_config(2)), [make(True), make(True)])
    # Flip (off -> on), flip (on -> off), then off again: flipping was done from here.
    assert final.step == 3 and SWITCH.is_over(final)


def test_an_action_illegal_in_the_guess_scores_minus_infinity_and_is_not_chosen() -> None:
    """A determinisation can miss a public commitment, making an action legal
    in the view illegal in the guess; the greedy agent scores it -inf instead
    of crashing, and picks a playable action."""
    import math

    from hexkit.agents.greedy import score_action
    from tests.toygame import PlayAt

    state = DRAFT.new(DRAFT.make_config(2), 3)
    legal = list(DRAFT.legal_actions(state))
    player = DRAFT.current_player(state)
    bogus = PlayAt(hex=Hex(40, 40))  # answers the wrong question, off the board
    assert score_action(DRAFT, state, bogus, player) == -math.inf
    assert GreedyAgent(seed=1).act(DRAFT, DRAFT.view(state, player), [bogus, *legal]) in legal


# -- the spec "strong" -------------------------------------------------------


def test_strong_uses_the_games_own_strong_agent() -> None:
    from hexkit.agents.strong import StrongAgent
    from tests.toygame import HOOKED, FirstCardAgent

    agent = make_agent("strong", 5)
    assert isinstance(agent, StrongAgent) and agent.inner is None
    state = HOOKED.new(HOOKED.make_config(2), 3)
    legal = HOOKED.legal_actions(state)
    assert agent.act(HOOKED, HOOKED.view(state, 0), legal) == legal[0]
    inner = agent.inner
    assert isinstance(inner, FirstCardAgent) and inner.seed == 5 and inner.calls == 1
    agent.act(HOOKED, HOOKED.view(state, 0), legal)
    assert agent.inner is inner and inner.calls == 2  # built once, then reused


def test_strong_falls_back_to_mcts_at_its_defaults() -> None:
    from hexkit.agents.strong import StrongAgent

    agent = make_agent("strong", 2)
    assert isinstance(agent, StrongAgent)
    state = DRAFT.new(DRAFT.make_config(2), 1)
    action = agent.act(DRAFT, DRAFT.view(state, 0), DRAFT.legal_actions(state))
    assert action in DRAFT.legal_actions(state)
    assert isinstance(agent.inner, MCTSAgent)
    assert agent.inner.iterations == MCTSAgent(seed=0).iterations


def test_strong_refuses_a_hook_that_gives_no_agent() -> None:
    from hexkit.agents.strong import strong_agent_for

    class Broken(type(DRAFT)):  # type: ignore[misc]
        def strong_agent(self, seed: int) -> object:
            return object()

    with pytest.raises(TypeError, match="not an agent"):
        strong_agent_for(Broken(), 0)


def test_strong_plays_a_study_of_a_game_with_the_hook() -> None:
    from hexkit.sim import Study, play_game

    study = Study(game="tests.toygame:HOOKED", players=2, agents=("strong",), games=1, seed=4)
    row = play_game(study, 0)
    assert row["error"] is None and row["seats"] == ["strong", "strong"]
