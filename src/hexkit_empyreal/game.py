"""The :class:`EmpyrealGame`: the hexkit Game protocol for Empyreal: Spells & Steam.

Source: rulebook (whole); DESIGN.md (the game protocol).
"""

from __future__ import annotations

from typing import Any

import attrs
import cattrs
from cattrs.errors import AttributeValidationNote, ClassValidationError
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn

from hexkit.errors import InvalidRecordError
from hexkit.flow import Flow, FlowGame
from hexkit.game import Decision, GameInfo, Information, ScoreSheet
from hexkit.hexmap import HexMap
from hexkit.rng import Rng
from hexkit.validation import Problems

from hexkit_empyreal.actions import (
    ACTION_TYPES,
    DECISION_TYPES,
    DOMAIN_TYPES,
    HEX_THENS,
    OPTION_THENS,
    Branch,
    ChooseHex,
    ChooseOption,
    ChooseSpecialist,
    Domain,
    HexThen,
    OptionThen,
)
from hexkit_empyreal.config import FRIENDLY, OPEN, VARIANTS, EmpyrealConfig
from hexkit_empyreal.data import EmpyrealData
from hexkit_empyreal.effects import (
    captains,
    common_spellcars,
    company_spellcars,
    engineers,
    station_masters,
    surveyors,
    unique_spellcars,
    unique_verbs,
    verbs,
)
from hexkit_empyreal.evaluate import evaluate as _evaluate
from hexkit_empyreal.hidden_draws import hide_drawn, pin_drawn, resample_drawn
from hexkit_empyreal.integrity import check_bounds
from hexkit_empyreal.migrate import Op, migrate_branch, migrate_choice, typed_op
from hexkit_empyreal.rules import (
    game_end,
    railyard,
    settle,
    setup,
    specialists,
    turn,
    upgrade,
    wasteland,
)
from hexkit_empyreal.rules.flow import build_flow
from hexkit_empyreal.rules.game_end import end_reason
from hexkit_empyreal.rules.scoring import score_sheet
from hexkit_empyreal.rules.setup import new_state
from hexkit_empyreal.state import PLAYED, REV_AWARDS, REV_MARKET, REV_STACKS, EmpyrealState, GoodsSupply, PlayerState, data, goods_out, touch
from hexkit_empyreal.strong import StrongEmpyrealAgent
from hexkit_empyreal.svg import EmpyrealStyle, svg_style
from hexkit_empyreal.present import present_answer, private_info

__all__ = ["EmpyrealGame", "HIDDEN", "MODULES"]

MODULES = (
    # the turn and the rules' decisions
    setup,
    turn,
    railyard,
    specialists,
    upgrade,
    wasteland,
    game_end,
    # the effects, in the order they were always registered
    verbs,
    unique_verbs,
    common_spellcars,
    company_spellcars,
    unique_spellcars,
    captains,
    engineers,
    surveyors,
    station_masters,
)
"""Every module whose typed steps, ops, domains, effects and passive
abilities the game installs (:func:`~hexkit_empyreal.rules.dispatch.install`,
from :meth:`EmpyrealGame.build_flow`): nothing is registered by importing a
module. The question handlers are registered by
:func:`hexkit_empyreal.rules.flow.build_flow` (:data:`~hexkit_empyreal.rules.flow.NATIVE_HANDLERS`)."""

_MANA_KEYS = ("mana", "spent")

HIDDEN = "?"
"""What a redacted Specialist or Award looks like in a view."""


_NAMES: dict[int, tuple[EmpyrealData, tuple[tuple[str, ...], ...]]] = {}


def _names_by_type(d: EmpyrealData) -> tuple[tuple[str, ...], ...]:
    """Specialist names of each type (Engineer, Surveyor, Station Master) in data order, cached per data."""
    got = _NAMES.get(id(d))
    if got is None or got[0] is not d:
        kinds = ("Engineer", "Surveyor", "Station Master")
        got = _NAMES[id(d)] = (d, tuple(tuple(s.name for s in d.specialists if s.type == k) for k in kinds))
    return got[1]


