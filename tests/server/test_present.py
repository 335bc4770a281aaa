"""hexkit.present over every game: kinds, hexes with what is on them, cards with costs."""

from __future__ import annotations

import random

import pytest

from hexkit.present import KINDS, present, public_view
from hexkit.registry import load_game


@pytest.mark.parametrize("name", ["hex", "empyreal", "soot"])
def test_every_answer_is_presented_in_legal_order(name: str) -> None:
    game = load_game(name)
    state = game.new(game.make_config(2), 3)
    rng = random.Random(1)
    kinds: set[str] = set()
    labels: list[str] = []
    for _ in range(250):
        if game.is_over(state):
            break
        seat = game.current_player(state)
        view = game.view(state, seat)
        question = present(game, view)
        assert question is not None and question.player == seat and question.step == state.step
        legal = list(game.legal_actions(state))
        assert [a.index for a in question.answers] == list(range(len(legal)))
        assert list(game.legal_actions(view)) == legal  # the mover's view offers the same answers
        for answer in question.answers:
            assert answer.kind in KINDS and answer.label
            assert (answer.hex is not None) == (answer.kind == "hex") or answer.kind == "done"
            kinds.add(answer.kind)
            labels.append(answer.label)
        game.apply(state, rng.choice(legal))
    assert "hex" in kinds
    if name == "empyreal":
        assert {"component", "done", "option"} <= kinds
        assert any("Lava" in l or "Forest" in l or "Desert" in l for l in labels)  # terrain of a hex
        assert any(l.startswith("take ") and l.endswith(" mana") and "cost" in l for l in labels)
    if name == "soot":
        assert {"component", "number", "done"} <= kinds
        assert any("currency" in l and l.startswith("take ") for l in labels) or \
            any("VP)" in l for l in labels)


def test_public_view_hides_every_seat() -> None:
    game = load_game("soot")
    state = game.new(game.make_config(2), 4)
    rng = random.Random(0)
    for _ in range(12):
        game.apply(state, rng.choice(list(game.legal_actions(state))))
    seen = public_view(game, state)
    assert any(p.secrets or p.dealt for p in state.players)
    assert all(all(i == -1 for i in p.secrets + p.dealt) for p in seen.players)
    assert all(all(c == "?" for c in p.hand) for p in seen.players)
    assert seen.viewer == -1
