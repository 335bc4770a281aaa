"""Beacons as a hexkit game: set-up, copying, scores and hidden information.

:class:`BeaconsGame` is a :class:`~hexkit.flow.FlowGame`: the core turn
engine supplies the legal actions, ``apply`` and the refusal texts; this
module says how a game starts (:meth:`BeaconsGame.setup`), how to copy one
(:meth:`BeaconsGame.clone`), how it scores (:meth:`BeaconsGame.scores`) and
what each seat may see (:meth:`BeaconsGame.redact`,
:meth:`BeaconsGame.determinize`).

Source: RULES.md.
"""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from hexkit.components import Deck, Pool
from hexkit.flow import AskHex, Flow, FlowGame, HexChoice, OptionChoice
from hexkit.game import ActionSpace, Catalogue, GameConfig, GameInfo, Information, PlayerId, ScoreSheet
from hexkit.paths import connected_groups
from hexkit.rng import Rng
from hexkit.scoring import TieRule, award_places, rank_with_tiebreaks
from hexkit.validation import Problems

from hexkit_beacons.data import MAX_TURNS, game_data
from hexkit_beacons.state import HIDDEN, BeaconsState, PlayerState, board
from hexkit_beacons.turn import DRAW, REST, EndTurn, Menu, build_flow, light, menu, targets

__all__ = ["BeaconsGame"]