class EmpyrealGame(FlowGame[EmpyrealState, EmpyrealConfig]):
    """Empyreal: Spells & Steam, 2-6 players, with every variant of the rulebook.

    Its turns run on the core engine (:class:`~hexkit.flow.FlowGame`): the
    flow is built by :func:`hexkit_empyreal.rules.flow.build_flow`, which
    registers every decision type explicitly.
    """

    info = GameInfo(
        name="empyreal",
        title="Empyreal: Spells & Steam",
        version="0.3.0",
        min_players=2,
        max_players=6,
        max_decisions=40000,
        variants=VARIANTS,
        information=Information.IMPERFECT,
        stochastic=True,
        hidden_fields=("deck", "stacks", "box", "award_box", "pending.*.options.*"),
        action_catalogue="hexkit_empyreal.catalogue:action_space",
    )
    config_type = EmpyrealConfig
    state_type = EmpyrealState
    action_types = ACTION_TYPES
    decision_types = (*DECISION_TYPES, Op)
    """The questions and typed steps, and ``Op``: only the tag of an automatic step
    named by a string in an older save, read as the typed step it became."""
    faction_parts = ("company", "captain")
    """Names of the parts of a ``factions`` label ``"Company (Captain)"`` (the sim's
    optional ``faction_parts`` hook: :func:`hexkit.sim.load_results` columns)."""

    def build_flow(self) -> Flow[EmpyrealState]:
        """Install :data:`MODULES` and register every decision type (called once, by ``__init__``)."""
        return build_flow(MODULES)

    def register_codec_hooks(self, conv: cattrs.Converter) -> None:
        """Save a folio's mana :class:`~hexkit.components.Pool` as the two
        numbers ``mana`` and ``spent`` (the saved shape from before the state
        used the core's components, so older files load unchanged), and read
        a :class:`~hexkit_empyreal.actions.Branch`, ``Op``, ``ChooseHex`` or
        ``ChooseOption`` saved before the flow port (steps as JSON text, no
        ``steps`` field; a choice naming its continuation and domain by
        strings) by migrating it (:mod:`hexkit_empyreal.migrate`). A
        choice's typed continuation and domain are nested with a ``"type"``
        tag."""
        plain_out = conv.get_unstructure_hook(PlayerState)
        plain_in = conv.get_structure_hook(PlayerState)

        def unstructure(folio: PlayerState) -> dict[str, Any]:
            out: dict[str, Any] = plain_out(folio)
            del out["pool"]
            out["mana"], out["spent"] = folio.pool.available, folio.pool.spent
            return out

        def structure(saved: Any, _: Any) -> PlayerState:
            if not isinstance(saved, dict):
                raise ValueError(f"expected an object, not {type(saved).__name__}")
            missing = [k for k in _MANA_KEYS if k not in saved]
            if missing:
                raise ValueError(f"missing field {', '.join(repr(m) for m in missing)}")
            if "pool" in saved:
                raise ValueError("unknown field 'pool'")
            body = {k: v for k, v in saved.items() if k not in _MANA_KEYS}
            body["pool"] = {"available": 0, "spent": 0, "cap": None}
            folio: PlayerState = plain_in(body, PlayerState)
            # Set, not built: validate_state names impossible amounts by field.
            folio.pool.available = _amount(saved, "mana")
            folio.pool.spent = _amount(saved, "spent")
            return folio

        def _amount(saved: dict[str, Any], name: str) -> int:
            try:
                amount: int = conv.structure(saved[name], int)
            except Exception as exc:  # name the field, as cattrs does for the others
                exc.__notes__ = [*getattr(exc, "__notes__", []), AttributeValidationNote(
                    f"Structuring class PlayerState @ attribute {name}", name, int)]
                raise ClassValidationError("While structuring PlayerState", [exc], PlayerState) from None
            return amount

        conv.register_unstructure_hook(PlayerState, unstructure)
        conv.register_structure_hook(PlayerState, structure)
        _goods_supply_hooks(conv)
        conv.register_structure_hook(Branch, _reader(Branch, conv, migrate_branch))
        conv.register_structure_hook(Op, lambda saved, _: conv.structure(typed_op(saved), Decision))
        _tagged_hooks(conv, HexThen, HEX_THENS, "continuation of a ChooseHex")
        _tagged_hooks(conv, OptionThen, OPTION_THENS, "continuation of a ChooseOption")
        _tagged_hooks(conv, Domain, DOMAIN_TYPES, "domain")
        conv.register_structure_hook(ChooseHex, _reader(ChooseHex, conv, lambda saved: migrate_choice(saved, True)))
        conv.register_structure_hook(ChooseOption, _reader(ChooseOption, conv, lambda saved: migrate_choice(saved, False)))
        super().register_codec_hooks(conv)  # the engine's: continuations nested by type

    def setup(self, config: EmpyrealConfig, rng: Rng) -> EmpyrealState:
        """Set the game up and run to the first decision (Source: Setting Up the Game)."""
        state = new_state(config, rng)
        settle(state)
        return state

    def clone(self, state: EmpyrealState) -> EmpyrealState:
        """A fast independent copy (containers copied level by level; the revision stamps copied)."""
        return state.copy()

    def restore_derived(self, state: EmpyrealState) -> None:
        """A state read from a file gets fresh revision stamps (:mod:`hexkit.revision`: never saved)."""
        super().restore_derived(state)
        state.restamp()

    def validate_state(self, state: EmpyrealState) -> None:
        """Refuse a loaded state whose numbers break the rules' bounds, naming every problem.

        Checks: one folio per seat; each Company's mana (available plus
        spent) within the cap and not negative; train cars in supply plus
        on the map equal to the Company's allotment; no hex over its car
        limit or holding an unknown seat; the network bit masks agree with
        the cars on the map; supplies not negative, and the Goods out of the
        supply exactly those on the map and on folios; then every name, index
        and count against the component data and the pending questions
        (:func:`~hexkit_empyreal.integrity.check_bounds`).

        Raises:
            StateValidationError: an ``InvalidRecordError`` naming every
                broken field (``"state.players.1.mana"`` first).

        Source: rulebook, "Gaining Mana" (cap 10), "Build Track" (3 cars a hex),
        Components (35 train cars a Company).
        """
        super().validate_state(state)
        rules = data(state).rules
        seats = state.config.players
        if len(state.players) != seats:
            raise InvalidRecordError(
                "state.players", f"{len(state.players)} folios for a {seats}-player game"
            )
        problems = Problems()
        on_map = [0] * seats
        masks = [0] * seats
        for cell, cars in enumerate(state.cars):
            if len(cars) > rules.max_cars_per_hex:
                problems.add(f"state.cars.{cell}", f"{len(cars)} train cars; a hex holds {rules.max_cars_per_hex}")
            for seat in cars:
                if not 0 <= seat < seats:
                    problems.add(f"state.cars.{cell}", f"unknown seat {seat}")
                    continue
                on_map[seat] += 1
                masks[seat] |= 1 << cell
        for seat, folio in enumerate(state.players):
            where = f"state.players.{seat}"
            if folio.mana < 0 or folio.spent < 0 or folio.mana + folio.spent > rules.mana_cap:
                problems.add(f"{where}.mana", f"mana {folio.mana} + spent {folio.spent} is outside 0..{rules.mana_cap}")
            if folio.cars_left < 0 or folio.cars_left + on_map[seat] != rules.train_cars:
                problems.add(
                    f"{where}.cars_left",
                    f"{folio.cars_left} in supply + {on_map[seat]} on the map is not {rules.train_cars}",
                )
            if folio.net != masks[seat]:
                problems.add(f"{where}.net", "does not match the train cars on the map")
            if any(count < 0 for count in folio.goods):
                problems.add(f"{where}.goods", "a Good count is negative")
            _check_names(state, where, folio, problems)
        supply = state.supply
        if any(count < 0 for count in supply.stock.values()):
            problems.add("state.supply", "a Good count is negative")
        elif supply.out != goods_out(state, len(supply.stock)):
            problems.add("state.supply", "the Goods taken out do not match those on the map and on folios")
        else:  # the Goods are finite: each colour's tokens are in the supply, on the map or on folios
            for colour, held in enumerate(supply):
                out = supply.out.get(colour, 0)
                if held + out != rules.goods_per_colour:
                    problems.add(f"state.supply.{colour}", f"{held} in the supply + {out} on the map and folios"
                                 f" is not the game's {rules.goods_per_colour}")
        if not 0 <= state.wasteland <= rules.wasteland_tiles:
            problems.add("state.wasteland", f"{state.wasteland} is outside 0..{rules.wasteland_tiles}")
        check_bounds(state, problems)
        problems.raise_if_any()

    def factions(self, state: EmpyrealState) -> list[str]:
        """Each seat's Company and Captain, for balance studies (the sim's ``factions`` hook)."""
        return [f"{p.company} ({p.captain})" if p.company else "unchosen" for p in state.players]

    def played(self, state: EmpyrealState) -> dict[str, list[int]]:
        """What was played: each mechanism of :data:`~hexkit_empyreal.state.PLAYED`
        to its count per seat (the sim's ``played`` hook); zeros where none."""
        n = state.config.players
        return {name: list(state.played.get(name, [0] * n)) for name in PLAYED}

    def strong_agent(self, seed: int) -> Any:
        """The strong Empyreal agent (the core ``strong`` spec's hook).

        See :class:`hexkit_empyreal.strong.StrongEmpyrealAgent`.
        """
        return StrongEmpyrealAgent(seed=seed)

    def turns(self, state: EmpyrealState) -> int:
        """Rounds played, for balance studies (the sim's ``turns`` hook)."""
        return state.round

    def end_reason(self, state: EmpyrealState) -> str:
        """Why the game ended (the sim's ``end_reason`` hook): a rulebook
        trigger or the engine's round limit. See
        :func:`hexkit_empyreal.rules.game_end.end_reason`."""
        return end_reason(state)

    def present_answer(self, state: EmpyrealState, action: Any) -> Any:
        """How ``action`` looks to a frontend (the core's hook; see :mod:`hexkit_empyreal.present`)."""
        return present_answer(state, action)

    def private_info(self, view: EmpyrealState, seat: int) -> list[str]:
        """Lines about ``seat``'s own hidden things in its view (see :mod:`hexkit_empyreal.present`)."""
        return private_info(view, seat)

    def svg_style(self, state: EmpyrealState) -> tuple[HexMap[int], EmpyrealStyle]:
        """The map and style that draw ``state`` (the core's ``svg_style`` hook).

        See :mod:`hexkit_empyreal.svg`; draw with
        :func:`hexkit.render.render_state_svg`.
        """
        return svg_style(state)

    def observation_encoder(self, config: EmpyrealConfig) -> Any:
        """The :mod:`hexkit.rl` encoder (:mod:`hexkit_empyreal.observation`; needs numpy)."""
        from hexkit_empyreal.observation import EmpyrealEncoder

        return EmpyrealEncoder(config)

    def scores(self, state: EmpyrealState) -> ScoreSheet:
        """Scores with breakdown and tie-breakers (Source: Scoring; Tiebreakers)."""
        return score_sheet(state)

    def evaluate(self, state: EmpyrealState, player: int) -> float:
        """Heuristic value for greedy and MCTS agents: this player's worth minus the best rival's.

        Worth is the score so far plus the promise of the position: the next
        delivery (scaled by the Conductor's progress), In-Network Goods by
        the distance to their City, reach towards the Cities, train cars,
        mana, Spellcars and Specialists. See :mod:`hexkit_empyreal.evaluate`.
        """
        return _evaluate(state, player)

    # -- hidden information ---------------------------------------------
    def redact(self, state: EmpyrealState, player: int) -> None:
        """Hide the Spellcar deck order, face-down Specialists and the boxed Awards.

        The player choosing from a picked-up Specialist stack sees it; the
        Station Masters Aella Ivaline Oran'hei drew are seen only by the
        player choosing among them (``hidden_draws.py``).
        Source: Setting Up the Game (face-down stacks); Open Information;
        Surveyors (Aella Ivaline Oran'hei).
        """
        state.deck = sorted(state.deck)
        top = state.decision()
        seeing = -1
        if isinstance(top, ChooseSpecialist) and top.player == player:
            seeing = top.kind
        if OPEN not in state.config.variants:
            state.stacks = [s if t == seeing else [HIDDEN] * len(s) for t, s in enumerate(state.stacks)]
        state.box = [[HIDDEN] * len(b) for b in state.box]
        state.award_box = [HIDDEN] * len(state.award_box)
        hide_drawn(state, player, HIDDEN)

    def determinize(self, view: EmpyrealState, player: int, rng: Rng) -> EmpyrealState:
        """Resample the hidden parts of a view consistently with what is visible.

        Unknown Specialists are dealt from those of each type that are on no
        folio and not visible; the deck is shuffled; boxed Awards are drawn
        from the Awards not in play.
        """
        sample = super().determinize(view, player, rng)
        d = data(sample)
        gone = set(d.friendly.specialists) if FRIENDLY in sample.config.variants else set()
        owned = {n for ps in sample.players for n in (ps.engineer, ps.surveyor, *ps.station_masters)}
        names = _names_by_type(d)
        pin_drawn(sample, HIDDEN)
        for t in range(3):
            stack, boxed = sample.stacks[t], sample.box[t]
            excluded = gone | owned | {n for n in stack + boxed if n != HIDDEN}
            pool = [n for n in names[t] if n not in excluded]
            rng.shuffle(pool)
            sample.stacks[t] = [n if n != HIDDEN else pool.pop() for n in sample.stacks[t]]
            sample.box[t] = sorted(n if n != HIDDEN else pool.pop() for n in sample.box[t])
        resample_drawn(sample, HIDDEN)
        rng.shuffle(sample.deck)
        if HIDDEN in sample.award_box:
            used = set(sample.awards) | set(sample.award_offer)
            n = sample.config.players
            pool = [a.name for a in d.awards if a.name not in used and a.min_players <= n]
            rng.shuffle(pool)
            sample.award_box = sorted(pool[: len(sample.award_box)])
        for section in (REV_MARKET, REV_STACKS, REV_AWARDS):  # the sections resampled here
            touch(sample, section)
        return sample


