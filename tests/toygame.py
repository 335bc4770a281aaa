"""A tiny game with hidden hands and chance, used to test the core protocol.

"Hex Draft": seven hexes (a radius-1 hexagon), a shuffled deck of cards
1..12, two hidden cards in each hand. A turn is two decisions: pick a card
from your hand, then an empty hex to play it on; then you draw. Score: the
cards you played, plus 1 for each pair of your cards on adjacent hexes.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from hexkit.game import Decision, Game, GameConfig, GameInfo, Information, ScoreSheet, State
from hexkit.hexes import Hex
from hexkit.rng import Rng

BOARD = tuple(Hex(0, 0).spiral(1))


@attrs.frozen
class PickCard:
    card: int

    def __str__(self) -> str:
        return f"pick {self.card}"


@attrs.frozen
class PlayAt:
    hex: Hex

    def __str__(self) -> str:
        return f"play at {self.hex}"


@attrs.frozen(kw_only=True)
class ChooseCard(Decision):
    pass


@attrs.frozen(kw_only=True)
class ChooseHex(Decision):
    card: int


@attrs.frozen(kw_only=True)
class DraftConfig(GameConfig):
    hand_size: int = 2


@attrs.define(kw_only=True, slots=True, eq=True)
class DraftState(State):
    deck: list[int] = attrs.field(factory=list)
    hands: list[list[int]] = attrs.field(factory=list)
    board: dict[Hex, tuple[int, int]] = attrs.field(factory=dict)


class DraftGame(Game[DraftState, DraftConfig]):
    info = GameInfo(
        name="draft",
        title="Hex Draft",
        version="1",
        min_players=2,
        max_players=3,
        max_decisions=20,
        information=Information.IMPERFECT,
        stochastic=True,
        hidden_fields=("deck", "hands.*"),
    )
    config_type = DraftConfig
    state_type = DraftState
    action_types = (PickCard, PlayAt)
    decision_types = (ChooseCard, ChooseHex)

    def setup(self, config: DraftConfig, rng: Rng) -> DraftState:
        deck = list(range(1, 13))
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(config.hand_size)] for _ in range(config.players)]
        state = DraftState(config=config, rng=rng, deck=deck, hands=hands)
        state.pending.append(ChooseCard(player=0, prompt="choose a card"))
        return state

    def generate_actions(self, state: DraftState) -> Iterable[Any]:
        decision = state.decision()
        if isinstance(decision, ChooseCard):
            return [PickCard(c) for c in sorted(set(state.hands[decision.player]))]
        if isinstance(decision, ChooseHex):
            return [PlayAt(h) for h in BOARD if h not in state.board]
        return ()

    def perform(self, state: DraftState, action: Any) -> None:
        decision = state.pending.pop()
        player = decision.player
        if isinstance(action, PickCard):
            state.pending.append(ChooseHex(player=player, prompt="choose a hex", card=action.card))
            return
        card = decision.card if isinstance(decision, ChooseHex) else 0
        state.hands[player].remove(card)
        state.board[action.hex] = (player, card)
        state.note(player, f"played {card} at {action.hex}")
        if state.deck:
            state.hands[player].append(state.deck.pop())
        if len(state.board) < len(BOARD):
            nxt = (player + 1) % state.config.players
            state.pending.append(ChooseCard(player=nxt, prompt="choose a card"))

    def clone(self, state: DraftState) -> DraftState:
        return DraftState(
            **state.base_fields_copy(),
            deck=state.deck.copy(),
            hands=[h.copy() for h in state.hands],
            board=state.board.copy(),
        )

    def scores(self, state: DraftState) -> ScoreSheet:
        n = state.config.players
        cards = [0] * n
        pairs = [0] * n
        for h, (p, c) in state.board.items():
            cards[p] += c
            pairs[p] += sum(1 for o in h.neighbors() if state.board.get(o, (-1, 0))[0] == p and o > h)
        totals = tuple(c + a for c, a in zip(cards, pairs))
        order = tuple(sorted(range(n), key=lambda p: (-totals[p], p)))
        decided = tuple(
            "total" if totals[a] != totals[b] else "seat order" for a, b in zip(order, order[1:])
        )
        breakdown = tuple({"cards": cards[p], "pairs": pairs[p]} for p in range(n))
        return ScoreSheet(totals, breakdown, order, decided)

    def redact(self, state: DraftState, player: int) -> None:
        state.deck = [0] * len(state.deck)
        state.hands = [h if p == player else [0] * len(h) for p, h in enumerate(state.hands)]

    def determinize(self, view: DraftState, player: int, rng: Rng) -> DraftState:
        sample = super().determinize(view, player, rng)
        seen = {c for _, c in view.board.values()} | set(view.hands[player])
        unseen = [c for c in range(1, 13) if c not in seen]
        rng.shuffle(unseen)
        for p, hand in enumerate(sample.hands):
            if p != player:
                sample.hands[p] = [unseen.pop() for _ in hand]
        sample.deck = [unseen.pop() for _ in sample.deck]
        return sample


GAME = DraftGame()


class FirstCardAgent:
    """Always answers with the first legal action (the toy game's "strong" player)."""

    name = "first"

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.calls = 0

    def act(self, game: Game[Any, Any], view: State, legal: Any) -> Any:
        self.calls += 1
        return legal[0]


class HookedDraftGame(DraftGame):
    """Hex Draft with the optional study hooks ``strong_agent`` and ``played``.

    ``played`` counts, per seat, the cards played and the cards of 10 or
    more played (``high_cards``), read off the board; ``never`` is a
    mechanism that cannot happen, so a report has something to warn about.
    """

    def strong_agent(self, seed: int) -> FirstCardAgent:
        return FirstCardAgent(seed)

    def played(self, state: DraftState) -> dict[str, list[int]]:
        n = state.config.players
        cards, high = [0] * n, [0] * n
        for player, card in state.board.values():
            cards[player] += 1
            high[player] += card >= 10
        return {"cards_played": cards, "high_cards": high, "never": [0] * n}


HOOKED = HookedDraftGame()