class BeaconsGame(FlowGame[BeaconsState, GameConfig]):
    """Beacons for 2 to 4 players: light beacons on a hex board, largest group scores.

    >>> game = BeaconsGame()
    >>> state = game.new(game.make_config(2), seed=1)
    >>> [str(a) for a in game.legal_actions(state)]
    ['light a forest beacon', 'light a marsh beacon', 'draw a card', 'rest and gain oil']
    """

    # -- static facts: what generic code and the conformance suite read ------------
    info: ClassVar[GameInfo] = GameInfo(
        name="beacons",
        title="Beacons",
        version="1.0.0",
        min_players=2,
        max_players=4,
        max_decisions=2 * MAX_TURNS * 4,  # a turn is at most two answers (light, then the hex)
        information=Information.IMPERFECT,
        stochastic=True,  # draws from a shuffled deck
        hidden_fields=("players.*.hand*", "deck.draw_pile*"),
    )
    config_type = GameConfig
    state_type = BeaconsState
    action_types = (OptionChoice, HexChoice)
    decision_types = (Menu, AskHex, EndTurn)

    def build_flow(self) -> Flow[BeaconsState]:
        """The turn engine, registered explicitly (:func:`hexkit_beacons.turn.build_flow`)."""
        return build_flow()

    # -- set-up ----------------------------------------------------------------
    def setup(self, config: GameConfig, rng: Rng) -> BeaconsState:
        """Deal the terrain, shuffle the deck, deal the hands (RULES.md §1, §2)."""
        data = game_data(config)
        numbers = data.numbers
        terrain = [t.name for t in data.terrains for _ in range(t.hexes)]
        rng.shuffle(terrain)
        deck = Deck.from_items([t.name for t in data.terrains for _ in range(t.cards)], rng=rng)
        players = [PlayerState(hand=deck.draw_many(numbers.hand_size),
                               oil=Pool(available=numbers.start_oil, cap=numbers.oil_cap))
                   for _ in range(config.players)]
        state = BeaconsState(config=config, rng=rng, terrain=terrain, lit=[None] * len(terrain),
                             players=players, deck=deck)
        state.note(None, f"{config.players} players, {len(terrain)} hexes, {numbers.turns} turns each")
        self.flow.ask(state, menu(state, 0))
        return state

    def clone(self, state: BeaconsState) -> BeaconsState:
        """An independent copy: the lists one level deep, the components by their ``copy``."""
        return BeaconsState(**state.base_fields_copy(), terrain=state.terrain, lit=state.lit.copy(),
                            players=[p.copy() for p in state.players], deck=state.deck.copy(),
                            turns=state.turns)

    # -- loading ------------------------------------------------------------------
    def validate_state(self, state: BeaconsState) -> None:
        """Refuse a loaded position no game of Beacons reaches, naming every broken field.

        Checks: the board's size and terrains match the data; beacons belong
        to seats; every card is a terrain's (``"?"`` only in a view), and a
        full state holds exactly the deck's cards; oil within the cap; the
        turn count within the game; the question pending is the one the
        rules ask (RULES.md §1-§4).

        Raises:
            StateValidationError: an ``InvalidRecordError`` naming each field.
        """
        super().validate_state(state)
        data = game_data(state.config)
        problems = Problems()
        size = len(board(data.numbers.radius))
        names = {t.name for t in data.terrains}
        if len(state.terrain) != size or len(state.lit) != size:
            problems.add("state.terrain", f"a board of radius {data.numbers.radius} has {size} hexes")
            problems.raise_if_any()  # the checks below index the board
        if Counter(state.terrain) != {t.name: t.hexes for t in data.terrains}:
            problems.add("state.terrain", "the terrains are not the ones the data deals")
        for i, owner in enumerate(state.lit):
            if owner is not None and not 0 <= owner < state.config.players:
                problems.add(f"state.lit.{i}", f"seat {owner} is not in a {state.config.players}-player game")
        if len(state.players) != state.config.players:
            problems.add("state.players", f"{len(state.players)} players in a {state.config.players}-player game")
        allowed = names if state.viewer is None else names | {HIDDEN}
        piles = {f"players.{seat}.hand": p.hand for seat, p in enumerate(state.players)}
        piles |= {"deck.draw_pile": state.deck.draw_pile, "deck.discard_pile": state.deck.discard_pile}
        for where, cards in piles.items():
            for i, card in enumerate(cards):
                if card not in allowed:
                    problems.add(f"state.{where}.{i}", f"{card!r} is not a terrain card")
        if state.viewer is None:
            held = Counter(card for cards in piles.values() for card in cards)
            if held != {t.name: t.cards for t in data.terrains if t.cards}:
                problems.add("state.deck", "the hands, the deck and the discards do not hold the deck's cards")
        for seat, p in enumerate(state.players):
            if p.oil.cap != data.numbers.oil_cap or not 0 <= p.oil.available <= data.numbers.oil_cap:
                problems.add(f"state.players.{seat}.oil", f"oil must be 0 to {data.numbers.oil_cap}")
            if len(p.hand) > data.numbers.hand_limit:
                problems.add(f"state.players.{seat}.hand", f"more than {data.numbers.hand_limit} cards")
        problems.raise_if_any()
        self._check_pending(state, problems)
        problems.raise_if_any()

    def _check_pending(self, state: BeaconsState, problems: Problems) -> None:
        """The stack must hold what the rules ask now: a menu, or the hex of a "light"."""
        data = game_data(state.config)
        limit = data.numbers.turns * state.config.players
        over = None not in state.lit or state.turns >= limit
        if state.turns > limit:
            problems.add("state.turns", f"more than {limit} turns")
        if over or not state.pending:
            if state.pending or not over:
                problems.add("state.pending", "a question is pending exactly while the game is on")
            return
        mover = state.turns % state.config.players
        top = state.pending[-1]
        if len(state.pending) != 1 or top.player != mover:
            problems.add("state.pending", f"one question, asked of P{mover}, must be pending")
        elif isinstance(top, AskHex):
            terrain = getattr(top.then, "terrain", None)
            hand = state.players[mover].hand  # all "?" in another seat's view
            if getattr(top.then, "player", None) != mover or terrain not in hand and HIDDEN not in hand \
                    or top.options != targets(state, data, mover, str(terrain)):
                problems.add("state.pending.0", "the hex question does not match the card played")
        elif not isinstance(top, Menu):
            problems.add("state.pending.0", f"{type(top).__name__} is never left pending")

    # -- hidden information -------------------------------------------------------
    def redact(self, state: BeaconsState, player: PlayerId) -> None:
        """Hide the other hands and the deck's order: each card becomes ``"?"`` (RULES.md §2)."""
        for seat, other in enumerate(state.players):
            if seat != player:
                other.hand = [HIDDEN] * len(other.hand)
        state.deck.draw_pile = [HIDDEN] * len(state.deck.draw_pile)

    def determinize(self, view: BeaconsState, player: PlayerId, rng: Rng) -> BeaconsState:
        """Deal the unseen cards (the deck's, minus what ``player`` can see) into the ``"?"`` slots."""
        sample = super().determinize(view, player, rng)
        data = game_data(view.config)
        unseen = Counter({t.name: t.cards for t in data.terrains})
        unseen.subtract(view.players[player].hand)
        unseen.subtract(view.deck.discard_pile)
        cards = sorted(unseen.elements())
        rng.shuffle(cards)
        for seat, other in enumerate(sample.players):
            if seat != player:
                other.hand = [cards.pop() if card == HIDDEN else card for card in other.hand]
        sample.deck.draw_pile = [cards.pop() if card == HIDDEN else card for card in sample.deck.draw_pile]
        return sample

    # -- scores -----------------------------------------------------------------
    def scores(self, state: BeaconsState) -> ScoreSheet:
        """Points per beacon, the group prizes, then oil left to break a tie (RULES.md §5)."""
        data = game_data(state.config)
        seats = range(state.config.players)
        hexes = board(data.numbers.radius)
        beacons = [0 for _ in seats]
        group = [0 for _ in seats]
        for seat in seats:
            mine = [h for h, owner in zip(hexes, state.lit) if owner == seat]
            beacons[seat] = sum(data.terrain(state.terrain[i]).points
                                for i, owner in enumerate(state.lit) if owner == seat)
            group[seat] = max((len(g) for g in connected_groups(mine)), default=0)
        prizes = award_places(dict(enumerate(group)), data.numbers.group_prizes,
                              TieRule.SPLIT_POOLED, minimum=1)
        totals = tuple(beacons[p] + prizes[p] for p in seats)
        oil = [state.players[p].oil.available for p in seats]
        ranking = rank_with_tiebreaks(seats, [("points", totals.__getitem__),
                                              ("oil left", oil.__getitem__)])
        return ScoreSheet(
            totals=totals,
            breakdown=tuple({"beacons": beacons[p], "largest group": group[p], "group prize": prizes[p]}
                            for p in seats),
            order=ranking.order,
            decided_by=tuple(key or "tied" for key in ranking.decided_by),
        )

    # -- actions as numbers ---------------------------------------------------------
    def action_space(self, config: GameConfig) -> ActionSpace:
        """A fixed numbering: "light" for each terrain, draw, rest, then every hex."""
        data = game_data(config)
        options = [light(t.name) for t in data.terrains] + [DRAW, REST]
        return Catalogue((*options, *(HexChoice(h) for h in board(data.numbers.radius))))
