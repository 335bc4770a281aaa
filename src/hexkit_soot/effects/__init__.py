"""The effects registry: what cards, events, upgrades and passives do.

Effects are code declared under the component's name as printed in the
data files (``cards.toml``, ``events.toml``, ``archetypes.toml``); the
decorators only declare, and :func:`hexkit_soot.game.register` puts the
declarations into :data:`REGISTRY` (importing a module registers nothing).
Two kinds exist, and one name may use both:

* :func:`effect` declares a **one-shot** effect: a card played for its
  ability, an event option, an upgrade's immediate part. The function gets
  an :class:`Ctx` and changes the state through the shared verbs in
  :mod:`hexkit_soot.effects.verbs`. It may ask its player a question with
  :func:`ask`, passing a typed continuation (``then=``: a frozen attrs
  :class:`hexkit.flow.Resume` holding the context as named fields, e.g.
  :class:`~hexkit_soot.effects.cards.SurveyorWalk`); the game hands the
  answer to the function registered for that type from ``game.py`` (each
  effect module's ``register(flow)``). The state keeps only values, never
  callables. The ``resume`` function given to :func:`effect` receives
  ``(ctx, stage, answer)`` for a question without continuation: every
  effect question is asked with one now, so it only answers questions of
  saves made before (Soot 0.3.2, ``tag`` ``"Name|stage"``).
* :func:`modifier` declares a **passive** change to one number the rules
  compute at a :class:`Hook` (a toll, a sale limit, a food bill). The rules
  call :func:`modify` at each hook; it runs the modifiers of every source
  active for that player: the archetype's passive, the upgrades owned, and
  the names in ``SootState.active`` (effects switched on for a while by
  cards and events; ``"Name"`` for everyone or ``"Name@2"`` for seat 2).

An effect reads its numbers from the data (``effects.toml``, one
``[[number]]`` per number, :class:`hexkit_soot.data.EffectNumbers`), never
from a literal in code, so ``--set effects.<name>=...`` and sweeps reach it.

Example (a card)::

    @effect("Bank Draft")
    def bank_draft(ctx: Ctx) -> None:
        amount = verbs.data(ctx.state).effects.bank_draft_currency
        verbs.gain_currency(ctx.state, ctx.player, amount, why="Bank Draft")

Example (an upgrade's passive)::

    @modifier("Switching Yard", Hook.TOLL_RATE)
    def switching_yard(state: SootState, player: int, value: int, ctx: HookArgs) -> int:
        return max(value, verbs.data(state).effects.switching_yard_toll)

Event functions receive ``ctx.option`` (``"A"`` or ``"B"``) and
``ctx.player`` = the Event Token holder.

Source: rulebook, §15 (cards), §16 (events), §21 (archetypes and upgrades).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, TypeAlias

import attrs

from hexkit.errors import HexkitError
from hexkit.flow import Flow, Handler, Resume
from hexkit.game import PlayerId
from hexkit_soot.actions import Choose, EffectQuestion
from hexkit_soot.registry import REGISTRY as _TABLES, SootRegistry, declare
from hexkit_soot.rules.steps import hand_on, refuse_masked
from hexkit_soot.state import SootState

__all__ = [
    "Hook",
    "HookArgs",
    "Ctx",
    "Effect",
    "PlayFn",
    "ResumeFn",
    "PlayableFn",
    "ModifierFn",
    "REGISTRY",
    "effect",
    "modifier",
    "lookup",
    "has_play",
    "modify",
    "sources",
    "ask",
    "resume",
    "EffectHandler",
    "missing",
    "activate",
    "deactivate",
]


class Hook(enum.Enum):
    """The numbers the rules let effects change, and what ``value`` means at each.

    ``HookArgs`` (a mapping) gives context where noted.
    """

    # Members are singletons compared by identity, so hashing by identity is
    # exact, and in C: Enum's own __hash__ is Python code, run at every hook.
    __hash__ = object.__hash__

    EXPLORE_DRAW = "explore_draw"          #: tiles drawn by Explore (2)
    EXPLORE_MULTIPLIER = "explore_multiplier"  #: multiplier of the goods the Explore collection grants (1, Thaw 2)
    WILDERNESS_SPEED = "wilderness_speed"  #: hexes per Move in wilderness; args: agent ("Explorer"/"Builder")
    EXTRACT_TOKENS = "extract_tokens"      #: tokens removed by Extract; args: hex, camp
    CAMP_CURRENCY = "camp_currency"        #: currency cost of Found Camp (1)
    CAMP_RESOURCES = "camp_resources"      #: resources discount on Found Camp (0)
    SETTLEMENT_RESOURCES = "settlement_resources"  #: resources discount on Found Settlement (0)
    ROUTE_RESOURCES = "route_resources"    #: resources discount per Build Route action (0)
    ROUTE_FREE_ACTION = "route_free_action"  #: 1 if this Build Route uses no action (0)
    SITE_STACK = "site_stack"              #: a site's depletion tokens once a camp is founded there (placed or left); args: resource
    TOLL_RATE = "toll_rate"                #: toll per distinct owner the owner collects (1); player = route owner
    RAIL_FUEL = "rail_fuel"                #: fuel per laden caravan move using rail (1)
    FUEL_USE = "fuel_use"                  #: fuel use cost of one firing; args: facility
    FACILITY_OUTPUT = "facility_output"    #: extra outputs per firing (0); args: facility
    EXTRA_FIRINGS = "extra_firings"        #: extra firings granted in a Refine (0)
    SELL_UNITS = "sell_units"              #: units per Market Transaction (3)
    BUY_MARKUP = "buy_markup"              #: markup on buying (1)
    SELL_BONUS = "sell_bonus"              #: extra currency per unit sold (0); args: good
    CONTRACT_LIMIT = "contract_limit"      #: contracts held (2)
    FOOD_UPKEEP = "food_upkeep"            #: food owed this Upkeep (computed bill)
    PRODUCTION = "production"              #: goods a renewable camp makes (1); args: camp kind
    CHARTER = "charter"                    #: charter payment to the founder (1); player = founder
    SETTLEMENT_SLOTS = "settlement_slots"  #: extra facility slots of a settlement; player = founder
    UPGRADE_POINTS = "upgrade_points"      #: points for a Town/City upgrade; args: tier
    BONUS_ACTIONS = "bonus_actions"        #: bonus actions added at round start (0)
    RESTRICTED_ACTIONS = "restricted_actions"  #: bonus actions only for Refine or Move (0)
    SOOT_PER_ROUND = "soot_per_round"      #: soot removed in Upkeep (0)


HookArgs: TypeAlias = Mapping[str, Any]


@attrs.define(kw_only=True, slots=True)
class Ctx:
    """What a one-shot effect works on.

    Attributes:
        state: the game.
        player: the player it acts for (the card's player; the Event Token
            holder for events; the buyer for upgrades).
        source: the component's name.
        option: ``"A"`` or ``"B"`` for events, else ``""``.
    """

    state: SootState
    player: PlayerId
    source: str
    option: str = ""


PlayFn: TypeAlias = Callable[[Ctx], None]
ResumeFn: TypeAlias = Callable[[Ctx, str, Choose], None]
PlayableFn: TypeAlias = Callable[[Ctx], bool]
ModifierFn: TypeAlias = Callable[[SootState, PlayerId, int, HookArgs], int]


@attrs.define(kw_only=True, slots=True)
class Effect:
    """Everything registered under one name.

    Attributes:
        name: the component's name.
        play: the one-shot effect, or ``None``.
        resume: receives answers to questions asked by :func:`ask`.
        playable: whether ``play`` may be used now (default: always).
        modifiers: passive changes by hook.
    """

    name: str
    play: PlayFn | None = None
    resume: ResumeFn | None = None
    playable: PlayableFn | None = None
    modifiers: dict[Hook, ModifierFn] = attrs.field(factory=dict)


REGISTRY: dict[str, Effect] = _TABLES.effects
"""Every registered effect by name (the registry's table, filled by
:func:`hexkit_soot.game.register`)."""

_BY_HOOK: dict[Hook, dict[str, ModifierFn]] = _TABLES.by_hook
"""The same modifiers indexed by hook, then source name (filled with
``REGISTRY``): :func:`modify` runs at every hook of every rule, and most
hooks have no modifier among a player's sources."""


