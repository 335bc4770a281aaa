"""JSON forms of hexkit values, through one cattrs converter.

:data:`converter` knows every core type (hexes as ``"(q,r)"`` strings, so
they can be JSON object keys; :class:`~hexkit.rng.Rng` as its integer
state). :class:`GameCodec` extends a copy of it for one game: its
decisions and actions become tagged unions (``{"type": "BuildTrack", ...}``)
and states get a schema-versioned envelope.

Loading never executes anything from the file: it only builds the declared
attrs classes. Malformed or tampered input raises
:class:`~hexkit.errors.InvalidRecordError` naming the field.
"""

from __future__ import annotations

import json
import re
import typing
from collections import abc
from functools import cache, cached_property
from typing import Any, Union

import attrs
from attrs import NOTHING
import cattrs
from cattrs.cols import (
    homogenous_tuple_structure_factory,
    list_structure_factory,
    namedtuple_dict_structure_factory,
    namedtuple_dict_unstructure_factory,
)
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override
from cattrs.strategies import configure_tagged_union
from cattrs.v import format_exception

from hexkit.errors import InvalidRecordError, VersionMismatchError
from hexkit.game import Decision, Game, GameConfig, LogEntry, State
from hexkit.hexes import Hex, parse_hex
from hexkit.rng import Rng

__all__ = [
    "converter",
    "make_converter",
    "GameCodec",
    "codec",
    "SCHEMA_VERSION",
    "structure_checked",
    "parse_json",
    "check_version",
    "MAX_DEPTH",
    "MAX_INT_DIGITS",
    "MAX_TEXT_BYTES",
]

SCHEMA_VERSION = 1
"""Version of the saved-state envelope; bumped when its layout changes."""


def _structure_hex(value: Any, _: type) -> Hex:
    if not isinstance(value, str):
        raise ValueError(f"a hex is written as a string like '(3,-2)', not {value!r}")
    return parse_hex(value)


def _structure_rng(value: Any, _: type) -> Rng:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**64:
        raise ValueError(f"an RNG state is an integer in [0, 2**64), not {value!r}")
    return Rng(value)


def _structure_frozenset(value: Any, type_: Any) -> frozenset[Any]:
    args = getattr(type_, "__args__", None)
    item = args[0] if args else Any
    if not isinstance(value, list):
        raise ValueError(f"expected a list, not {type(value).__name__}")
    return frozenset(converter.structure(v, item) for v in value)


def _strict_int(value: Any, type_: type) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected an integer, not {value!r}")
    # The hook also serves int subclasses (IntEnum), which check the value.
    return value if type_ is int else type_(value)


def _strict_float(value: Any, type_: type) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"expected a number, not {value!r}")
    return float(value) if type_ is float else type_(value)


def _strict_str(value: Any, type_: type) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected a string, not {value!r}")
    return value if type_ is str else type_(value)


def _strict_bool(value: Any, _: type) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, not {value!r}")
    return value


def make_converter() -> cattrs.Converter:
    """A new converter with hooks for every hexkit core type.

    Primitives are structured strictly: ``2.5`` or ``true`` is not an
    integer, and ``3`` is not a string. cattrs' defaults would convert them
    silently, which would let a tampered file load.
    """
    conv = cattrs.Converter(forbid_extra_keys=True)
    # Exact-type predicates: a class hook would also catch subclasses (IntEnum).
    conv.register_structure_hook(int, _strict_int)
    conv.register_structure_hook(float, _strict_float)
    conv.register_structure_hook(str, _strict_str)
    conv.register_structure_hook(bool, _strict_bool)
    conv.register_unstructure_hook(Hex, str)
    conv.register_structure_hook(Hex, _structure_hex)
    conv.register_unstructure_hook_factory(
        lambda t: t is LogEntry, lambda t, c: namedtuple_dict_unstructure_factory(t, c)
    )
    conv.register_structure_hook_factory(
        lambda t: t is LogEntry,
        lambda t, c: namedtuple_dict_structure_factory(t, c, "from_converter", True),
    )
    conv.register_unstructure_hook(Rng, lambda rng: rng.state)
    conv.register_structure_hook(Rng, _structure_rng)
    conv.register_structure_hook_factory(attrs.has, _every_field_required)
    conv.register_structure_hook_factory(_is_collection, _no_text_for_collection)
    # Sorted lists make sets byte-for-byte stable in JSON.
    conv.register_unstructure_hook_func(
        lambda t: getattr(t, "__origin__", t) in (frozenset, set),
        lambda s: sorted((conv.unstructure(v) for v in s), key=repr),
    )
    return conv


