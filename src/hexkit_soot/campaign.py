"""The Campaign module: three linked games of Soot & Timber, as a first-class object.

Rules (rulebook, "Optional Modules", The Campaign): play three linked
games. Legacy cards played for their ability go into the campaign envelope
and are gone for all three sessions. Depleted sites stay depleted: they are
recorded, and in later sessions those tiles enter play already exhausted.
Campaign winner: most total points across the three games.

Interpretations (assumed, see ``docs/rules/soot.md`` and ``docs/campaign.md``):

* The envelope holds card names; each name removes one copy from the next
  games' deck at set-up (and from the card row, refilled from the deck).
* A depleted site is a placed tile whose depletion stack is 0 at game end;
  it is recorded by tile id (a physical tile: ``SootData.tile_list()``
  index). In later games such a tile enters play already exhausted: its
  stack is 0 from the start, so no site camp is offered there (to players or
  the Trust) and a camp a card or event puts there gets 0 tokens (effects
  such as Deep Survey still add theirs).
* The campaign winner is the seat with the most points summed over the
  three games; a tie is broken by the most games won, then the lower seat
  (assumed: the rulebook gives no campaign tie-breaker).
* With Partnerships (assumed: the rulebook pairs the two modules without a
  word): a partnership's campaign total is the sum of its three games'
  partnership scores (each the lower of the two partners' totals, as each
  game is scored), a game is won by both seats of its winning partnership,
  and the campaign winners are both seats of the partnership with the most
  campaign points (ties: most games won, then the lower seat).
* Seats keep their number (and agent) across the three games; each game has
  its own seed drawn from the campaign seed.

The carried state reaches a game through :class:`CampaignConfig` (a
:class:`~hexkit_soot.config.SootConfig` with the envelope and the exhausted
tile ids) and the ``campaign`` module's ``on_setup`` hook.

A campaign file is JSON written through :data:`hexkit.serialize.converter`
with a ``version``; a broken file is refused with
:class:`~hexkit.errors.InvalidRecordError` naming the field.

Source: rulebook, "Optional Modules" (The Campaign).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs

from hexkit.errors import ConfigError, HexkitError, InvalidRecordError
from hexkit.game import PlayerId
from hexkit.rng import Rng
from hexkit.serialize import converter, parse_json, structure_checked
from hexkit_soot.config import SootConfig
from hexkit.agents.spec import installed_agent_spec, make_agent
from hexkit.match import Match
from hexkit.record import record_from_json, record_to_json
from hexkit.sim.study import agent_seed
from hexkit_soot.game import GAME
from hexkit_soot.rules.partners import seating
from hexkit_soot.rules.partnerships import check_players
from hexkit_soot.rules.scoring import score_sheet
from hexkit_soot.rules.campaign import MODULE, NAME, CampaignModule, carry_out, is_exhausted
from hexkit_soot.state import SootState

__all__ = [
    "NAME", "GAMES", "VERSION", "is_exhausted", "CampaignConfig", "CampaignGame", "Campaign", "CampaignModule",
    "MODULE", "carry_out", "play_campaigns",
]

GAMES = 3
"""Games in a campaign (rulebook: three linked games)."""
VERSION = 1
"""Campaign file format version."""
CampaignConfig = SootConfig
"""A Soot config carrying a campaign's state into one of its games: its
``envelope`` and ``exhausted`` fields (kept as a name for older code)."""


@attrs.frozen(kw_only=True)
class CampaignGame:
    """One finished game of a campaign.

    Attributes:
        seed: the game's seed.
        totals: each seat's final points.
        ranking: seats best first (the base game's ranking).
        legacy_played: Legacy cards played for their ability (into the envelope).
        depleted: tile ids depleted by the game's end.
        record: the game record (``hexkit.record.record_to_json`` text; ``""`` if it could not be written).
    """

    seed: int
    totals: tuple[int, ...]
    ranking: tuple[int, ...]
    legacy_played: tuple[str, ...]
    depleted: tuple[int, ...]
    record: str = ""


@attrs.frozen(kw_only=True)
class Campaign:
    """A campaign of three linked games: its seats, carried state and finished games.

    Attributes:
        version: file format version (:data:`VERSION`).
        players: 2-6 seats (the same in every game).
        seed: the campaign seed (each game's seed is drawn from it).
        agents: agent spec by seat.
        modules: other modules on in every game.
        envelope: Legacy cards out for the rest of the campaign.
        exhausted: tile ids that enter later games exhausted.
        games: the finished games, in order (at most :data:`GAMES`).
    """

    version: int = VERSION
    players: int
    seed: int
    agents: tuple[str, ...]
    modules: tuple[str, ...] = ()
    envelope: tuple[str, ...] = ()
    exhausted: tuple[int, ...] = ()
    games: tuple[CampaignGame, ...] = ()

    # -- making ---------------------------------------------------------
    @classmethod
    def start(cls, players: int, seed: int, agents: Sequence[str] = ("greedy",),
              modules: Sequence[str] = ()) -> Campaign:
        """A new campaign (no game played yet).

        Args:
            players: 2-6.
            seed: non-negative campaign seed.
            agents: agent specs, cycled over the seats.
            modules: other modules on in every game (not ``campaign``).

        Raises:
            ConfigError: a bad player count (not 2-6: a solo campaign is refused), seed,
                agent list or module.
        """
        if not agents:
            raise ConfigError("agents: give at least one agent spec")
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
            # a campaign file of 1 player could not be loaded again (from_json: 2-6)
            raise ConfigError(f"players: a campaign takes 2-6 players, not {players!r}")
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ConfigError(f"seed: a non-negative integer, not {seed!r}")
        seats = tuple(agents[s % len(agents)] for s in range(players))
        campaign = cls(players=players, seed=seed, agents=seats, modules=tuple(sorted(set(modules) - {NAME})))
        campaign.config()  # checks players and modules
        return campaign

    def config(self) -> CampaignConfig:
        """The config of the next game (carried state included), checked.

        Raises:
            ConfigError: if it cannot be played.
        """
        config = CampaignConfig(players=self.players, modules=self.module_names(),  # type: ignore[arg-type]  # attrs plugin: frozenset converter
                                envelope=self.envelope, exhausted=self.exhausted)
        config.check(GAME.info)
        if "partnerships" in self.modules:  # checked at set-up otherwise; refuse before any game
            check_players(self.players)
        return config

    def module_names(self) -> frozenset[str]:
        """The modules on in every game: ``campaign`` and :attr:`modules`."""
        names: frozenset[str] = frozenset((NAME, *self.modules))
        return names

    def config_for(self, index: int) -> CampaignConfig:
        """The config game ``index`` (0-2) was (or will be) played with: the state carried into it.

        Args:
            index: 0 to the number of games played.

        Raises:
            ConfigError: for an index past the next game.
        """
        if not 0 <= index <= len(self.games):
            raise ConfigError(f"index: 0 to {len(self.games)}, not {index}")
        envelope: dict[str, None] = {}
        exhausted: set[int] = set()
        for g in self.games[:index]:
            envelope.update(dict.fromkeys(g.legacy_played))
            exhausted.update(g.depleted)
        return CampaignConfig(players=self.players, modules=self.module_names(),  # type: ignore[arg-type]  # attrs plugin: frozenset converter
                              envelope=tuple(envelope), exhausted=tuple(sorted(exhausted)))

    def replay(self, index: int) -> SootState:
        """Rebuild the final state of finished game ``index`` from its record and carried state.

        Raises:
            ConfigError: for an index not played.
            InvalidRecordError: if its record is missing or does not replay.
        """
        if not 0 <= index < len(self.games):
            raise ConfigError(f"index: 0 to {len(self.games) - 1}, not {index}")
        g = self.games[index]
        if not g.record:
            raise InvalidRecordError(f"campaign.games[{index}].record", "no record kept")
        record = record_from_json(GAME, g.record)
        state: SootState = GAME.new(self.config_for(index), g.seed)
        for action in record.actions:
            GAME.apply(state, action)
        return state

    @property
    def done(self) -> bool:
        """Whether all three games are played."""
        return len(self.games) >= GAMES

    def game_seed(self, index: int) -> int:
        """Seed of game ``index`` (0-2), drawn from the campaign seed."""
        return Rng(self.seed * 8 + index).randbelow(2**63)

    def next_game(self, agents: Any = None) -> Campaign:
        """Play the next game with the seats' agents; return the campaign with it recorded.

        Args:
            agents: agent objects by seat to use instead of the specs (optional).

        Raises:
            ConfigError: when the campaign is already over.
        """
        if self.done:
            raise ConfigError(f"games: the campaign already has its {GAMES} games")
        seed = self.game_seed(len(self.games))
        seats = agents or {s: make_agent(spec, agent_seed(seed, s)) for s, spec in enumerate(self.agents)}
        match = Match(GAME, self.config(), seed, agents=seats)
        match.run()
        return self.finish_game(match.state, seed, match.record)

    def finish_game(self, state: Any, seed: int, record: Any = None) -> Campaign:
        """Record a finished game (played here or elsewhere, e.g. with humans) and carry its state.

        Args:
            state: the finished game's state.
            seed: its seed.
            record: its :class:`~hexkit.record.GameRecord` (optional).

        Raises:
            ConfigError: if the game is not over or has another player count.
        """
        if not GAME.is_over(state):
            raise ConfigError("state: the game is not over")
        if state.config.players != self.players:
            raise ConfigError(f"players: the game has {state.config.players}, the campaign {self.players}")
        sheet = score_sheet(state)
        played, depleted = carry_out(state)
        text = ""
        if record is not None:
            try:
                text = record_to_json(GAME, record)
            except Exception:  # a subclassed config the codec cannot write: keep the rest
                text = ""
        game = CampaignGame(seed=seed, totals=tuple(sheet.totals), ranking=tuple(sheet.order),
                            legacy_played=tuple(c for c in played if c not in self.envelope), depleted=depleted,
                            record=text)
        return attrs.evolve(self, games=(*self.games, game),
                            envelope=tuple(dict.fromkeys((*self.envelope, *played))),
                            exhausted=tuple(sorted({*self.exhausted, *depleted})))

    # -- reading --------------------------------------------------------
    def totals(self) -> list[int]:
        """Each seat's points summed over the games played."""
        return [sum(g.totals[s] for g in self.games) for s in range(self.players)]

    @property
    def partnerships(self) -> bool:
        """Whether its games are played with the Partnerships module."""
        return "partnerships" in self.modules

    def game_winners(self, index: int) -> tuple[PlayerId, ...]:
        """The seats that won finished game ``index``: its winner, and with Partnerships
        the winner's partner (the winning partnership's both seats).

        Args:
            index: a played game (0-2).
        """
        first = self.games[index].ranking[0]
        if not self.partnerships:
            return (first,)
        pair = next(p for p in seating(self.players) if first in p)
        return (first, pair[1] if pair[0] == first else pair[0])

    def partnership_totals(self) -> list[tuple[tuple[int, int], int]]:
        """Each partnership with its campaign points: the sum of its games' partnership
        scores (each the lower partner's total); ``[]`` without Partnerships.

        Example: totals ``[30, 25, 12, 40]`` and ``[10, 20, 30, 5]`` in two games give
        ``[((0, 2), 22), ((1, 3), 30)]`` (12 + 10, 25 + 5).
        """
        if not self.partnerships:
            return []
        return [(pair, sum(min(g.totals[pair[0]], g.totals[pair[1]]) for g in self.games))
                for pair in seating(self.players)]

    def games_won(self) -> list[int]:
        """Each seat's games won (both partners of a winning partnership count one each)."""
        wins = [0] * self.players
        for i in range(len(self.games)):
            for seat in self.game_winners(i):
                wins[seat] += 1
        return wins

    def standings(self) -> list[int]:
        """Seats best first: most total points, then most games won, then the lower seat.

        With Partnerships: the partnerships best first by campaign points (then games won,
        then the lower seat), each partnership's two seats together (the higher total first).
        """
        totals = self.totals()
        wins = self.games_won()
        if not self.partnerships:
            return sorted(range(self.players), key=lambda s: (-totals[s], -wins[s], s))
        ranked = sorted(self.partnership_totals(), key=lambda item: (-item[1], -wins[item[0][0]], item[0][0]))
        return [seat for pair, _ in ranked for seat in sorted(pair, key=lambda s: (-totals[s], s))]

    def winners(self) -> tuple[PlayerId, ...]:
        """The campaign's winning seats once the three games are played (both partners of the
        winning partnership with Partnerships), else ``()``."""
        if not self.done:
            return ()
        order = self.standings()
        return tuple(order[:2]) if self.partnerships else (order[0],)

    def winner(self) -> PlayerId | None:
        """The campaign winner once the three games are played, else ``None`` (with
        Partnerships the first listed of :meth:`winners`)."""
        return self.standings()[0] if self.done else None

    def status(self) -> str:
        """A few lines: games played, each game's totals, the running totals, envelope and exhausted tiles."""
        lines = [f"Soot & Timber campaign: {self.players} players, seed {self.seed}, "
                 f"game {len(self.games)} of {GAMES} played"
                 + (f", modules: {', '.join(self.modules)}" if self.modules else "")]
        for i, g in enumerate(self.games):
            lines.append(f"game {i + 1} (seed {g.seed}): " + ", ".join(f"P{s} {t}" for s, t in enumerate(g.totals))
                         + f"; won by {'+'.join(f'P{s}' for s in self.game_winners(i))}")
        lines.append("total: " + ", ".join(f"P{s} {t}" for s, t in enumerate(self.totals())))
        if self.partnerships:
            lines.append("partnerships (the lower partner's total, summed over the games): "
                         + ", ".join(f"P{a}+P{b} {t}" for (a, b), t in self.partnership_totals()))
        lines.append(f"envelope: {', '.join(self.envelope) or '(empty)'}")
        lines.append(f"exhausted tiles: {len(self.exhausted)}")
        won = self.winners()
        if not won:
            lines.append("campaign goes on")
        elif len(won) > 1:
            lines.append(f"campaign winners: {'+'.join(f'P{s}' for s in won)} (partnership)")
        else:
            lines.append(f"campaign winner: P{won[0]}")
        return "\n".join(lines)

    # -- files ----------------------------------------------------------
    def to_json(self) -> str:
        """The campaign file's text (JSON)."""
        return json.dumps(converter.unstructure(self), indent=1, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Campaign:
        """Read a campaign file's text.

        Raises:
            InvalidRecordError: naming the field (``campaign.players``) for bad JSON, a wrong version,
                a missing or ill-typed field, or inconsistent games (a kept record that is not
                JSON, or whose seed, players or modules differ from the file's).
        """
        try:
            data = parse_json(text)
        except ValueError as exc:
            raise InvalidRecordError("campaign", f"not JSON: {exc}") from None
        if not isinstance(data, dict):
            raise InvalidRecordError("campaign", "not a JSON object")
        if data.get("version") != VERSION:
            raise InvalidRecordError("campaign.version", f"expected {VERSION}, got {data.get('version')!r}")
        campaign: Campaign = structure_checked(converter, data, cls, "campaign")
        if not 2 <= campaign.players <= 6:
            raise InvalidRecordError("campaign.players", f"2-6, not {campaign.players}")
        if len(campaign.agents) != campaign.players:
            raise InvalidRecordError("campaign.agents", f"one spec per seat ({campaign.players}), got {len(campaign.agents)}")
        for s, spec in enumerate(campaign.agents):  # a file names only installed agents
            try:
                installed_agent_spec(spec, f"campaign.agents[{s}]")
            except HexkitError as exc:
                raise InvalidRecordError(f"campaign.agents[{s}]",
                                         str(exc).removeprefix(f"campaign.agents[{s}]: ")) from None
        if len(campaign.games) > GAMES:
            raise InvalidRecordError("campaign.games", f"at most {GAMES} games, got {len(campaign.games)}")
        for i, g in enumerate(campaign.games):
            if len(g.totals) != campaign.players:
                raise InvalidRecordError(f"campaign.games[{i}].totals", f"one total per seat ({campaign.players})")
            if sorted(g.ranking) != list(range(campaign.players)):
                raise InvalidRecordError(f"campaign.games[{i}].ranking", "not a ranking of the seats")
            if g.record:
                _check_record(campaign, i, g)
        _check_results(campaign)
        return campaign

    def save(self, path: Path) -> None:
        """Write the campaign file (atomically: a temporary file, then rename)."""
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(self.to_json() + "\n", encoding="utf-8")
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> Campaign:
        """Read a campaign file (see :meth:`from_json`)."""
        return cls.from_json(path.read_text(encoding="utf-8"))


def _check_record(campaign: Campaign, index: int, game: CampaignGame) -> None:
    """Refuse a kept game record that is not JSON or disagrees with the file (its seed,
    players or modules): a hand-edited ``modules`` would play the later games with others.

    Only the record's header is read (its actions are checked when it is replayed).

    Raises:
        InvalidRecordError: naming the field (``campaign.games[0].record``, ``campaign.modules``).
    """
    field = f"campaign.games[{index}]"
    try:
        data = json.loads(game.record)
    except ValueError as exc:
        raise InvalidRecordError(f"{field}.record", f"not JSON: {exc}") from None
    config = data.get("config") if isinstance(data, dict) else None
    if not isinstance(config, dict) or not isinstance(config.get("modules"), list):
        raise InvalidRecordError(f"{field}.record", "not a game record (no config with its modules)")
    if data.get("seed") != game.seed:
        raise InvalidRecordError(f"{field}.seed", f"{game.seed}, but its record was played with seed "
                                                  f"{data.get('seed')!r}")
    if config.get("players") != campaign.players:
        raise InvalidRecordError("campaign.players", f"{campaign.players}, but game {index + 1} was played "
                                                     f"with {config.get('players')!r}")
    played = sorted(set(map(str, config["modules"])) - {NAME})
    if played != sorted(set(campaign.modules)):
        raise InvalidRecordError("campaign.modules", f"{', '.join(campaign.modules) or 'none'}, but game "
                                                     f"{index + 1} was played with {', '.join(played) or 'none'}")


def _check_results(campaign: Campaign) -> None:
    """Refuse results that are not what the kept records replay to, and carried state that is
    not what the games carried: a hand-edited total would decide the campaign's winner.

    The next game must set up (every envelope card and tile id known); each game with a
    record is replayed (a game kept without one, e.g. played where its config could not be
    written, is taken as written); the envelope must be the games' Legacy cards in order
    and the exhausted tiles their depleted tiles.

    Raises:
        InvalidRecordError: naming the field (``campaign.games[0].totals``, ``campaign.envelope``).
    """
    try:
        GAME.new(campaign.config(), 0)
    except ConfigError as exc:
        raise InvalidRecordError("campaign", str(exc)) from None
    envelope: list[str] = []
    exhausted: set[int] = set()
    for i, g in enumerate(campaign.games):
        field = f"campaign.games[{i}]"
        if g.record:
            try:
                state = campaign.replay(i)
            except InvalidRecordError:
                raise
            except HexkitError as exc:
                raise InvalidRecordError(f"{field}.record", f"does not replay: {exc}") from None
            if not GAME.is_over(state):
                raise InvalidRecordError(f"{field}.record", "does not reach the end of the game")
            sheet = score_sheet(state)
            played, depleted = carry_out(state)
            replayed = {"totals": tuple(sheet.totals), "ranking": tuple(sheet.order),
                        "legacy_played": tuple(c for c in played if c not in envelope), "depleted": depleted}
            for name, value in replayed.items():
                if tuple(getattr(g, name)) != value:
                    raise InvalidRecordError(f"{field}.{name}", f"{list(getattr(g, name))}, but the game's record "
                                                                f"replays to {list(value)}")
        envelope += [c for c in g.legacy_played if c not in envelope]
        exhausted.update(g.depleted)
    if list(campaign.envelope) != envelope:
        raise InvalidRecordError("campaign.envelope", f"{list(campaign.envelope)}, but the games played put "
                                                      f"{envelope} in it")
    if sorted(set(campaign.exhausted)) != sorted(exhausted):
        raise InvalidRecordError("campaign.exhausted", f"{sorted(set(campaign.exhausted))}, but the games "
                                                       f"depleted {sorted(exhausted)}")


def play_campaigns(campaigns: int, players: int, seed: int, agents: Sequence[str] = ("greedy",),
                   modules: Sequence[str] = ()) -> list[Campaign]:
    """Play ``campaigns`` whole campaigns (three games each): the study behind ``hexkit campaign soot study``.

    Args:
        campaigns: how many (>= 1).
        players: 2-6.
        seed: the first campaign's seed (campaign ``i`` uses ``seed + i``).
        agents: agent specs cycled over the seats.
        modules: other modules on.

    Returns:
        The finished campaigns.
    """
    if campaigns < 1:
        raise ConfigError(f"games: at least 1 campaign, not {campaigns}")
    out = []
    for i in range(campaigns):
        c = Campaign.start(players, seed + i, agents, modules)
        while not c.done:
            c = c.next_game()
        out.append(c)
    return out
