"""Payment choices: which goods, from which place, and which cards pay a cost.

Several costs leave the payer a choice the engine must not make for them:
a facility's use cost of "fuel" or "food" takes any fuel or food good, the
Luxury Manufactory takes one of several inputs, upkeep food may be paid
with any food goods, a card spent as a wild resource may be any card in
hand, and the same good may sit on a caravan, loose on the hex or in the
warehouse network. This module is the one place that turns such a choice
into questions; the rules say what is owed (a :class:`Need`) and call
:func:`settle`.

A *way to pay* a need is a multiset of units whose value covers the amount
and that wastes no unit: dropping any one unit would leave it short (so a
2-food Livestock may overpay a bill of 1, but a Grain is never added on
top of a bill already covered). When the units held cannot cover the
amount, the only way is to pay every unit held (upkeep then charges the
rest at the company store). Ways are compared as multisets, so identical
units never make two options.

* One way: paid at once, no question (random games see no extra decision).
* Up to :data:`LIST_LIMIT` ways: one question lists them.
* More: one question per unit, in a fixed order of the kinds (higher value
  first), so each multiset is reached by exactly one chain of answers.

"Ask, then resume": a rule calls :func:`pay` with a :class:`Paying`
value, a typed continuation holding what the rule needs to go on (which
caravan, which facility). With no choice to make the rule's
:meth:`Paying.paid` runs at once; otherwise a payment question
(:class:`~hexkit_soot.actions.ChoosePayment`, or
:class:`~hexkit_soot.actions.ChoosePrivatePayment` for cards in hand,
answered by :class:`PaymentHandler`) carries the value (its answers so far
in :attr:`Paying.chosen`) and, once the payer
has answered everything, :meth:`Paying.paid` runs with the ways chosen.
The handler that asked is never run again and nothing travels outside the
state. The continuation types are registered with the game's engine from
``game.py`` (:func:`register`), which also saves them, tagged by type.

Rules not yet ported call the older :func:`settle` inside a handler: it
asks with a :class:`Rerun` continuation (the paying question and its
answer) and, when the payer has answered, runs that question's handler
again with the answers handed over explicitly; :func:`settle` then returns
the ways. The paying question is a ``Step`` (its handler reads the answers
from a :class:`Prepaid` on it) or a typed question whose handler is a
:class:`SettlingHandler` (registered with :func:`register`, which hands the
answers to :meth:`SettlingHandler.resolve_paying`). Payment questions saved
before continuations existed (the paying question under the question) are
still answered that way (:class:`PayQuestions`): such a question is the one
``Step`` of kind ``"pay"`` left, an old save's shape; a payment question
saved later, with its continuation, loads as the typed question.

Source: rulebook, "Refine" (use costs), "Phase 3: Upkeep" (food),
"Cards" (one wild resource), "Warehouses & Network" (where goods are).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

import attrs

from hexkit.errors import HexkitError
from hexkit.flow import Flow, Handler, Resume
from hexkit.game import Decision, PlayerId
from hexkit.hexes import Hex
from hexkit_soot import effects
from hexkit_soot.actions import (Choose, ChoosePayment, ChoosePrivatePayment, EffectQuestion, SootDecision,
                                 SootQuestion, Step)
from hexkit_soot.ledger import return_goods
from hexkit_soot.rules.steps import HANDLERS, hand_on, handles, opt
from hexkit_soot.state import Goods, SootState, add_goods

__all__ = [
    "LIST_LIMIT",
    "Need",
    "Paying",
    "Prepaid",
    "Rerun",
    "SettlingHandler",
    "PayQuestions",
    "PaymentHandler",
    "payment_answers",
    "asked_again",
    "pay",
    "prepaid",
    "resume",
    "register",
    "Pick",
    "Stages",
    "Place",
    "ways",
    "next_units",
    "settle",
    "default",
    "places",
    "pool_of",
    "source_need",
    "take",
    "units_of",
]

LIST_LIMIT = 12
"""Most ways one question lists; a need with more is asked one unit at a time."""

Pick = tuple[tuple[str, int], ...]
"""A chosen way: ``(name, units)`` pairs, in the need's order."""

NETWORK = "network"
LOOSE = "loose"


