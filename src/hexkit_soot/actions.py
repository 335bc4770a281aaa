"""Actions and decisions of Soot & Timber.

A turn is a chain of small questions. Every pending question is a
:class:`Step` (one decision class; ``kind`` names the question), and every
answer is a :class:`Choose`: a ``code`` saying what kind of answer it is
(``"Explore"``, ``"hex"``, ``"good"``, ``"qty"``...) and an integer ``arg``
(a hex index, a unit count, a slot). The label is for people and logs and
takes no part in equality, so a record stays valid if wording changes.

Examples of chains (each line is one decision):

* Turn menu -> ``Choose("Explore")`` -> ``Choose("tile", 0)`` (which drawn
  tile) -> ``Choose("hex", 3)`` (which neighbour of the Explorer).
* Turn menu -> ``Choose("Market")`` -> ``Choose("sell", good id)`` ->
  ``Choose("qty", 3)``.

Source: rulebook, "Phase 2: Actions" and each action's section.
"""

from __future__ import annotations

import attrs

from hexkit.flow import Resume
from hexkit.game import Decision

__all__ = ["Choose", "Step"]


@attrs.frozen(kw_only=True)
class Choose:
    """An answer to the pending :class:`Step`.

    Attributes:
        code: what kind of answer (an action name, ``"hex"``, ``"good"``, ``"qty"``...).
        arg: its integer argument (meaning set by ``code``).
        label: readable text; not part of equality or hashing.
    """

    code: str
    arg: int = 0
    label: str = attrs.field(default="", eq=False)

    def __str__(self) -> str:
        return str(self.label or (f"{self.code} {self.arg}" if self.arg else self.code))


@attrs.frozen(kw_only=True)
class Step(Decision):
    """A pending question.

    Attributes:
        kind: which question (the handler that answers it), e.g. ``"turn"``,
            ``"explore.tile"``, ``"market.qty"``, ``"effect"``.
        tag: extra text context (an effect's ``"Name|stage"``, a good's name).
        data: integer context (hex indexes, goods ids, counts).
        options: the legal answers, when fixed when the question was asked
            (empty: they are computed from the state, as for the turn menu).
        then: the typed continuation that receives the answer ("ask, then
            resume": a payment's :class:`~hexkit_soot.rules.payment.Paying`
            rule), or ``None`` for a question answered by the handler of its
            ``kind``. The game hands the answer to the code registered for
            its type (:meth:`hexkit.flow.Flow.proceed`); it is saved nested,
            with a ``"type"`` tag, and a save without it loads as ``None``.
    """

    kind: str
    tag: str = ""
    data: tuple[int, ...] = ()
    options: tuple[Choose, ...] = ()
    then: Resume | None = None
