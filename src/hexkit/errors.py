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


class ConfigError(HexkitError, ValueError):
    """A game configuration that the game cannot be set up with."""


class UnknownGameError(HexkitError, LookupError):
    """No installed plugin has registered a game of that name."""
