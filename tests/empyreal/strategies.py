"""Hypothesis strategies for Empyreal: configs, and states reached by random play."""

from __future__ import annotations

from hypothesis import strategies as st

from hexkit.rng import Rng

from hexkit_empyreal import GAME, EmpyrealConfig, EmpyrealState

SOLO_VARIANTS = ("friendly", "awards", "expert", "epic", "open")


@st.composite
def configs(draw: st.DrawFn) -> EmpyrealConfig:
    """A valid config: 2-6 players, any mix of variants, or a Team Variant."""
    players = draw(st.integers(2, 6))
    if players in (4, 6) and draw(st.booleans()):
        size = 2 if players == 4 else draw(st.sampled_from((2, 3)))
        extra = draw(st.lists(st.sampled_from(("friendly", "epic", "open")), unique=True))
        return GAME.make_config(players, ["team", *extra], team_size=size, round_limit=8)
    variants = draw(st.lists(st.sampled_from(SOLO_VARIANTS), unique=True))
    return GAME.make_config(players, variants, round_limit=8)


@st.composite
def states(draw: st.DrawFn, max_steps: int = 400) -> EmpyrealState:
    """A state reached by seeded random play from a drawn config (maybe finished)."""
    config = draw(configs())
    seed = draw(st.integers(0, 2**32))
    steps = draw(st.integers(0, max_steps))
    state = GAME.new(config, seed)
    chooser = Rng(seed)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[chooser.randbelow(len(legal))])
    return state
