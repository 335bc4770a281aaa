"""What sits on the pending stack: questions a player answers, and automatic steps.

* A :class:`Question` is answered by a player. A game subclasses it for a
  question whose answers come from the state (the Hex tutorial's
  ``ChooseCell``: every empty cell) and registers a
  :class:`~hexkit.flow.engine.Handler` for it.
* An :class:`Ask` is a question whose answers are fixed when it is asked
  (:class:`AskHex`, :class:`AskOption`, :class:`AskComponent`,
  :class:`AskNumber`, :class:`AskYesNo`). It needs no handler: the engine
  hands the answer to its continuation :attr:`Ask.then`, a typed
  :class:`Resume` value, so the code that asked is never run again
  ("ask, then resume": payments, targets).
* A :class:`Step` is automatic: the engine runs it, by its type, as soon as
  it reaches the top of the stack; no player ever sees it.

All three are frozen attrs values (clones share them) and
:class:`~hexkit.game.Decision` subclasses, so the stack stays the state's
``pending`` list. Continuations are values whose *type* picks the code that
runs (registered with :meth:`Flow.resume <hexkit.flow.engine.Flow.resume>`):
mypy checks the registration, and the JSON form nests the value with a
``"type"`` tag; no string names a continuation and no JSON text sits inside
a decision.
"""

from __future__ import annotations

import attrs

from hexkit.game import Decision

from hexkit.flow.answers import (
    SKIP,
    Answer,
    ComponentChoice,
    HexChoice,
    NumberChoice,
    OptionChoice,
    YesNo,
)

__all__ = [
    "Question",
    "Step",
    "Resume",
    "Ask",
    "AskHex",
    "AskOption",
    "AskComponent",
    "AskNumber",
    "AskYesNo",
]


@attrs.frozen(kw_only=True)
class Question(Decision):
    """A question a player answers, resolved by the handler registered for its type.

    Attributes:
        player: who answers.
        prompt: the question as a frontend shows it.
    """


@attrs.frozen(kw_only=True)
class Step(Decision):
    """An automatic step (draw, refill, score), run by the engine by its type.

    Attributes:
        player: the player it concerns (for the log), not someone who answers.
    """


@attrs.frozen(kw_only=True)
class Resume:
    """What to do with the answer to an :class:`Ask`: the context the asker needs.

    Subclass it with the facts the continuation reads (the hex being built
    on, the amount due) and register the code with
    :meth:`Flow.resume <hexkit.flow.engine.Flow.resume>`.
    """


@attrs.frozen(kw_only=True)
class Ask(Question):
    """A question whose legal answers are fixed when it is asked.

    Attributes:
        then: the continuation that receives the answer.
        optional: whether :data:`~hexkit.flow.answers.SKIP` is also a legal answer.
    """

    then: Resume
    optional: bool = False

    def choices(self) -> tuple[Answer, ...]:
        """The legal answers, in order (:data:`~hexkit.flow.answers.SKIP` last if optional)."""
        offered = self.offered()
        return (*offered, SKIP) if self.optional else offered

    def offered(self) -> tuple[Answer, ...]:
        """The answers other than the skip (subclasses supply them)."""
        return ()


@attrs.frozen(kw_only=True)
class AskHex(Ask):
    """Choose one of these hexes (a target, where to build).

    Attributes:
        options: the hexes on offer, each with its label.
    """

    options: tuple[HexChoice, ...]

    def offered(self) -> tuple[Answer, ...]:
        return self.options


@attrs.frozen(kw_only=True)
class AskOption(Ask):
    """Choose one of named options.

    Attributes:
        options: the options on offer.
    """

    options: tuple[OptionChoice, ...]

    def offered(self) -> tuple[Answer, ...]:
        return self.options


@attrs.frozen(kw_only=True)
class AskComponent(Ask):
    """Choose a card or another component.

    Attributes:
        options: the components on offer.
    """

    options: tuple[ComponentChoice, ...]

    def offered(self) -> tuple[Answer, ...]:
        return self.options


@attrs.frozen(kw_only=True)
class AskNumber(Ask):
    """Choose a whole number from ``low`` to ``high`` inclusive (how many, how much).

    Attributes:
        low: the smallest number on offer.
        high: the largest (``high < low`` offers none: an unanswerable question).
    """

    low: int
    high: int

    def offered(self) -> tuple[Answer, ...]:
        return tuple(NumberChoice(n) for n in range(self.low, self.high + 1))


@attrs.frozen(kw_only=True)
class AskYesNo(Ask):
    """Answer yes or no."""

    def offered(self) -> tuple[Answer, ...]:
        return (YesNo(True), YesNo(False))
