"""The shared vocabulary of answers: what a player can say to a question.

Every game's actions are drawn from six kinds, so one frontend, one RL
adapter and one agent serve every game:

* a hex: :class:`~hexkit.flow.answers.HexChoice`; a board highlights
  :attr:`~hexkit.flow.answers.Answer.hex`;
* one of named options: :class:`~hexkit.flow.answers.OptionChoice`;
* a card or component: :class:`~hexkit.flow.answers.ComponentChoice`; a
  board highlights :attr:`~hexkit.flow.answers.Answer.component`;
* a number in a range: :class:`~hexkit.flow.answers.NumberChoice`;
* yes or no: :class:`~hexkit.flow.answers.YesNo`;
* done or skip: :data:`~hexkit.flow.answers.DONE`, :data:`~hexkit.flow.answers.SKIP`.

An answer is a small frozen slotted attrs value: hashable, with a readable
``str`` and a stable JSON form through :func:`hexkit.serialize.make_converter`.
A game may subclass a kind to keep its own names and JSON tags (the Hex
tutorial's ``Place`` is a :class:`~hexkit.flow.answers.HexAnswer`); a frontend dispatches on
:attr:`~hexkit.flow.answers.Answer.kind`, never on the game's class names.
"""

from __future__ import annotations

import enum
from typing import ClassVar

import attrs

from hexkit.hexes import Hex

__all__ = [
    "AnswerKind",
    "ComponentRef",
    "Answer",
    "HexAnswer",
    "OptionAnswer",
    "ComponentAnswer",
    "NumberAnswer",
    "YesNoAnswer",
    "DoneAnswer",
    "HexChoice",
    "OptionChoice",
    "ComponentChoice",
    "NumberChoice",
    "YesNo",
    "Done",
    "Skip",
    "DONE",
    "SKIP",
]


class AnswerKind(enum.Enum):
    """Which of the six shared kinds an answer is."""

    HEX = "hex"
    OPTION = "option"
    COMPONENT = "component"
    NUMBER = "number"
    YES_NO = "yes/no"
    DONE = "done"


@attrs.frozen(order=True)
class ComponentRef:
    """A component a board or a hand can highlight: a card, a Spellcar, a good.

    Attributes:
        group: what it is (``"spellcar"``, ``"card"``, ``"good"``).
        key: which one, by the name or id the game gives it.

    >>> str(ComponentRef("spellcar", "Flow Controller"))
    'spellcar:Flow Controller'
    """

    group: str
    key: str

    def __str__(self) -> str:
        return f"{self.group}:{self.key}"


@attrs.frozen
class Answer:
    """Base of every answer. Subclasses set :attr:`kind` and may override the properties.

    Attributes:
        kind: which shared kind this answer is (a class constant).
    """

    kind: ClassVar[AnswerKind]

    @property
    def label(self) -> str:
        """What a frontend shows for this answer (default: ``str(self)``)."""
        return str(self)

    @property
    def hex(self) -> Hex | None:
        """The hex a board highlights for this answer, if any."""
        return None

    @property
    def component(self) -> ComponentRef | None:
        """The component a board highlights for this answer, if any."""
        return None


@attrs.frozen
class HexAnswer(Answer):
    """Kind: a hex. Subclasses hold a ``hex`` field (which overrides the property)."""

    kind: ClassVar[AnswerKind] = AnswerKind.HEX


@attrs.frozen
class OptionAnswer(Answer):
    """Kind: one of named options (an action name, a rule's choice)."""

    kind: ClassVar[AnswerKind] = AnswerKind.OPTION


@attrs.frozen
class ComponentAnswer(Answer):
    """Kind: a card or another component (see :class:`ComponentRef`)."""

    kind: ClassVar[AnswerKind] = AnswerKind.COMPONENT


@attrs.frozen
class NumberAnswer(Answer):
    """Kind: a number in a range (how many goods, how much to pay)."""

    kind: ClassVar[AnswerKind] = AnswerKind.NUMBER


@attrs.frozen
class YesNoAnswer(Answer):
    """Kind: yes or no."""

    kind: ClassVar[AnswerKind] = AnswerKind.YES_NO


@attrs.frozen
class DoneAnswer(Answer):
    """Kind: done or skip (decline an optional choice, end a repeated one)."""

    kind: ClassVar[AnswerKind] = AnswerKind.DONE


# The ready-made answers. ``text`` is the label; it takes no part in equality or
# hashing, so a record stays valid when wording changes.


def _text(default: str = "") -> str:
    return attrs.field(default=default, eq=False, order=False)


@attrs.frozen
class HexChoice(HexAnswer):
    """A hex, for "choose a hex" questions.

    Attributes:
        hex: the hex.
        text: what to show (default: the hex's coordinates).

    >>> str(HexChoice(Hex(2, -1), "Lake (2,-1)")), HexChoice(Hex(2, -1)).hex
    ('Lake (2,-1)', Hex(q=2, r=-1))
    """

    hex: Hex  # a field where the base has a read-only property
    text: str = _text()

    def __str__(self) -> str:
        return self.text or str(self.hex)


@attrs.frozen
class OptionChoice(OptionAnswer):
    """One of named options.

    Attributes:
        option: the option's name (what a record stores).
        text: what to show (default: the name).

    >>> str(OptionChoice("explore")), OptionChoice("explore") == OptionChoice("explore", "Explore!")
    ('explore', True)
    """

    option: str
    text: str = _text()

    def __str__(self) -> str:
        return self.text or self.option


@attrs.frozen
class ComponentChoice(ComponentAnswer):
    """A card or another component.

    Attributes:
        ref: which component (a board highlights it).
        text: what to show (default: the reference).
    """

    ref: ComponentRef
    text: str = _text()

    @property
    def component(self) -> ComponentRef:
        """The chosen component."""
        return self.ref

    def __str__(self) -> str:
        return self.text or str(self.ref)


@attrs.frozen
class NumberChoice(NumberAnswer):
    """A number (the question states the range).

    Attributes:
        value: the number.
        text: what to show (default: the number).
    """

    value: int
    text: str = _text()

    def __str__(self) -> str:
        return self.text or str(self.value)


@attrs.frozen
class YesNo(YesNoAnswer):
    """Yes or no.

    Attributes:
        yes: ``True`` for yes.
        text: what to show (default ``"yes"`` / ``"no"``).
    """

    yes: bool
    text: str = _text()

    def __str__(self) -> str:
        return self.text or ("yes" if self.yes else "no")


@attrs.frozen
class Done(DoneAnswer):
    """Finish a repeated choice ("done building")."""

    def __str__(self) -> str:
        return "done"


@attrs.frozen
class Skip(DoneAnswer):
    """Decline an optional choice ("skip the payment")."""

    def __str__(self) -> str:
        return "skip"


DONE = Done()
"""The one :class:`Done` value."""

SKIP = Skip()
"""The one :class:`Skip` value."""