def _tagged_hooks(conv: cattrs.Converter, base: type, kinds: tuple[type, ...], what: str) -> None:
    """Save a value of one of ``kinds`` (subclasses of ``base``) nested with a ``"type"`` tag.

    The form of the engine's continuations (``{"type": "MoveCarToThen",
    "source": 12}``); a field typed ``base`` (or ``base | None``) reads it
    back by its tag, refusing an unknown tag or field by name.
    """
    by_name = {kind.__name__: kind for kind in kinds}
    writers: dict[type, Any] = {}

    def unstructure(value: Any) -> dict[str, Any]:
        kind = type(value)
        write = writers.get(kind)
        if write is None:
            write = writers[kind] = make_dict_unstructure_fn(kind, conv)
        return {"type": kind.__name__, **write(value)}

    def structure(saved: Any, field_type: Any) -> Any:
        if saved is None and field_type == nullable:
            return None
        if not isinstance(saved, dict) or not isinstance(saved.get("type"), str):
            raise ValueError(f"a {what} is an object with a 'type' tag")
        kind = by_name.get(saved["type"])
        if kind is None:
            raise ValueError(f"unknown {what} {saved['type']!r}")
        fields = {k: v for k, v in saved.items() if k != "type"}
        unknown = set(fields) - {a.name for a in attrs.fields(kind)}
        if unknown:
            raise ValueError(f"{kind.__name__} has no field {', '.join(sorted(unknown))}")
        return conv.structure(fields, kind)

    conv.register_unstructure_hook_func(lambda t: isinstance(t, type) and issubclass(t, base), unstructure)
    nullable = base | None
    conv.register_structure_hook_func(lambda t: t is base or t == nullable, structure)