_COLLECTIONS = (list, tuple, set, frozenset, abc.Sequence, abc.MutableSequence, abc.Set, abc.MutableSet)
"""Collection types a JSON string must not fill (cattrs would read it letter by letter)."""


def _is_collection(type_: Any) -> bool:
    return (typing.get_origin(type_) or type_) in _COLLECTIONS


def _no_text_for_collection(type_: Any, conv: cattrs.Converter) -> Any:
    """cattrs' own hook for a list, tuple, set, frozenset or sequence type,
    after refusing a string (``"zz"`` is not ``["z", "z"]``); the error names
    the expected type and, through cattrs, the field."""
    origin = typing.get_origin(type_) or type_
    args = typing.get_args(type_)
    inner: Any
    if origin in (list, abc.MutableSequence):
        inner = list_structure_factory(type_, conv)
    elif origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
        inner = conv.gen_structure_hetero_tuple(type_)
    elif origin is tuple:
        inner = conv._structure_tuple
    elif origin is abc.Sequence:
        inner = homogenous_tuple_structure_factory(type_, conv)
    elif origin in (set, abc.MutableSet):
        inner = conv._structure_set
    else:
        inner = conv._structure_frozenset
    wanted = typing.cast(Any, type_).__name__ if not args else repr(type_).replace("collections.abc.", "")

    def structure(data: Any, cl: Any) -> Any:
        if isinstance(data, (str, bytes)):
            raise ValueError(f"expected a JSON list ({wanted}), not the string {data[:40]!r}")
        if isinstance(data, dict):  # iterating it would read its keys: {} loaded as ()
            raise ValueError(f"expected a JSON list ({wanted}), not an object")
        return inner(data, cl)

    return structure


def _every_field_required(cl: Any, conv: cattrs.Converter) -> Any:
    """Structure attrs class ``cl`` from a dict that has every field.

    Everything hexkit saves writes every field, so a missing one means a
    damaged or hand-edited file: refuse it by name rather than fill in the
    default (a missing ``currency`` must not load as 0).
    """
    base = make_dict_structure_fn(cl, conv, _cattrs_forbid_extra_keys=True)
    names = [f.alias or f.name for f in attrs.fields(cl) if f.init]

    def structure(data: Any, type_: Any) -> Any:
        if isinstance(data, dict):
            missing = [name for name in names if name not in data]
            if missing:
                raise ValueError(f"missing field {', '.join(repr(m) for m in missing)}")
        return base(data, type_)

    return structure


converter = make_converter()
"""The converter for core types; :class:`GameCodec` builds on a copy of it."""


def _describe(exc: BaseException, type_: Any) -> str:
    """cattrs' wording, plus the message of a validator or hook that raised."""
    if typing.get_origin(type_) is typing.Literal:  # cattrs says only "unknown error" here
        given, found, _ = str(exc).partition(" not in literal")
        return "must be one of " + ", ".join(repr(a) for a in typing.get_args(type_)) + (
            f", not {given!r}" if found else "")
    text = format_exception(exc, type_)
    detail = str(exc)
    if isinstance(exc, ValueError) and detail and detail not in text:
        text = f"{text}: {detail}"
    elif isinstance(exc, (TypeError, AttributeError)) and attrs.has(type_):
        text = f"{text}: expected a JSON object of its fields"  # a number or list where an object goes
    return text


def structure_checked(conv: cattrs.Converter, data: Any, type_: Any, root: str) -> Any:
    """Structure ``data`` as ``type_`` or raise :class:`InvalidRecordError` naming the field.

    Args:
        conv: the converter to use.
        data: parsed JSON.
        type_: the target type.
        root: name of the document's root in messages (``"state"``).
    """
    try:
        return conv.structure(data, type_)
    except Exception as exc:  # cattrs wraps every failure; name the first field
        messages = (
            cattrs.transform_error(exc, path=root, format_exception=_describe)
            if isinstance(exc, (cattrs.ClassValidationError, cattrs.IterableValidationError))
            else [f"{_describe(exc, type_)} @ {root}"]
        )
        first = messages[0]
        reason, _, where = first.rpartition(" @ ")
        raise InvalidRecordError(where.removeprefix("$.") or root, reason or first) from None


