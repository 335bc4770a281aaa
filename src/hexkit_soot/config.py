"""Configuration of a game of Soot & Timber.

Players (2-6), variants, optional modules and a designer's data directory.

Variants (rulebook §23, player counts):

* ``no-market-flux``: play 2 players without the Market Flux deck.

Modules (rulebook, "Optional modules"): ``trust`` (solo automa, implemented),
``river-delta``, ``mountain-pass``, ``long-valley`` (the scenarios, mutually
exclusive), ``partnerships``, ``shares``, ``labor``, ``campaign``. Each of
the seven issue-14 names is also a variant (``--variant trust``) mapped onto
the module. A module not registered yet raises
:class:`~hexkit.errors.ConfigError`.
A module plugs in by registering a :class:`~hexkit_soot.rules.modules.Module`
(see :mod:`hexkit_soot.rules.modules`) whose hooks the round calls; no rule
module needs rewriting for it.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import attrs

from hexkit.errors import ConfigError
from hexkit.game import GameConfig, GameInfo, State, check_player_count_type
from hexkit_soot.data import SootData, data_for
from hexkit_soot.rules.modules import MODULES, module_version

__all__ = ["SootConfig", "MODULE_NAMES", "VARIANTS", "game_data", "data"]

MODULE_NAMES = ("trust", "river-delta", "mountain-pass", "long-valley",
                "partnerships", "shares", "labor", "campaign")
MODULE_VARIANTS = ("trust", "river-delta", "mountain-pass", "long-valley", "partnerships", "shares", "labor")
"""Variant names that switch a module on (issue 14): each maps onto the module of the same name."""
VARIANTS = ("no-market-flux", *MODULE_VARIANTS)
EXCLUSIVE = (("river-delta", "mountain-pass"), ("river-delta", "long-valley"), ("mountain-pass", "long-valley"))
PARTNER_COUNTS = (4, 6)
"""Player counts the Partnerships module seats (``rules.partners.PARTNER_COUNTS``; partners sit opposite)."""
"""Module pairs the rules exclude: the three scenarios are alternative set-up cards."""

def _card_names(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(str(v) for v in values)


def _tile_ids(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(int(v) for v in values)


@attrs.frozen(kw_only=True)
class SootConfig(GameConfig):
    """A checked Soot & Timber configuration.

    Attributes:
        players: 2-6.
        variants: see :data:`VARIANTS`.
        modules: optional modules (see :data:`MODULE_NAMES`); module variants
            (:data:`MODULE_VARIANTS`) are added here, and a 1-player config
            gets ``trust`` (the solo game is played against the Trust).
        module_versions: ``"name version"`` per registered module, filled in
            when the config is made; a loaded record whose versions differ
            from this build's is refused.
        data_dir: a directory of data files replacing the packaged ones
            (``None``: packaged data). A designer copies ``data/`` and edits
            a number; no code changes. The core's ``data`` field works the
            same way (either may be given).
        overrides: (core field) dotted paths into :class:`SootData` and new
            values, e.g. ``{"numbers.loan_amount": 6, "goods.Timber.price": 3,
            "archetypes.Rancher.currency": 3}``.
        envelope: the Campaign's carried state: Legacy card names in the
            campaign envelope, gone for this game (module ``campaign``).
        exhausted: the Campaign's carried state: tile ids depleted in an
            earlier game, which enter play already exhausted.
    """

    modules: frozenset[str] = attrs.field(default=frozenset(), converter=frozenset)
    data_dir: str | None = None
    module_versions: tuple[str, ...] = attrs.field(default=(), converter=tuple)
    envelope: tuple[str, ...] = attrs.field(default=(), converter=_card_names)
    exhausted: tuple[int, ...] = attrs.field(default=(), converter=_tile_ids)

    def __attrs_post_init__(self) -> None:
        """Map module variants (``--variant trust``) onto :attr:`modules`."""
        named = frozenset(self.variants) & frozenset(MODULE_VARIANTS)
        if self.players == 1:
            named |= {"trust"}  # the solo game is the game against the Trust (rulebook, The Trust)
        if not named <= self.modules:
            object.__setattr__(self, "modules", self.modules | named)
        if self.modules and not self.module_versions:
            # each module's rules version and data digest, so a record replays only with them
            object.__setattr__(self, "module_versions", _versions(self.modules, self._folder()))

    def check(self, info: GameInfo) -> None:
        """Raise :class:`ConfigError` unless this config can be played.

        Raises:
            ConfigError: wrong player count, unknown variant or module, a
                module not implemented yet, partnerships without 4 or 6
                players, or a data directory that does not
                exist or does not load.
        """
        check_player_count_type(self.players)
        if self.players == 1:
            # solo: only against the Trust (rulebook, The Trust: "a solo benchmark game")
            if "trust" not in self.modules:
                raise ConfigError("players: a 1-player (solo) game needs the 'trust' module (--variant trust)")
            GameConfig.check(attrs.evolve(self, players=2), info)
        elif not info.min_players <= self.players <= info.max_players:
            raise ConfigError(f"players: {info.title} takes 1-6 players (1: the solo game against the "
                              f"Trust), not {self.players}")
        else:
            super().check(info)
        for a, b in EXCLUSIVE:
            if a in self.modules and b in self.modules:
                raise ConfigError(f"modules {a!r} and {b!r} exclude one another (one scenario card per game)")
        unknown = sorted(self.modules - set(MODULE_NAMES))
        if unknown:
            raise ConfigError(f"unknown module(s) {', '.join(unknown)}; known: {', '.join(MODULE_NAMES)}")
        missing = sorted(self.modules - set(MODULES))
        if missing:
            raise ConfigError(f"module(s) {', '.join(missing)} are not implemented in this version")
        if "partnerships" in self.modules and self.players not in PARTNER_COUNTS:
            # checked here, not first at set-up (rules.partners.check_players says the same)
            raise ConfigError(f"players: the partnerships module needs 4 or 6 players (partners sit"
                              f" opposite), not {self.players}")
        now = _versions(self.modules, self._folder())
        if self.module_versions and self.module_versions != now:
            raise ConfigError(
                f"module_versions: made with {', '.join(self.module_versions)}; "
                f"this build and data folder have {', '.join(now) or 'none'}")
        folder = self.data_dir or self.data
        if folder is not None and not Path(folder).is_dir():
            raise ConfigError(f"data directory {folder!r} is not a directory")
        game_data(self)

    def _folder(self) -> str | None:
        """The data folder this config plays (``data_dir``, else the core's ``data``; ``None``: packaged)."""
        folder = self.data_dir or self.data
        return None if folder is None else str(folder)

    @property
    def two_player(self) -> bool:
        """Whether the 2-player rules apply."""
        return self.players == 2


def _versions(modules: frozenset[str], folder: str | None) -> tuple[str, ...]:
    """``"name version"`` of each registered module in ``modules``, in name order: its rules
    version and the digest of the module data ``folder`` plays (:func:`module_version`)."""
    return tuple(f"{name} {module_version(MODULES[name], folder)}" for name in sorted(modules) if name in MODULES)


def game_data(config: GameConfig) -> SootData:
    """The component data a config plays with (loaded once per directory).

    Args:
        config: a game config.

    Raises:
        InvalidRecordError: if the data files are malformed.
        ConfigError: if an override names no field or has the wrong type.
    """
    folder = getattr(config, "data_dir", None) or getattr(config, "data", None)
    return data_for(folder, getattr(config, "overrides", None) or {})


# A one-entry memo of game_data, keyed by the identity of a frozen config (its
# data, a frozen SootData, is a pure function of it): data() runs about 13,000
# times a game, and comparing one global is its cheapest form.
_LAST_CONFIG: object = None
_LAST_DATA: SootData | None = None


def data(state: State) -> SootData:
    """The component data of ``state``'s game (cached for the last config seen).

    Args:
        state: the game.

    Returns:
        The :class:`~hexkit_soot.data.SootData` its config plays with.
    """
    if state.config is _LAST_CONFIG:
        return _LAST_DATA  # type: ignore[return-value]
    return _remember(state)


def _remember(state: State) -> SootData:
    """Look the data of ``state``'s config up and remember it as the last seen."""
    global _LAST_CONFIG, _LAST_DATA
    data = game_data(state.config)
    _LAST_CONFIG = None  # no config matches while the pair changes
    _LAST_DATA = data
    _LAST_CONFIG = state.config
    return data
