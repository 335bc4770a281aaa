"""hexkit.flow: the turn engine every game runs on.

A turn is a stack of small decisions. The engine keeps it in the state's
``pending`` list and owns the legal actions:

* **questions** (:class:`Question`, answered by a player) and **automatic
  steps** (:class:`Step`, run by the engine) are kept apart;
* answers come from one shared vocabulary (:mod:`hexkit.flow.answers`):
  a hex, a named option, a component, a number, yes/no, done/skip, each
  with a label and, where it has one, a hex or component to highlight;
* an :class:`Ask` carries its typed continuation (:class:`Resume`), so a
  sub-question (a payment, a target) resumes without re-running the code
  that asked;
* handlers, steps and continuations are registered on a :class:`Flow`
  built in the game module; an unknown or unanswerable question is an
  error naming it;
* the legal answers are a lazy :class:`LegalView` cached per step, and the
  core :class:`~hexkit.game.Game` numbers them (:class:`~hexkit.game.Catalogue`
  or the default :class:`~hexkit.game.LegalOrder`) with a legal mask.

See the guide ``docs/flow.md`` for an example and the porting plan of the plugins.
"""

from hexkit.game import ActionSpace, Catalogue, LegalOrder

from hexkit.flow.answers import (
    DONE,
    SKIP,
    Answer,
    AnswerKind,
    ComponentAnswer,
    ComponentChoice,
    ComponentRef,
    Done,
    DoneAnswer,
    HexAnswer,
    HexChoice,
    NumberAnswer,
    NumberChoice,
    OptionAnswer,
    OptionChoice,
    Skip,
    YesNo,
    YesNoAnswer,
)
from hexkit.flow.bridge import Legacy
from hexkit.flow.engine import Flow, Handler, LegalView
from hexkit.flow.flowgame import FlowGame
from hexkit.flow.questions import (
    Ask,
    AskComponent,
    AskHex,
    AskNumber,
    AskOption,
    AskYesNo,
    Question,
    Resume,
    Step,
)

__all__ = [
    "Answer", "AnswerKind", "ComponentRef",
    "HexAnswer", "OptionAnswer", "ComponentAnswer", "NumberAnswer", "YesNoAnswer", "DoneAnswer",
    "HexChoice", "OptionChoice", "ComponentChoice", "NumberChoice", "YesNo", "Done", "Skip",
    "DONE", "SKIP",
    "Question", "Step", "Resume",
    "Ask", "AskHex", "AskOption", "AskComponent", "AskNumber", "AskYesNo",
    "Flow", "Handler", "LegalView", "FlowGame", "Legacy",
    "ActionSpace", "Catalogue", "LegalOrder",
]