def _register_exact(conv: cattrs.Converter, declared: type, actual: Any) -> None:
    """Fields declared as the base class ``declared`` are (un)structured as ``actual``.

    Predicate hooks match the declared type exactly, so the subclasses'
    own hooks are not shadowed (a class hook would recurse into itself).
    """
    if actual is declared:
        return
    conv.register_unstructure_hook_func(
        lambda t: t is declared, lambda value: conv.unstructure(value, unstructure_as=actual)
    )
    conv.register_structure_hook_func(
        lambda t: t is declared, lambda data, _: conv.structure(data, actual)
    )


def _forbid_tag_fields(classes: tuple[type, ...]) -> None:
    """The JSON tag of actions and decisions is ``"type"``: no field may use that name."""
    for cls in classes:
        if attrs.has(cls) and "type" in attrs.fields_dict(cls):
            raise TypeError(
                f"{cls.__name__} has a field named 'type', which is the JSON tag of"
                " actions and decisions; rename the field"
            )


def _tag(cls: type) -> str:
    return cls.__name__


class GameCodec:
    """Converts one game's states, decisions and actions to and from JSON.

    Args:
        game: the game whose types to register.

    Use :func:`codec` to get the shared instance of a game.
    """

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        conv = make_converter()
        self.converter = conv
        # A game may write some values its own way (Hex names cells "j5"):
        # its hook registers them first, so the unions below use them.
        register = getattr(game, "register_codec_hooks", None)
        if register is not None:
            register(conv)
        self._actions_by_tag = {_tag(c): c for c in game.action_types}
        action_union: Any = Union[tuple(game.action_types)] if len(game.action_types) > 1 else None
        if action_union is not None:
            configure_tagged_union(action_union, conv, tag_name="type", tag_generator=_tag)
        self._action_union = action_union or game.action_types[0]
        decisions = tuple(game.decision_types)
        _forbid_tag_fields(game.action_types + decisions)
        if decisions:
            decision_union: Any = Union[decisions] if len(decisions) > 1 else decisions[0]
            # Registered before the union so that decisions holding a field
            # typed ``Decision`` (a continuation) get the tagged form too.
            _register_exact(conv, Decision, decision_union)
            if len(decisions) > 1:
                untagged = getattr(game, "untagged_decision", None)
                configure_tagged_union(decision_union, conv, tag_name="type", tag_generator=_tag,
                                       default=untagged if untagged is not None else NOTHING)
        _register_exact(conv, GameConfig, game.config_type)
        state_type = game.state_type
        conv.register_unstructure_hook(
            state_type,
            make_dict_unstructure_fn(state_type, conv, _legal=override(omit=True)),
        )
        conv.register_structure_hook(
            state_type,
            make_dict_structure_fn(
                state_type, conv, _legal=override(omit=True), _cattrs_forbid_extra_keys=True
            ),
        )

    # -- actions --------------------------------------------------------
    def encode_action(self, action: Any) -> Any:
        """The JSON form of an action (a dict with a ``"type"`` tag)."""
        data = self.converter.unstructure(action, unstructure_as=self._action_union)
        if isinstance(data, dict) and "type" not in data:
            data = {"type": _tag(type(action)), **data}
        return data

    def decode_action(self, data: Any, where: str = "action") -> Any:
        """Rebuild an action from its JSON form.

        Raises:
            InvalidRecordError: naming the field that is wrong (an action
                that is not a JSON object, or an unknown ``"type"`` tag,
                is named as such with the known types).
        """
        if not isinstance(data, dict):
            if data is None:
                raise InvalidRecordError(where, "action is null, not an object")
            kinds = {bool: "true/false", int: "a number", float: "a number", str: "a string",
                     list: "a list"}
            kind = kinds.get(type(data), type(data).__name__)
            raise InvalidRecordError(where, f"action is {kind} ({data!r:.40}), not an object")
        known = ", ".join(self._actions_by_tag)
        if "type" in data:
            tag = data["type"]
            if not isinstance(tag, str) or tag not in self._actions_by_tag:
                raise InvalidRecordError(f"{where}.type",
                                         f"unknown action type {tag!r} (known: {known})")
        elif len(self.game.action_types) > 1:
            raise InvalidRecordError(f"{where}.type", f"action has no 'type' (known: {known})")
        if len(self.game.action_types) == 1:
            data = {k: v for k, v in data.items() if k != "type"}
        return structure_checked(self.converter, data, self._action_union, where)

    # -- states ---------------------------------------------------------
    def state_to_dict(self, state: State) -> dict[str, Any]:
        """A state as a JSON-ready dict inside a schema-versioned envelope."""
        body = self.converter.unstructure(state, unstructure_as=self.game.state_type)
        return {
            "schema": SCHEMA_VERSION,
            "game": self.game.info.name,
            "version": self.game.info.version,
            "state": body,
        }

    def state_from_dict(self, data: Any, *, allow_version_mismatch: bool = False) -> State:
        """Rebuild a state saved by :meth:`state_to_dict`.

        Args:
            data: the parsed envelope.
            allow_version_mismatch: load a state saved under another rules
                version (it may not be one the installed rules can reach).

        Raises:
            VersionMismatchError: if the state was saved under another rules
                version and ``allow_version_mismatch`` is false.
            InvalidRecordError: on a wrong schema, game or any malformed field.
        """
        _check_envelope(data, self.game.info.name, ("schema", "game", "version", "state"))
        if not allow_version_mismatch:
            check_version(self.game, data["version"])
        body = data["state"]
        if not isinstance(body, dict):
            raise InvalidRecordError("state", "expected a JSON object")
        for name in self._saved_fields():
            if name not in body:
                raise InvalidRecordError(f"state.{name}", "missing")
        state: State = structure_checked(self.converter, body, self.game.state_type, "state")
        restore = getattr(self.game, "restore_derived", None)
        if restore is not None:
            restore(state)
        self.game.validate_state(state)
        return state

    @cached_property
    def _saved_field_names(self) -> tuple[str, ...]:
        game = self.game
        sample = game.new(game.make_config(game.info.min_players), 0)
        return tuple(self.converter.unstructure(sample, unstructure_as=game.state_type))

    def _saved_fields(self) -> tuple[str, ...]:
        """The top-level keys every saved state of this game has."""
        return self._saved_field_names

    def state_to_json(self, state: State, indent: int | None = None) -> str:
        """A state as JSON text (keys sorted: the same state gives the same bytes)."""
        return json.dumps(self.state_to_dict(state), indent=indent, sort_keys=True)

    def state_from_json(self, text: str | bytes, *, allow_version_mismatch: bool = False) -> State:
        """Rebuild a state from :meth:`state_to_json` text.

        Raises:
            VersionMismatchError: saved under another rules version (see
                :meth:`state_from_dict`).
            InvalidRecordError: if the text is not JSON or any field is malformed.
        """
        return self.state_from_dict(parse_json(text), allow_version_mismatch=allow_version_mismatch)