@attrs.frozen
class Need:
    """One part of a payment: ``amount`` of value out of the units held.

    Build it with :meth:`of`, which keeps the kinds held and sorts them by
    value, highest first (the order in which units are asked).

    Attributes:
        what: what is paid, for prompts ("fuel for the Smelter").
        amount: the value to cover (0 or less: nothing to pay).
        names: kinds of unit that may pay (goods, card names, places).
        values: value of one unit of each kind.
        counts: units held of each kind.
        labels: how each kind is shown in an answer.
        private: the units are secret (cards in hand): the question is private.
        only: when given, the ways to offer (already filtered by the rule,
            e.g. the resources a discount may waive); they are always listed,
            never asked unit by unit.
        question: the prompt to ask instead of "<what>: pay with?".
    """

    what: str
    amount: int
    names: tuple[str, ...]
    values: tuple[int, ...]
    counts: tuple[int, ...]
    labels: tuple[str, ...]
    private: bool = False
    only: tuple[Pick, ...] | None = None
    question: str = ""

    @classmethod
    def of(
        cls, what: str, amount: int, units: Iterable[tuple[str, int, int]],
        label: Callable[[str], str] | None = None, private: bool = False,
    ) -> Need:
        """A need from ``(name, value, count)`` triples (kinds with no unit or no value dropped).

        Args:
            what: what is paid, for prompts.
            amount: the value to cover.
            units: the kinds held, in the order to offer them among equal values.
            label: how a kind is shown (default: its name).
            private: the units are secret.
        """
        kept = sorted(((n, v, c) for n, v, c in units if v > 0 and c > 0), key=lambda u: -u[1])
        show = label or (lambda n: n)
        return cls(
            what=what, amount=amount, names=tuple(u[0] for u in kept), values=tuple(u[1] for u in kept),
            counts=tuple(u[2] for u in kept), labels=tuple(show(u[0]) for u in kept), private=private,
        )

    def total(self) -> int:
        """Value of every unit held."""
        return sum(v * c for v, c in zip(self.values, self.counts))

    def show(self, pick: Pick) -> str:
        """A way as text ("2 Coal + 1 Coke").

        Args:
            pick: a way to pay this need.
        """
        label = dict(zip(self.names, self.labels))
        return " + ".join(f"{n} {label.get(name, name)}" for name, n in pick) or "nothing"


Stages = Callable[[Sequence[Pick]], "Need | None"]
"""The parts of a payment: given the ways chosen so far, the next need (``None``: done)."""


def _everything(need: Need) -> Pick:
    return tuple((n, c) for n, c in zip(need.names, need.counts))


