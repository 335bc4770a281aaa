"""The one error hierarchy of hexkit.

Every error hexkit raises on purpose derives from :class:`HexkitError`; the
ones caused by bad input are also :class:`ValueError`, so callers that
already catch ``ValueError`` keep working.
"""

from __future__ import annotations

__all__ = [
    "HexkitError",
    "IllegalActionError",
    "InvalidRecordError",
    "VersionMismatchError",
    "ConfigError",
    "UnknownGameError",
]


def _shown(value: object) -> str:
    """``str(value)``, or a stand-in if a malformed value's ``__str__`` fails."""
    for show in (str, repr):
        try:
            text = show(value)
        except Exception:  # the message must not fail on the value it quotes
            continue
        if isinstance(text, str):
            return text
    return f"<{type(value).__name__} object>"


class HexkitError(Exception):
    """Root of every error hexkit raises."""


class IllegalActionError(HexkitError, ValueError):
    """An action that the rules do not allow in the current state.

    The state is unchanged when this is raised.

    Attributes:
        action: the rejected action.
        rule: the rule it breaks, in the rulebook's words where possible
            (for example ``"hex (3,-2) is not Network-Adjacent"``).
    """

    def __init__(self, action: object, rule: str) -> None:
        super().__init__(f"illegal action {_shown(action)}: {rule}")
        self.action = action
        self.rule = rule


class InvalidRecordError(HexkitError, ValueError):
    """A saved state, record, config or data file that cannot be loaded.

    Attributes:
        field: dotted path of the offending field (``"state.players[2].mana"``),
            or ``""`` when the whole document is unusable.
        reason: what is wrong with it.
    """

    def __init__(self, field: str, reason: str) -> None:
        where = f"field {field!r}: " if field else ""
        super().__init__(f"{where}{reason}")
        self.field = field
        self.reason = reason


class VersionMismatchError(InvalidRecordError):
    """A record or saved state made under another rules version of the game.

    Replaying it could diverge silently, so it is refused unless the caller
    asks for it (``allow_version_mismatch=True``, ``--allow-version-mismatch``).

    Attributes:
        saved: the rules version the file was made under.
        current: the installed game's rules version.
    """

    def __init__(self, game: str, saved: object, current: str) -> None:
        super().__init__(
            "version",
            f"made under {game} rules version {saved!r}; the installed {game} is version"
            f" {current!r} (replaying may diverge; allow it explicitly to try)",
        )
        self.saved = saved
        self.current = current


class ConfigError(HexkitError, ValueError):
    """A game configuration that the game cannot be set up with."""


class UnknownGameError(HexkitError, LookupError):
    """No installed plugin has registered a game of that name."""