def check_version(game: Game[Any, Any], saved: Any) -> None:
    """Refuse a file made under another rules version of ``game``.

    Raises:
        VersionMismatchError: naming both versions.
    """
    if saved != game.info.version:
        raise VersionMismatchError(game.info.name, saved, game.info.version)


MAX_DEPTH = 64
"""Deepest nesting of JSON arrays and objects a record or state may have
(the deepest hexkit writes is about a dozen); checked before parsing, so a
hostile file cannot exhaust the stack."""

MAX_INT_DIGITS = 64
"""Longest integer literal accepted (a 128-bit seed has 39 digits)."""

MAX_TEXT_BYTES = 256 * 1024 * 1024
"""Largest JSON document accepted, in characters."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_PAIR = re.compile(r"\[\]|\{\}")


class _Oversized:
    """Stands in for an integer literal longer than :data:`MAX_INT_DIGITS`."""

    def __init__(self, digits: int) -> None:
        self.digits = digits


def _check_depth(text: str) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` (brackets in strings do not count).

    The strings and every other character are cut away by regular
    expressions, then innermost pairs are removed a level at a time; only
    what is left after :data:`MAX_DEPTH` levels is walked in Python.
    """
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    for _ in range(MAX_DEPTH):
        if not brackets:
            return
        brackets, removed = _PAIR.subn("", brackets)
        if not removed:
            break
    else:
        if _PAIR.search(brackets):  # a pair around MAX_DEPTH removed levels
            raise InvalidRecordError("", f"nested deeper than {MAX_DEPTH} levels")
    depth = 0
    for char in brackets:  # unbalanced leftovers, or nesting beyond the limit
        depth = depth + 1 if char in "[{" else depth - 1
        if depth > MAX_DEPTH:
            raise InvalidRecordError("", f"nested deeper than {MAX_DEPTH} levels")


