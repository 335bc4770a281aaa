"""Configuration of an Empyreal: Spells & Steam game.

Source: rulebook, Setting Up the Game; Advanced Rules; Team Variant.
"""

from __future__ import annotations

import attrs

from hexkit.errors import ConfigError
from hexkit.game import GameConfig, GameInfo

from hexkit_empyreal.data import game_data

__all__ = ["EmpyrealConfig", "VARIANTS", "FRIENDLY", "AWARDS", "EXPERT", "EPIC", "OPEN", "TEAM"]

FRIENDLY = "friendly"
"""Friendly(ish) Competition: the listed components are removed."""
AWARDS = "awards"
"""Advanced rule: two Award tiles score at the end."""
EXPERT = "expert"
"""Advanced rule: players eliminate Awards until two remain (implies Awards)."""
EPIC = "epic"
"""Advanced rule: one more Demand Tile needed to trigger the game end."""
OPEN = "open"
"""Advanced rule: Specialist stacks are face-up."""
TEAM = "team"
"""Team Variant: 2v2, 2v2v2 or 3v3 (see :attr:`EmpyrealConfig.team_size`)."""

VARIANTS = (FRIENDLY, AWARDS, EXPERT, EPIC, OPEN, TEAM)


@attrs.frozen(kw_only=True)
class EmpyrealConfig(GameConfig):
    """Players, variants and options.

    Attributes:
        team_size: players per team in the Team Variant: 2 (2v2 with 4
            players, 2v2v2 with 6) or 3 (3v3 with 6). Ignored without it.
        data_dir: a folder of data files replacing the shipped ones (a
            designer's copy with other numbers); ``None`` for the shipped
            data. The core's ``data`` field does the same and wins if both
            are set; ``overrides`` change single values on top.
        round_limit: override of ``rules.toml``'s safeguard round limit
            (``None``: use the data file; 0: no limit).
    """

    team_size: int = 2
    data_dir: str | None = None
    round_limit: int | None = None

    def check(self, info: GameInfo) -> None:
        """Raise :class:`ConfigError` unless this config can be played.

        Raises:
            ConfigError: wrong player count, unknown variant, or a Team Variant
                that does not split the players into teams of ``team_size``.
        """
        super().check(info)
        if TEAM in self.variants:
            if self.team_size not in (2, 3):
                raise ConfigError(f"team_size must be 2 or 3, not {self.team_size}")
            if self.players % self.team_size or self.players // self.team_size < 2:
                raise ConfigError(
                    f"the Team Variant is played 2v2, 2v2v2 or 3v3; {self.players} players"
                    f" cannot form teams of {self.team_size}"
                )
            if AWARDS in self.variants or EXPERT in self.variants:
                raise ConfigError("the Team Variant does not use Awards")
        if self.overrides or self.data or self.data_dir:
            game_data(self)  # refuse a bad data folder or override before any game

    @property
    def teams(self) -> int:
        """Number of teams (each player is a team of one without the Team Variant)."""
        if TEAM in self.variants:
            return self.players // self.team_size
        return self.players

    def team_of(self, seat: int) -> int:
        """Team of a seat: seats alternate between teams (rulebook: Team Variant seating)."""
        return seat % self.teams

    @property
    def uses_awards(self) -> bool:
        """Whether Awards score (the Awards or Expert rule)."""
        return AWARDS in self.variants or EXPERT in self.variants