def _entry(registry: SootRegistry, name: str) -> Effect:
    found = registry.effects.get(name)
    if found is None:
        found = registry.effects[name] = Effect(name=name)
    return found


def effect(
    name: str, *, resume: ResumeFn | None = None, playable: PlayableFn | None = None
) -> Callable[[PlayFn], PlayFn]:
    """Declare the decorated function as the one-shot effect ``name`` (registered by ``game.register``).

    Args:
        name: the component's name exactly as in the data files.
        resume: called with ``(ctx, stage, answer)`` when the player answers
            a question the effect asked with :func:`ask`.
        playable: whether the effect can be used now (cards are offered for
            their ability only when it returns ``True``).

    Raises:
        ValueError: when registered, if ``name`` already has a one-shot effect.
    """

    def declared(fn: PlayFn) -> PlayFn:
        def put(registry: SootRegistry) -> None:
            entry = _entry(registry, name)
            if entry.play is not None:
                raise ValueError(f"effect {name!r} is registered twice")
            entry.play = fn
            entry.resume = resume
            entry.playable = playable

        return declare(fn, put)

    return declared


def modifier(name: str, hook: Hook) -> Callable[[ModifierFn], ModifierFn]:
    """Declare the decorated function as ``name``'s passive change at ``hook``.

    The function gets ``(state, player, value, args)`` and returns the new value.

    Args:
        name: the component's name exactly as in the data files.
        hook: the number it changes.

    Raises:
        ValueError: when registered, if ``name`` already modifies ``hook``.
    """

    def declared(fn: ModifierFn) -> ModifierFn:
        def put(registry: SootRegistry) -> None:
            entry = _entry(registry, name)
            if hook in entry.modifiers:
                raise ValueError(f"effect {name!r} already modifies {hook.value}")
            entry.modifiers[hook] = fn
            registry.by_hook.setdefault(hook, {})[name] = fn

        return declare(fn, put)

    return declared