def ways(need: Need, limit: int | None = None) -> list[Pick] | None:
    """Every distinct way to pay ``need``, least overpaid first; ``None`` if more than ``limit``.

    Args:
        need: what is owed and the units held.
        limit: stop counting past this many (``None``: no limit).

    Returns:
        The ways (one empty way when nothing is owed; one way of every unit
        when the units cannot cover the amount).
    """
    if need.amount <= 0:
        return [()]
    if need.only is not None:
        return list(need.only)
    if need.total() < need.amount:
        return [_everything(need)]
    k = len(need.names)
    suffix = [0] * (k + 1)
    for i in range(k - 1, -1, -1):
        suffix[i] = suffix[i + 1] + need.values[i] * need.counts[i]
    found: list[tuple[int, Pick]] = []

    def walk(i: int, left: int, acc: Pick) -> None:
        # kinds come in falling value, so the last kind used is the cheapest unit:
        # a way is complete exactly when that kind's units first cover what is left
        if i == k or suffix[i] < left or (limit is not None and len(found) > limit):
            return
        v, c = need.values[i], need.counts[i]
        cover = -(-left // v)
        if cover <= c:
            found.append((cover * v - left, (*acc, (need.names[i], cover))))
        for n in range(min(c, cover - 1), -1, -1):
            walk(i + 1, left - n * v, (*acc, (need.names[i], n)) if n else acc)

    walk(0, need.amount, ())
    if limit is not None and len(found) > limit:
        return None
    return [pick for _, pick in sorted(found, key=lambda f: f[0])]


def next_units(need: Need, chosen: Sequence[int]) -> list[int]:
    """Kinds (indexes into ``need.names``) that may pay the next unit after ``chosen``.

    Units are chosen in the need's order (a kind at or after the last one
    chosen), so each way has one chain of answers. A kind is offered when
    some way still starts with ``chosen`` and it.

    Args:
        need: a need the units held can cover.
        chosen: kinds chosen so far, in order.

    Returns:
        The kinds that may come next; empty when ``chosen`` already pays.
    """
    left = need.amount - sum(need.values[i] for i in chosen)
    if left <= 0:
        return []
    counts = list(need.counts)
    for i in chosen:
        counts[i] -= 1
    out = []
    avail = 0
    first = chosen[-1] if chosen else 0
    for j in range(len(need.names) - 1, first - 1, -1):
        avail += need.values[j] * counts[j]
        if counts[j] > 0 and avail >= left:
            out.append(j)
    return out[::-1]


def _pick_of(need: Need, chosen: Sequence[int]) -> Pick:
    out: list[tuple[str, int]] = []
    for i in chosen:
        if out and out[-1][0] == need.names[i]:
            out[-1] = (need.names[i], out[-1][1] + 1)
        else:
            out.append((need.names[i], 1))
    return tuple(out)


@attrs.frozen
class _Question:
    """A payment question to ask: its prompt, what is paid, and its answers' arguments and texts."""

    private: bool
    prompt: str
    what: str
    by_unit: bool
    offered: tuple[int, ...]
    shown: tuple[str, ...]

    def asked(self, payer: PlayerId, then: Resume) -> ChoosePayment:
        """The typed question, answered through ``then``."""
        kind = ChoosePrivatePayment if self.private else ChoosePayment
        return kind(player=payer, prompt=self.prompt, what=self.what, by_unit=self.by_unit, offered=self.offered,
                    shown=self.shown, then=then)


def _resolve(stages: Stages, answers: list[int], first: bool) -> tuple[list[Pick], list[int], _Question | None]:
    """Run the stages with recorded ``answers``; stop at the first choice not answered yet.

    With ``first`` every open choice takes its first option instead of asking.

    Raises:
        HexkitError: a recorded answer that is no way or unit on offer
            (a tampered save's continuation), naming the payment.
    """
    picks: list[Pick] = []
    used: list[int] = []
    while (need := stages(picks)) is not None:
        listed = ways(need, LIST_LIMIT)
        if listed is not None:
            if len(listed) > 1 and not first and len(used) == len(answers):
                return picks, used, _Question(need.private, need.question or f"{need.what}: pay with?", need.what,
                                              False, tuple(range(len(listed))), tuple(need.show(w) for w in listed))
            i = 0 if len(listed) == 1 or first else answers[len(used)]
            if len(listed) > 1 and not first:
                if not 0 <= i < len(listed):
                    raise HexkitError(f"{need.what}: recorded payment answer {i} is not one of the"
                                      f" {len(listed)} ways (a damaged continuation)")
                used.append(i)
            picks.append(listed[i])
            continue
        chosen: list[int] = []
        while cands := next_units(need, chosen):
            if len(cands) > 1 and not first and len(used) == len(answers):
                so_far = _pick_of(need, chosen)
                done = f"; so far {need.show(so_far)}" if so_far else ""
                return picks, used, _Question(need.private, f"{need.what}: next unit{done}?", need.what, True,
                                              tuple(cands), tuple(need.labels[j] for j in cands))
            j = cands[0] if len(cands) == 1 or first else answers[len(used)]
            if len(cands) > 1 and not first:
                if j not in cands:
                    raise HexkitError(f"{need.what}: recorded payment answer {j} is not a unit on offer"
                                      f" ({', '.join(map(str, cands))}; a damaged continuation)")
                used.append(j)
            chosen.append(j)
        picks.append(_pick_of(need, chosen))
    return picks, used, None


@attrs.frozen(kw_only=True)
class Paying(Resume, ABC):
    """A rule waiting for a payment: the typed continuation of its questions.

    Subclass it once per paying rule with the facts the rule needs to go on
    (which caravan, which facility), implement :meth:`stages` and
    :meth:`paid`, and register the subclass with :func:`register`. Call
    :func:`pay` with a value; it pays at once when there is no choice, or
    asks the payer, keeping the value (with the answers so far in
    :attr:`chosen`) in the question. When the payer has answered
    everything, :meth:`paid` runs with the ways chosen: the rule resumes
    where it stopped and nothing is run twice.

    Attributes:
        payer: who pays (and answers).
        chosen: the payer's answers so far (set by the payment questions).
    """

    payer: PlayerId
    chosen: tuple[int, ...] = ()

    @abstractmethod
    def stages(self, state: SootState) -> Stages:
        """The parts of the payment (a pure function of the state and this value)."""

    @abstractmethod
    def paid(self, state: SootState, picks: list[Pick]) -> None:
        """Go on with the ways chosen, one per stage."""


def pay(state: SootState, then: Paying, given: tuple[int, ...] = ()) -> None:
    """Pay ``then.stages(state)``: at once when each choice has one way, else ask.

    Either :meth:`Paying.paid` runs now with the ways, or a payment question
    carrying ``then`` is put on the stack and :meth:`Paying.paid` runs when
    it (and any question after it) is answered. Call it as the last thing
    the rule does before the payment: what follows belongs in ``paid``.

    Args:
        state: the game.
        then: the paying rule and its context.
        given: answers already given (:func:`prepaid` of the handler's step:
            a payment question of an old save, answered through :class:`Rerun`).
    """
    _proceed(state, then, given)


def prepaid(step: Step) -> tuple[int, ...]:
    """The payment answers handed to a handler run by :class:`Rerun` (``()`` otherwise).

    A ported rule passes them to :func:`pay`, so a payment question saved
    before continuations existed resumes with the answers already given.

    Args:
        step: the step whose answer the handler is handling.
    """
    given = step.then
    return given.answers if isinstance(given, Prepaid) else ()


def _proceed(state: SootState, then: Paying, answers: tuple[int, ...]) -> None:
    picks, used, question = _resolve(then.stages(state), list(answers), first=False)
    if question is None:
        then.paid(state, picks)
        return
    state.pending.append(question.asked(then.payer, attrs.evolve(then, chosen=tuple(used))))


def resume(state: SootState, then: Paying, answer: Choose) -> None:
    """The continuation of a payment question: record ``answer``, ask the next choice or pay.

    Registered for every :class:`Paying` type by :func:`register`; the
    game hands it the answer (:meth:`hexkit.flow.Flow.proceed`).

    Args:
        state: the game (the question is already popped).
        then: the question's continuation, with the answers before this one.
        answer: the payer's answer (a ``way`` or ``unit`` index).
    """
    _proceed(state, attrs.evolve(then, chosen=()), (*then.chosen, answer.arg))


# -- the older form: rules that still pay inside a handler ----------------------------


@attrs.frozen(kw_only=True)
class Prepaid(Resume):
    """The answers of a payment, handed to a handler run again by :class:`Rerun`.

    Only ever set on the step passed to that handler (never kept in the
    state): :func:`settle` reads the answers from it.

    Attributes:
        answers: every answer given, in order.
    """

    answers: tuple[int, ...]


@attrs.frozen(kw_only=True)
class Rerun(Resume):
    """The continuation of a payment asked by :func:`settle` (a rule not ported to :class:`Paying`).

    When the payer has answered, the paying question's handler runs again
    with its own answer and the payment's answers (handed over explicitly,
    no hidden channel); the state has not changed in between, so the rule
    computes the same need and :func:`settle` returns the ways.

    Attributes:
        step: the question whose answer was being handled: a ``Step``
            (without its options) or a typed question
            (:class:`~hexkit_soot.actions.SootQuestion`) answered by a
            :class:`SettlingHandler`; saved with its ``"type"`` tag (an
            untagged one, as Soot 0.3.3 wrote it, is read as a ``Step``, or as
            the typed question of its kind).
        answer: that answer.
        chosen: the payer's answers so far.
    """

    step: Decision
    answer: Choose
    chosen: tuple[int, ...] = ()


def settle(state: SootState, step: SootDecision, answer: Choose, stages: Stages,
           given: tuple[int, ...]) -> list[Pick] | None:
    """The ways chosen to pay ``stages``, or ``None`` after asking the payer (return then).

    The older form of :func:`pay`, for rules still paying inside a handler:
    call it before the rule changes anything. Choices with one way are made
    at once; the first open choice is asked with a :class:`Rerun`
    continuation, and the handler of ``step`` runs again, with ``answer``
    and the payment's answers, once the payer has chosen.

    Args:
        state: the game.
        step: the question whose answer is being handled (or a question of
            the rule's own kind when paying outside a handler): a ``Step``, or
            a typed question whose handler is a :class:`SettlingHandler`.
        answer: the answer being handled.
        stages: the parts of the payment.
        given: the payment's answers handed to the handler run again
            (:func:`prepaid` of a ``Step``; the ``given`` of
            :meth:`SettlingHandler.resolve_paying`); ``()`` the first time.

    Returns:
        One way per stage, or ``None`` when a question was asked.
    """
    picks, used, question = _resolve(stages, list(given), first=False)
    if question is None:
        return picks
    paying: Decision = attrs.evolve(step, options=(), then=None) if isinstance(step, Step) else step
    state.pending.append(question.asked(step.player, Rerun(step=paying, answer=answer, chosen=tuple(used))))
    return None


def default(stages: Stages) -> list[Pick]:
    """The first way of every stage, asking nothing (for direct calls and tests).

    Args:
        stages: the parts of the payment.
    """
    return _resolve(stages, [], first=True)[0]


Q = TypeVar("Q", bound=SootQuestion)


class SettlingHandler(Handler[SootState, Q, Choose], ABC):
    """The handler of a typed question whose answer pays through :func:`settle` (a build cost).

    :meth:`resolve` is :meth:`resolve_paying` with no payment answers yet;
    when :func:`settle` has asked the payer, the :class:`Rerun` continuation
    runs :meth:`resolve_paying` again with the question, its answer and the
    payment's answers, which the handler passes on to :func:`settle`.
    Register it with :func:`register` (``game.py`` does).
    """

    def resolve(self, state: SootState, question: Q, answer: Choose) -> None:
        """Answer ``question``: :meth:`resolve_paying` with no payment answers."""
        self.resolve_paying(state, question, answer, ())

    @abstractmethod
    def resolve_paying(self, state: SootState, question: Q, answer: Choose, given: tuple[int, ...]) -> None:
        """Answer ``question``, paying with the payment's answers ``given`` so far (pass them to :func:`settle`)."""


class PayQuestions(Handler[SootState, Step, Choose]):
    """The :class:`Rerun` continuation of one game, and the payment questions left as a ``Step``.

    Payment questions are typed (:class:`~hexkit_soot.actions.ChoosePayment`,
    :class:`PaymentHandler`); a ``Step`` of kind ``"pay"`` / ``"pay.private"``
    is only an old save's shape. Its answers are its fixed ``options``. One
    with a continuation (built by hand) is handed to it; :meth:`resolve`
    answers the others, saved before continuations existed (Soot 0.3.2 and
    older): the paying
    question lies under it, its answer in ``tag`` and ``data[0]``, the
    payment's answers in ``data[1:]``; it is answered as a :class:`Rerun`,
    so old saves keep loading and playing, whether the paying question
    loads as a ``Step`` or, its kind typed since, as a typed question.

    Args:
        settling: the handler of each typed question that pays through
            :func:`settle` (filled by ``game.py`` as it registers them).
    """

    def __init__(self, settling: Mapping[type[SootQuestion], SettlingHandler[Any]]) -> None:
        self.settling = settling

    def answers(self, state: SootState, question: Step) -> Sequence[Choose]:
        """The ways or units offered (fixed when asked)."""
        return question.options

    def contains(self, state: SootState, question: Step, answer: object) -> bool:
        """Whether ``answer`` is one of the options."""
        return answer in question.options

    def rerun(self, state: SootState, then: Rerun, answer: Choose) -> None:
        """Run the paying question's handler again, with its own answer and the payment's answers.

        Raises:
            HexkitError: no rule answers the paying question (a damaged save), naming it.
        """
        given = (*then.chosen, answer.arg)
        original = then.answer
        paying = then.step
        if isinstance(paying, Step):
            step = attrs.evolve(paying, then=Prepaid(answers=given))
            handler = HANDLERS.get(step.kind)
            if handler is None:
                raise HexkitError(f"payment {paying.prompt!r}: no rule answers a {step.kind!r} step")
            handler(state, step, original)
            return
        if isinstance(paying, EffectQuestion):  # an effect question of Soot 0.3.2, answered by its stage
            effects.resume(state, paying, original)
            return
        settling = self.settling.get(type(paying)) if isinstance(paying, SootQuestion) else None
        if settling is None:
            raise HexkitError(f"payment {paying.prompt!r}: no rule pays for a {type(paying).__name__} question")
        settling.resolve_paying(state, paying, original, given)

    def resolve(self, state: SootState, question: Step, answer: Choose) -> None:
        """Answer a payment question without a continuation (an old save's), as a :class:`Rerun`.

        Raises:
            HexkitError: a question with neither a continuation nor a paying question under it.
        """
        then = question.then
        if isinstance(then, Paying):
            resume(state, then, answer)
            return
        if isinstance(then, Rerun):
            self.rerun(state, then, answer)
            return
        paying = state.pending[-1] if state.pending else None
        if then is not None or not question.data or paying is None or not isinstance(paying, (Step, *self.settling)):
            state.pending.append(question)  # refused before anything changed: the question stays
            what = f"a {type(then).__name__} continuation" if then is not None else "no continuation"
            raise HexkitError(f"payment question {question.prompt!r} has {what} and no paying step under it")
        state.pending.pop()
        self.rerun(state, Rerun(step=paying, answer=Choose(code=question.tag, arg=question.data[0]),
                                chosen=question.data[1:]), answer)


def payment_answers(question: ChoosePayment) -> tuple[Choose, ...]:
    """The answers of a payment question: ``Choose("way", i)`` or ``Choose("unit", j)`` with their labels.

    A masked one (another seat's view) has the one answer ``Choose(code, -1, "?")``.

    Args:
        question: the payment question.
    """
    code = "unit" if question.by_unit else "way"
    if question.screened:
        return (opt(code, -1, "?"),)
    one = "1 " if question.by_unit else ""
    return tuple(opt(code, arg, f"{question.what}: {one}{text}") for arg, text in zip(question.offered, question.shown))


class PaymentHandler(Handler[SootState, ChoosePayment, Choose]):
    """The :class:`~hexkit_soot.actions.ChoosePayment` and :class:`~hexkit_soot.actions.ChoosePrivatePayment`
    questions: the answer goes to the question's continuation (a :class:`Paying` rule's :func:`resume`, or
    :meth:`PayQuestions.rerun` for a :class:`Rerun`), as the engine registered it.

    Args:
        flow: the game's engine (its registered continuations).
    """

    def __init__(self, flow: Flow[SootState]) -> None:
        self.flow = flow

    def answers(self, state: SootState, question: ChoosePayment) -> Sequence[Choose]:
        """The ways or units offered (fixed when asked): :func:`payment_answers`."""
        return payment_answers(question)

    def resolve(self, state: SootState, question: ChoosePayment, answer: Choose) -> None:
        """Hand ``answer`` to the continuation.

        Raises:
            HexkitError: a masked question (no continuation), or a continuation nobody
                registered (:class:`~hexkit.errors.UnknownQuestionError`); the question stays, nothing changed.
        """
        then = question.then
        if then is None:
            state.pending.append(question)
            raise HexkitError(f"payment question {question.prompt!r} has no continuation (another seat's view)")
        hand_on(self.flow, state, question, then, answer)


def asked_again(state: SootState, question: ChoosePayment) -> str | None:
    """Why ``question`` is not the question its :class:`Paying` rule asks now (``None``: it is, or it pays a :class:`Rerun`).

    For a loaded game's integrity check: the rule's stages, run with the answers
    recorded in the continuation, must stop at a question with the same prompt,
    arguments and texts.

    Args:
        state: the game.
        question: a pending payment question.
    """
    then = question.then
    if not isinstance(then, Paying):
        return None
    try:
        _, _, now = _resolve(then.stages(state), list(then.chosen), first=False)
    except (HexkitError, LookupError, ValueError) as exc:
        return f"its {type(then).__name__} continuation cannot be resumed: {exc}"
    if now is None:
        return f"its {type(then).__name__} continuation has nothing left to ask"
    if (now.private, now.prompt, now.what, now.by_unit, now.offered, now.shown) != (
            isinstance(question, ChoosePrivatePayment), question.prompt, question.what, question.by_unit,
            question.offered, question.shown):
        return (f"its {type(then).__name__} continuation asks {now.prompt!r} with "
                f"{len(now.offered)} answers ({'; '.join(now.shown)[:120]}), not this question")
    return None


_UNTYPED = PayQuestions({})
"""Payment questions over a ``Step`` only, for callers that run the registry's handler of ``"pay"`` directly."""


def _on_pay(state: SootState, step: Step, answer: Choose) -> None:
    """The registry's handler of ``pay`` questions (the game answers them with its :class:`PayQuestions`).

    The same for a caller that runs the handler of a kind directly, for a
    paying ``Step``: see :meth:`PayQuestions.resolve`.
    """
    _UNTYPED.resolve(state, step, answer)


handles("pay")(_on_pay)
handles("pay.private")(_on_pay)


def register(flow: Flow[SootState], rules: Iterable[type[Paying]],
             settling: Mapping[type[SootQuestion], SettlingHandler[Any]]) -> PayQuestions:
    """Register the payment continuations with the game's engine (called by ``game.py``).

    Args:
        flow: the game's engine.
        rules: every :class:`Paying` subclass the rules use.
        settling: the handler of each typed question that pays through
            :func:`settle` (may be filled after this call).

    Returns:
        The handler of the ``"pay"`` questions, for the game's ``Step`` handler.

    Raises:
        FlowError: if a type is registered twice.
    """
    questions = PayQuestions(settling)
    flow.resume(Rerun, questions.rerun)
    for kind in rules:
        flow.resume(kind, resume)
    return questions


# -- where goods are ------------------------------------------------------------

@attrs.frozen
class Place:
    """A place a payment may take goods from.

    Attributes:
        key: ``"network"``, ``"loose"`` or ``"caravan:<index>"``.
        label: how it is shown ("from caravan 1 at (2, 0)").
        goods: the goods there (the live container).
    """

    key: str
    label: str
    goods: Goods


def places(state: SootState, player: PlayerId, at: Hex | None, network: bool) -> list[Place]:
    """The places ``player`` may pay goods from: caravans, loose goods, the network.

    Args:
        state: the game.
        player: the payer.
        at: caravans and loose goods on this hex count (``None``: every
            caravan, wherever it is, and no loose goods).
        network: the warehouse network counts.

    Returns:
        Caravans first (in the player's order), then loose goods, then the network.
    """
    p = state.players[player]
    out = [
        Place(f"caravan:{i}", f"from caravan {i} at {c.loc}", c.cargo)
        for i, c in enumerate(p.caravans) if c.cargo and (at is None or c.loc == at)
    ]
    if at is not None and p.loose.get(at):
        out.append(Place(LOOSE, f"from the goods lying at {at}", p.loose[at]))
    if network and p.stock:
        out.append(Place(NETWORK, "from the network", p.stock))
    return out


def pool_of(found: Sequence[Place]) -> Goods:
    """All goods of ``found`` together.

    Args:
        found: places.
    """
    out: Goods = {}
    for place in found:
        for g, n in place.goods.items():
            add_goods(out, g, n)
    return out


def source_need(found: Sequence[Place], good: str, units: int) -> Need:
    """Where ``units`` of ``good`` come from: one unit per place chosen.

    Args:
        found: the places usable (from :func:`places`).
        good: the good paid.
        units: how many.
    """
    labels = {p.key: p.label for p in found}
    return Need.of(f"{units} {good}", units, [(p.key, 1, p.goods.get(good, 0)) for p in found],
                   label=lambda k: labels[k])


def take(state: SootState, player: PlayerId, at: Hex | None, key: str, good: str, n: int) -> None:
    """Take ``n`` of ``good`` from the place ``key`` back to the supply.

    Args:
        state: the game.
        player: the payer.
        at: the hex of loose goods (for ``"loose"``).
        key: the place (see :class:`Place`).
        good: the good.
        n: how many (at most what is there).
    """
    if key == NETWORK:
        return_goods(state, player, good, n)
    elif key == LOOSE and at is not None:
        return_goods(state, player, good, n, at)
    else:
        return_goods(state, player, good, n, int(key.partition(":")[2]))


def units_of(picks: Iterable[Pick]) -> Goods:
    """The picks added up by name.

    Args:
        picks: ways chosen.
    """
    out: Goods = {}
    for pick in picks:
        for name, n in pick:
            add_goods(out, name, n)
    return out