def _parse_int(literal: str) -> Any:
    digits = len(literal.lstrip("-"))
    return _Oversized(digits) if digits > MAX_INT_DIGITS else int(literal)


def _find_oversized(data: Any) -> str | None:
    """The dotted path of the first oversized integer in parsed JSON, if any."""
    todo: list[tuple[str, Any]] = [("", data)]
    while todo:
        path, value = todo.pop()
        if isinstance(value, _Oversized):
            return path
        items = value.items() if isinstance(value, dict) else (
            enumerate(value) if isinstance(value, list) else ())
        for key, item in items:
            todo.append((f"{path}.{key}" if path else str(key), item))
    return None


def parse_json(text: str | bytes, *, unique_keys: bool = False) -> Any:
    """Parse JSON text or raise :class:`InvalidRecordError`.

    Nothing in the text is trusted: nesting deeper than :data:`MAX_DEPTH`,
    integers longer than :data:`MAX_INT_DIGITS` digits (named by field) and
    documents over :data:`MAX_TEXT_BYTES` are refused before anything is
    structured. With ``unique_keys`` an object that gives a key twice is
    refused too (where the last one would silently win: the server's
    messages; a slower parse, so not for large records).
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidRecordError("", f"not valid JSON: {exc}") from None
    if len(text) > MAX_TEXT_BYTES:
        raise InvalidRecordError("", f"{len(text)} characters; the limit is {MAX_TEXT_BYTES}")
    _check_depth(text)
    # Only a text with a long run of digits needs the (slower) integer hook.
    suspect = _LONG_INT.search(text) is not None
    hooks: dict[str, Any] = {"parse_int": _parse_int} if suspect else {}
    if unique_keys:
        hooks["object_pairs_hook"] = _unique_object
    try:
        data = json.loads(text, **hooks)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise InvalidRecordError("", f"not valid JSON: {exc}") from None
    where = _find_oversized(data) if suspect else None
    if where is not None:
        raise InvalidRecordError(where, f"an integer longer than {MAX_INT_DIGITS} digits")
    return data


def _unique_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        twice = sorted({k for k, _ in pairs if sum(1 for j, _ in pairs if j == k) > 1})
        raise InvalidRecordError(twice[0], "the key is given twice in one object")
    return out


_LONG_INT = re.compile(r"\d{%d}" % (MAX_INT_DIGITS + 1))


def _check_envelope(data: Any, game: str, keys: tuple[str, ...]) -> None:
    if not isinstance(data, dict):
        raise InvalidRecordError("", f"expected a JSON object, not {type(data).__name__}")
    for key in keys:
        if key not in data:
            raise InvalidRecordError(key, "missing")
    extra = sorted(k for k in data if k not in keys)
    if extra:
        raise InvalidRecordError(str(extra[0]), "unknown key in a saved state")
    if data.get("schema") != SCHEMA_VERSION:
        raise InvalidRecordError(
            "schema", f"unsupported schema {data.get('schema')!r}; this hexkit reads {SCHEMA_VERSION}"
        )
    if data.get("game") != game:
        raise InvalidRecordError("game", f"saved for game {data.get('game')!r}, not {game!r}")


@cache
def codec(game: Game[Any, Any]) -> GameCodec:
    """The shared :class:`GameCodec` of ``game`` (built once per game object)."""
    return GameCodec(game)