def lookup(name: str) -> Effect | None:
    """The effect registered as ``name``, or ``None``.

    Args:
        name: the component's name.
    """
    return REGISTRY.get(name)


def has_play(name: str) -> bool:
    """Whether ``name`` has a one-shot effect.

    Args:
        name: the component's name.
    """
    found = REGISTRY.get(name)
    return found is not None and found.play is not None


_NO_ARGS: HookArgs = MappingProxyType({})  # the shared default: read-only


def sources(state: SootState, player: PlayerId) -> list[str]:
    """Names of the effects active for ``player``: passive, upgrades, lasting effects, active list.

    Args:
        state: the game.
        player: the seat concerned.

    Returns:
        The names in that order (a list, built faster than a generator runs:
        :func:`modify` asks at every hook).
    """
    p = state.players[player]
    out = [p.archetype] if p.archetype else []
    out += p.upgrades
    out += p.lasting
    if state.active:
        tag = f"@{player}"
        for name in state.active:
            at = name.rfind("@")
            if at < 0:
                out.append(name)
            elif name.endswith(tag) and name[at:] == tag:
                out.append(name[:at])
    return out


def modify(
    state: SootState, player: PlayerId, hook: Hook, value: int, args: HookArgs = _NO_ARGS
) -> int:
    """Run every active modifier of ``player`` at ``hook`` over ``value``.

    Args:
        state: the game.
        player: whose sources apply.
        hook: the number being computed.
        value: the rules' value before effects.
        args: context for the modifiers (see :class:`Hook`).

    Returns:
        The value after all modifiers, in source order.
    """
    if player < 0:
        return value
    by_name = _BY_HOOK.get(hook)
    if not by_name:
        return value
    p = state.players[player]
    if state.active or p.lasting:
        names = sources(state, player)
    else:  # the usual case: sources() would list the archetype, then the upgrades
        if p.archetype:
            fn = by_name.get(p.archetype)
            if fn is not None:
                value = fn(state, player, value, args)
        names = p.upgrades
        if not names:
            return value
    for name in names:
        fn = by_name.get(name)
        if fn is not None:
            value = fn(state, player, value, args)
    return value


def activate(state: SootState, name: str, player: PlayerId | None = None) -> None:
    """Switch on ``name``'s modifiers until the end of the round (for all, or one seat).

    Args:
        state: the game.
        name: the effect's name.
        player: one seat, or ``None`` for every player.
    """
    state.active.append(name if player is None else f"{name}@{player}")


