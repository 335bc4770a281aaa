"""The optional-module extension point: refused until registered, then called by the round."""

from __future__ import annotations

import pytest

from hexkit.errors import ConfigError
from hexkit.game import PlayerId
from hexkit.rng import Rng
from hexkit_soot import GAME
from hexkit_soot.config import MODULE_NAMES
from hexkit_soot.rules.modules import MODULES, register_module
from hexkit_soot.state import SootState


class _Probe:
    """A stand-in module that counts the calls of every hook."""

    name = "labor"

    def __init__(self) -> None:
        self.calls: dict[str, int] = {}

    def _hit(self, hook: str) -> None:
        self.calls[hook] = self.calls.get(hook, 0) + 1

    def on_setup(self, state: SootState) -> None:
        self._hit("setup")

    def after_actions(self, state: SootState) -> None:
        self._hit("after_actions")

    def on_round_end(self, state: SootState) -> None:
        self._hit("round_end")

    def score(self, state: SootState, player: PlayerId) -> dict[str, int]:
        self._hit("score")
        return {"labor": 1}


def test_unregistered_module_is_refused() -> None:
    GAME.make_config(players=2, modules={"shares"})  # registered now (module shares)
    missing = sorted(set(MODULE_NAMES) - set(MODULES))
    for name in missing:  # the names still unregistered, if any
        with pytest.raises(ConfigError, match="not implemented"):
            GAME.make_config(players=2, modules={name})
    with pytest.raises(ConfigError, match="unknown module"):
        GAME.make_config(players=2, modules={"dragons"})


def test_registered_module_hooks_are_called() -> None:
    probe = _Probe()
    real = MODULES.get("labor")  # the Labor module is registered now: the probe stands in for it, then it is put back
    register_module(probe)
    try:
        state = GAME.new(GAME.make_config(players=2, modules={"labor"}), 3)
        chooser = Rng(3)
        while not GAME.is_over(state):
            legal = GAME.legal_actions(state)
            GAME.apply(state, legal[chooser.randbelow(len(legal))])
        sheet = GAME.scores(state)
    finally:
        del MODULES["labor"]
        if real is not None:
            register_module(real)
    assert probe.calls["setup"] == 1
    assert probe.calls["after_actions"] == state.round
    assert probe.calls["round_end"] == state.round - 1
    assert all(parts["labor"] == 1 for parts in sheet.breakdown)