def _reader(kind: type, conv: cattrs.Converter, migrate: Any) -> Any:
    """The structure hook of a decision type whose old saved shape is migrated.

    Every field is required, but a ``steps`` field that ``migrate`` adds (a
    save from before the flow port); the field hooks are looked up at the
    first call, once the codec has registered the tagged form of nested
    decisions."""
    names = [f.name for f in attrs.fields(kind)]
    made: list[Any] = []

    def structure(saved: Any, _: Any) -> Any:
        if isinstance(saved, dict):
            saved = migrate(saved)
            missing = [n for n in names if n not in saved]
            if missing:
                raise ValueError(f"missing field {', '.join(repr(m) for m in missing)}")
        if not made:
            made.append(make_dict_structure_fn(kind, conv, _cattrs_forbid_extra_keys=True))
        return made[0](saved, kind)

    return structure


def _check_names(state: EmpyrealState, where: str, folio: Any, problems: Problems) -> None:
    """Refuse a folio naming a Company, Captain or Spellcar the data
    does not know, or with the wrong number of Good counts (a damaged save
    would otherwise fail moves later with a ``KeyError``)."""
    d = data(state)
    known = (
        ("company", [folio.company], {c.name for c in d.companies}),
        ("captain", [folio.captain], {c.name for c in d.captains}),
        ("railyard", folio.railyard, set(d.spellcars) | {"-"}),
    )  # the Specialists, by type: integrity.check_bounds
    for field, names, allowed in known:
        for name in names:
            if name and name not in allowed:
                problems.add(f"{where}.{field}", f"{name!r} is not known to this game")
    if len(folio.goods) != len(d.goods):
        problems.add(f"{where}.goods", f"{len(folio.goods)} counts; the game has {len(d.goods)} Goods")


def _goods_supply_hooks(conv: cattrs.Converter) -> None:
    """Save the Goods supply (:class:`~hexkit_empyreal.state.GoodsSupply`) as its counts per colour.

    The saved shape from before the state used the core's
    :class:`~hexkit.components.Supply` (a list, colour index order), so
    older files load unchanged. What is out of the supply is not saved: the
    state counts it from the map and the folios when it is built
    (:class:`~hexkit_empyreal.state.EmpyrealState`). Counts are set, not
    checked, here: :meth:`EmpyrealGame.validate_state` names a negative
    count by field.
    """

    def unstructure(supply: GoodsSupply) -> list[int]:
        return list(supply)

    def structure(saved: Any, _: Any) -> GoodsSupply:
        return GoodsSupply.from_counts(conv.structure(saved, list[int]))

    conv.register_unstructure_hook(GoodsSupply, unstructure)
    conv.register_structure_hook(GoodsSupply, structure)
