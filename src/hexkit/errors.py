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
    "FlowError",
    "UnknownQuestionError",
    "UnanswerableQuestionError",
    "IllegalAnswerError",
    "ActionSpaceError",
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


class FlowError(HexkitError):
    """A turn-engine (:mod:`hexkit.flow`) misuse: a bad registration or a broken stack."""


class UnknownQuestionError(FlowError, LookupError):
    """A question, automatic step or continuation whose type no handler is registered for.

    Attributes:
        item: the pending value nobody handles.
        role: what it is (``"question"``, ``"step"`` or ``"continuation"``).
    """

    def __init__(self, item: object, role: str, known: str) -> None:
        super().__init__(
            f"no handler is registered for the {role} {type(item).__name__} ({_shown(item)});"
            f" registered: {known or 'none'}"
        )
        self.item = item
        self.role = role


class UnanswerableQuestionError(FlowError, ValueError):
    """A question asked with no legal answer: the rules would stall, so it is refused.

    Attributes:
        question: the question (its type and prompt are in the message).
    """

    def __init__(self, question: object) -> None:
        prompt = getattr(question, "prompt", "")
        super().__init__(
            f"question {type(question).__name__} ({prompt or _shown(question)}) has no legal answer"
        )
        self.question = question


class IllegalAnswerError(IllegalActionError):
    """An action that does not legally answer the pending question (the state is unchanged).

    Attributes:
        question: the pending question it was meant to answer (``None`` once the game is over).
    """

    def __init__(self, action: object, rule: str, question: object) -> None:
        super().__init__(action, rule)
        self.question = question


class ActionSpaceError(HexkitError, ValueError):
    """An action number outside a game's action space, or an action the space cannot number."""