def deactivate(state: SootState, name: str, player: PlayerId | None = None) -> None:
    """Switch off one activation of ``name`` (no error if it is not active).

    Args:
        state: the game.
        name: the effect's name.
        player: one seat, or ``None`` for the table-wide activation.
    """
    key = name if player is None else f"{name}@{player}"
    if key in state.active:
        state.active.remove(key)


def ask(
    state: SootState,
    player: PlayerId,
    source: str,
    stage: str,
    options: Iterable[tuple[str, int, str]],
    prompt: str = "",
    then: Resume | None = None,
) -> bool:
    """Ask ``player`` a question for the effect ``source``.

    With ``then`` (a typed continuation registered with the game's engine
    from ``game.py``) the answer goes to the code registered for its type;
    otherwise it is passed to the effect's ``resume`` as ``(ctx, stage, answer)``
    (the older form: ``stage`` names the question in text).

    Args:
        state: the game.
        player: who answers.
        source: the asking effect's name (must have a ``resume``).
        stage: a short name telling ``resume`` which question this is.
        options: ``(code, arg, label)`` triples; a question with no option is
            not asked.
        prompt: the question's text.
        then: the typed continuation that receives the answer (``stage`` is
            then only text for the question's tag).

    Returns:
        Whether the question was asked (an :class:`~hexkit_soot.actions.EffectQuestion`
        pushed; ``False`` when there were no options: the caller says what happens then).
    """
    choices = tuple(Choose(code=c, arg=a, label=label) for c, a, label in options)
    if not choices:
        return False
    state.pending.append(EffectQuestion(player=player, prompt=prompt or f"{source}: choose", source=source,
                                        stage=stage, options=choices, then=then))
    return True


def resume(state: SootState, question: EffectQuestion, answer: Choose) -> None:
    """Deliver ``answer`` to the effect that asked ``question`` by its ``stage`` (a question without continuation,
    of a Soot 0.3.2 save).

    Args:
        state: the game.
        question: the answered question.
        answer: the answer.

    Raises:
        HexkitError: no effect of the question's ``source`` is registered, or
            it takes no answers (``resume``); nothing changes.
    """
    source, stage = question.source, question.stage
    found = REGISTRY.get(source)
    if found is None or found.resume is None:
        what = "is not a registered effect" if found is None else "takes no answers (no resume)"
        raise HexkitError(f"answer {answer} to {question.prompt!r}: effect {source!r} {what}")
    found.resume(Ctx(state=state, player=question.player, source=source), stage, answer)


class EffectHandler(Handler[SootState, EffectQuestion, Choose]):
    """The :class:`~hexkit_soot.actions.EffectQuestion`: its options, the answer handed to its continuation.

    With a continuation (``then``) the answer goes to the code the engine
    registered for its type (each effect module's ``register(flow)``);
    without one (a Soot 0.3.2 save's question) to the effect's ``resume`` by
    :func:`resume`. An unknown continuation or effect is refused with the
    question left pending and nothing changed.

    Args:
        flow: the game's engine.
    """

    def __init__(self, flow: Flow[SootState]) -> None:
        self.flow = flow

    def answers(self, state: SootState, question: EffectQuestion) -> Sequence[Choose]:
        """The options given when asked."""
        return question.options

    def resolve(self, state: SootState, question: EffectQuestion, answer: Choose) -> None:
        """Hand ``answer`` to the continuation, or to the effect's ``resume``.

        Raises:
            HexkitError: an unregistered continuation (:class:`~hexkit.errors.UnknownQuestionError`)
                or effect; the question stays pending.
            IllegalActionError: the question is masked (another seat's view); the question stays pending.
        """
        then = question.then
        if question.screened:
            refuse_masked(state, question, answer, f"effect ({question.prompt!r})")
        if then is not None:
            hand_on(self.flow, state, question, then, answer)
            return
        try:
            resume(state, question, answer)
        except HexkitError:
            state.pending.append(question)  # refused before anything changed
            raise


def missing(names: Iterable[str], need_play: bool = True) -> list[str]:
    """The names among ``names`` that have no one-shot effect registered.

    Args:
        names: component names.
        need_play: count only one-shot effects (else any registration).
    """
    return [n for n in names if not (has_play(n) if need_play else n in REGISTRY)]
