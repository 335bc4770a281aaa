"""Plugin data files: TOML tables loaded into attrs classes, every problem collected.

A plugin keeps its components and numbers in ``data/*.toml`` beside its code.
:class:`DataReader` reads one folder of such files: each table becomes attrs
entries through a copy of :data:`hexkit.serialize.converter` (strict types,
unknown keys refused, field defaults allowed), and every problem of every file
is collected and raised at the end as one :class:`InvalidDataError` whose
errors name the file, the table, the entry and the field::

    cards.toml:card[12] (Lantern).cost: expected an integer, not 'three'

:class:`DataSet` is what a plugin builds once: where its shipped files are,
how to read them, and the checks across entries. It caches the loaded data per
folder, and applies a config's overrides (``--set``, ``hexkit sweep``) with
:func:`hexkit.overrides.set_path`, re-running the same checks and naming the
same file places.

Provenance: every entry has a ``source`` field (:func:`source_field`) that says
where its numbers come from, in one of two forms:

- ``"rulebook: <section or table>"``: the rulebook gives them;
- ``"assumed: <one-line reason>"``: the rulebook gives none.

The space after the colon is written in every shipped file; a file without it
(``"rulebook:Components"``) is read the same way. Text after the colon is
required.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Generic, TypeVar

import attrs
import cattrs
from cattrs.v import format_exception

from hexkit.errors import ConfigError, InvalidRecordError
from hexkit.overrides import set_path
from hexkit.serialize import converter as _core_converter
from hexkit.validation import Problems

__all__ = [
    "SOURCE_KINDS",
    "source_problem",
    "check_source",
    "source_field",
    "entry_place",
    "place_of",
    "InvalidDataError",
    "DataProblems",
    "DataReader",
    "DataSet",
    "Report",
    "load_table",
    "data_converter",
]

T = TypeVar("T")

SOURCE_KINDS = ("rulebook", "assumed")
"""The two kinds of provenance, written before the colon of a ``source``."""

LABEL_KEYS = ("id", "name", "resource")
"""The keys whose value names an entry in messages and in data paths, in order."""


# -- provenance ------------------------------------------------------------


def source_problem(value: object) -> str | None:
    """What is wrong with a ``source`` value, or ``None`` if it is well formed.

    Example:
        >>> source_problem("rulebook: Components") is None
        True
        >>> source_problem("from the box")
        "source must be 'rulebook: <section or table>' or 'assumed: <reason>', not 'from the box'"
    """
    if not isinstance(value, str):
        return f"source must be a string, not {value!r}"
    kind, colon, text = value.partition(":")
    if not colon or kind not in SOURCE_KINDS:
        return f"source must be 'rulebook: <section or table>' or 'assumed: <reason>', not {value!r}"
    if not text.strip():
        what = "the section or table" if kind == "rulebook" else "the reason"
        return f"source {value!r} does not give {what}"
    return None


def check_source(_: object, attribute: attrs.Attribute[Any], value: str) -> None:
    """attrs validator for a ``source`` field.

    Raises:
        ValueError: the value is not in the form :func:`source_problem` accepts.
    """
    problem = source_problem(value)
    if problem is not None:
        raise ValueError(problem)


def source_field() -> Any:
    """A required, checked ``source: str`` field for a data entry class."""
    return attrs.field(validator=check_source)


# -- naming and collecting --------------------------------------------------


def entry_place(file: str, table: str, index: int, label: object = None) -> str:
    """The name of one entry in messages: ``"cards.toml:card[3] (Lantern)"``."""
    place = f"{file}:{table}[{index}]"
    return f"{place} ({label})" if label not in (None, "") else place


def _join(place: str, field: str) -> str:
    if not field:
        return place
    return f"{place}{field}" if field.startswith("[") or place.endswith(":") else f"{place}.{field}"


class InvalidDataError(InvalidRecordError):
    """One or more problems in a plugin's data files.

    Attributes:
        errors: every problem found, each an :class:`InvalidRecordError`
            whose ``field`` names the file, table, entry and field;
            ``field`` and ``reason`` of this error are those of the first.
    """

    def __init__(self, errors: Sequence[InvalidRecordError]) -> None:
        first = errors[0]
        super().__init__(first.field, first.reason)
        self.errors = tuple(errors)
        if len(errors) > 1:
            lines = "".join(f"\n  {e.field}: {e.reason}" for e in errors)
            self.args = (f"{len(errors)} problems in the data files:{lines}",)


class DataProblems(Problems):
    """The problems found so far in one set of data files."""

    def raise_if_any(self) -> None:
        """Raise :class:`InvalidDataError` naming every problem, if there is one."""
        if self.errors:
            raise InvalidDataError(self.errors)


Report = Callable[[str, str], None]
"""``report(path, reason)``: a check across entries found ``path`` wrong.

``path`` is a data path as override paths are written (``"cards.Lantern.cost"``):
the field of the loaded object, an entry's key, name or index, a field.
"""


# -- structuring ------------------------------------------------------------


class _EntryProblems(Exception):
    """The problems of one table, as ``(field path, reason)`` pairs."""

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        super().__init__(problems)
        self.problems = problems


def _reason(exc: BaseException) -> str:
    """An exception's own message (attrs validators put theirs first in ``args``)."""
    first = exc.args[0] if exc.args else ""
    return first if isinstance(first, str) and first else str(exc)


def _describe(exc: BaseException, type_: Any) -> str:
    """A strict hook's or validator's own words, else cattrs' wording."""
    return _reason(exc) if isinstance(exc, ValueError) and exc.args else format_exception(exc, type_)


def _value_problems(exc: Exception, key: str, type_: Any) -> list[tuple[str, str]]:
    """cattrs' messages for a failed field, each with its path below ``key``."""
    if isinstance(exc, _EntryProblems):
        return [(_join(key, path), reason) for path, reason in exc.problems]
    if isinstance(exc, (cattrs.ClassValidationError, cattrs.IterableValidationError)):
        out = []
        for message in cattrs.transform_error(exc, path=key, format_exception=_describe):
            reason, _, where = message.rpartition(" @ ")
            out.append((where, reason))
        return out
    return [(key, _describe(exc, type_))]


def _default(field: attrs.Attribute[Any]) -> Any:
    default: Any = field.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        return default.factory()  # no entry class takes self in its factory
    return default


def _entry_hook(cl: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """Structure attrs class ``cl`` from a TOML table, naming every problem.

    Fields may be left out where the class gives a default. Type problems of
    every field are collected first; then every field validator runs on the
    typed values; then the class is built (its ``__attrs_post_init__`` checks).
    """
    fields = [f for f in attrs.fields(attrs.resolve_types(cl)) if f.init]
    keys = {f.alias or f.name: f for f in fields}

    def structure(data: Any, _: Any) -> Any:
        if not isinstance(data, dict):
            raise _EntryProblems([("", f"expected a table, not {type(data).__name__}")])
        problems = [(key, f"unknown field (fields: {', '.join(keys)})") for key in data if key not in keys]
        values: dict[str, Any] = {}
        for key, field in keys.items():
            if key not in data:
                if field.default is attrs.NOTHING:
                    problems.append((key, "missing field"))
                else:
                    values[key] = _default(field)
                continue
            try:
                values[key] = conv.structure(data[key], field.type)
            except Exception as exc:  # cattrs wraps every failure; name each field
                problems.extend(_value_problems(exc, key, field.type))
        problems.extend(_validator_problems(cl, keys, values))
        if not problems:
            try:
                return cl(**values)
            except (ValueError, TypeError) as exc:  # the class's own cross-field checks
                problems = [("", _reason(exc))]
        raise _EntryProblems(problems)

    return structure


def _validator_problems(
    cl: Any, keys: dict[str, attrs.Attribute[Any]], values: dict[str, Any]
) -> list[tuple[str, str]]:
    """Run the validator of every field that typed, collecting each failure.

    The validators see an unfinished instance with the typed fields set, as
    attrs would give them, but all run: attrs' own ``__init__`` stops at the
    first. A validator that reads a field which did not type is passed over.
    """
    shell = object.__new__(cl)
    for key, value in values.items():
        object.__setattr__(shell, keys[key].name, value)
    problems = []
    for key, value in values.items():
        field = keys[key]
        if field.validator is None:
            continue
        try:
            field.validator(shell, field, value)
        except (ValueError, TypeError) as exc:
            problems.append((key, _reason(exc)))
        except AttributeError:  # it reads a field reported already
            pass
    return problems


def data_converter() -> cattrs.Converter:
    """A copy of the core converter for data files (defaults allowed, every problem named)."""
    conv = _core_converter.copy()
    conv.register_structure_hook_factory(attrs.has, _entry_hook)
    return conv


_CONVERTER = data_converter()


# -- reading a folder --------------------------------------------------------


def _label(raw: Any) -> Any:
    if isinstance(raw, dict):
        for key in LABEL_KEYS:
            value = raw.get(key)
            if isinstance(value, (str, int)) and not isinstance(value, bool):
                return value
    return None


class DataReader:
    """Reads the TOML files of one folder, collecting every problem.

    Each method adds what is wrong to :attr:`problems` and goes on; the caller
    calls :meth:`raise_if_any` once everything is read. :attr:`tables` lists
    the arrays read, as ``(file, table, entry class)``. Each entry read is also
    remembered under its data path (``"<path>.<label>"`` and
    ``"<path>.<index>"``), so a check across entries can name the file place of
    what it reports (:meth:`report`).

    Args:
        folder: the folder of ``*.toml`` files.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.problems = DataProblems()
        self.places: dict[str, str] = {}
        self.tables: list[tuple[str, str, type[Any]]] = []
        self._entry_places: dict[int, str] = {}  # id of an entry read -> its place
        self._documents: dict[str, dict[str, Any] | None] = {}

    def document(self, file: str) -> dict[str, Any] | None:
        """The parsed file, or ``None`` (and a problem) if it is missing or not TOML."""
        if file not in self._documents:
            self._documents[file] = self._parse(file)
        return self._documents[file]

    def add_text(self, file: str, text: str) -> None:
        """Read TOML ``text`` as the file named ``file`` (a problem if it is not TOML)."""
        try:
            self._documents[file] = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            self.problems.add(file, f"not valid TOML: {exc}")
            self._documents[file] = None

    def _parse(self, file: str) -> dict[str, Any] | None:
        path = self.folder / file
        try:
            with path.open("rb") as fh:
                return tomllib.load(fh)
        except FileNotFoundError:
            self.problems.add(file, f"data file {path} is missing")
        except tomllib.TOMLDecodeError as exc:
            self.problems.add(file, f"not valid TOML: {exc}")
        return None

    def table(
        self,
        file: str,
        table: str,
        cls: type[T],
        *,
        path: str | None = None,
        required: bool = True,
    ) -> list[T]:
        """The entries of an array of tables (``[[table]]``), structured as ``cls``.

        Args:
            file: the file name in the folder (``"cards.toml"``).
            table: the array's key.
            cls: the attrs class of one entry.
            path: the data path of the entries in the loaded object, for
                :meth:`report` and overrides (``"cards"``); ``None``: not remembered.
            required: a missing or empty array is a problem (else: no entries).

        Returns:
            The entries that structured, in file order (a broken one is left
            out and reported).
        """
        self.tables.append((file, table, cls))
        doc = self.document(file)
        if doc is None:
            return []
        raw = doc.get(table)
        if raw is None and not required:
            return []
        if not isinstance(raw, list) or (required and not raw):
            self.problems.add(f"{file}:{table}", "expected a non-empty array of tables ([[...]])")
            return []
        out = []
        for index, entry in enumerate(raw):
            label = _label(entry)
            place = entry_place(file, table, index, label)
            got = self._structure(entry, cls, place)
            if got is not None:
                out.append(got)
                self._entry_places[id(got)] = place
                if path is not None:
                    self.places.setdefault(f"{path}.{index}", place)
                    if label is not None:
                        self.places.setdefault(f"{path}.{label}", place)
        return out

    def record(self, file: str, cls: type[T], *, table: str | None = None, path: str | None = None) -> T | None:
        """One table (``[table]``), or the whole file when ``table`` is ``None``, as ``cls``."""
        doc = self.document(file)
        if doc is None:
            return None
        raw = doc if table is None else doc.get(table)
        place = f"{file}:" if table is None else f"{file}:{table}"
        if raw is None:
            self.problems.add(place.rstrip(":"), "missing table")
            return None
        if path is not None:
            self.places[path] = place
        return self._structure(raw, cls, place)

    def values(self, file: str, table: str, cls: type[T], *, path: str | None = None) -> T | None:
        """A table of named values gathered into one record of ``cls``.

        Each entry is ``name``, ``value`` and ``source``; the names are the
        fields of ``cls`` (which has no ``source`` of its own). A value's
        problems name its entry: ``rules.toml:number[3] (hand_size).value``.
        """
        doc = self.document(file)
        if doc is not None and table not in doc:
            plain = [key for key, value in doc.items()
                     if not (isinstance(value, list) and value and all(isinstance(v, dict) for v in value))]
            if plain:  # the older flat form: ``name = value`` keys and one ``source``
                self.problems.add(f"{file}:{plain[0]}", f"plain keys are not read: give each value as a [[{table}]] "
                                  "entry with name, value and source")
                return None
        entries = self.table(file, table, _NamedValue)
        if len(entries) != len(self._raw_list(file, table)):
            return None  # a broken entry is reported already
        gathered: dict[str, Any] = {}
        places: dict[str, str] = {}
        for entry in entries:
            place = self._entry_places[id(entry)]
            if entry.name in gathered:
                self.problems.add(f"{place}.name", f"{entry.name!r} is given twice")
            gathered[entry.name] = entry.value
            places[entry.name] = place
            if path is not None:
                self.places[f"{path}.{entry.name}"] = f"{place}.value"
        try:
            return _CONVERTER.structure(gathered, cls)
        except _EntryProblems as exc:
            fields = {f.alias or f.name for f in attrs.fields(cls)}  # type: ignore[arg-type]
            for name, reason in exc.problems:
                head = re.split(r"[.\[]", name, maxsplit=1)[0]
                given = places.get(head)
                if given is None:  # a field of ``cls`` that no entry gives
                    self.problems.add(f"{file}:{table}", f"no entry named {head!r} ({reason})")
                elif head not in fields:
                    self.problems.add(f"{given}.name", f"{cls.__name__} has no value named {head!r}")
                else:
                    self.problems.add(_join(f"{given}.value", name[len(head):].lstrip(".")), reason)
        return None

    def keyed(self, entries: Sequence[T], path: str, key: str = "name") -> dict[Any, T]:
        """Entries by the value of their field ``key``; a value given twice is reported.

        Args:
            entries: entries read by :meth:`table` under data path ``path``.
            path: their data path (``"cards"``).
            key: the field that names an entry.
        """
        out: dict[Any, T] = {}
        for entry in entries:
            name = getattr(entry, key)
            if name in out:
                place = self._entry_places.get(id(entry), f"{path}.{name}")
                self.problems.add(place, f"{key} {name!r} is given twice; each must be unique")
            out[name] = entry
        return out

    def _raw_list(self, file: str, table: str) -> list[Any]:
        doc = self.document(file) or {}
        raw = doc.get(table, [])
        return raw if isinstance(raw, list) else []

    def _structure(self, raw: Any, cls: type[T], place: str) -> T | None:
        try:
            got: T = _CONVERTER.structure(raw, cls)
            return got
        except _EntryProblems as exc:
            for field, reason in exc.problems:
                self.problems.add(_join(place, field), reason)
        except Exception as exc:  # a hook outside the entry classes failed
            for field, reason in _value_problems(exc, "", cls):
                self.problems.add(_join(place, field), reason)
        return None

    def place(self, path: str) -> str:
        """The file place of a data path (see :func:`place_of`)."""
        return place_of(self.places, path)

    def report(self, path: str, reason: str) -> None:
        """Note that data path ``path`` is wrong (named by its file place)."""
        self.problems.add(self.place(path), reason)

    def raise_if_any(self) -> None:
        """Raise :class:`InvalidDataError` naming every problem found so far."""
        self.problems.raise_if_any()

    def got(self, value: T | None) -> T:
        """``value``, known present once :meth:`raise_if_any` has passed.

        Raises:
            InvalidDataError: ``value`` is ``None`` (a record that did not load).
        """
        if value is None:
            self.raise_if_any()
            raise InvalidDataError([InvalidRecordError(str(self.folder), "a data table did not load")])
        return value


def place_of(places: Mapping[str, str], path: str) -> str:
    """The file place of a data path: its longest known prefix's place, then the rest.

    Example:
        >>> place_of({"cards.Lantern": "cards.toml:card[4] (Lantern)"}, "cards.Lantern.cost")
        'cards.toml:card[4] (Lantern).cost'
    """
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        known = places.get(".".join(parts[:cut]))
        if known is not None:
            return _join(known, ".".join(parts[cut:]))
    return path


@attrs.frozen(kw_only=True)
class _NamedValue:
    """One entry of a table of named values."""

    name: str
    value: Any  # typed by the record's field
    source: str = source_field()


def load_table(source: str | Path, table: str, cls: type[T], *, file: str | None = None) -> list[T]:
    """The entries of one array of tables of one TOML file or text.

    Args:
        source: a path to a ``.toml`` file, or TOML text.
        table: the array's key.
        cls: the attrs class of one entry.
        file: the name of TOML text in messages (default ``"<text>"``); a
            file is named by its file name.

    Raises:
        InvalidDataError: naming every broken entry and field.

    Example:
        >>> @attrs.frozen
        ... class Card:
        ...     name: str
        ...     cost: int
        ...     source: str = source_field()
        >>> load_table('[[card]]\\nname = "Lantern"\\ncost = 2\\nsource = "assumed: a guess"', "card", Card)
        [Card(name='Lantern', cost=2, source='assumed: a guess')]
    """
    if isinstance(source, Path):
        reader, name = DataReader(source.parent), source.name
    else:
        reader, name = DataReader(Path(".")), file or "<text>"
        reader.add_text(name, source)
    entries = reader.table(name, table, cls)
    reader.raise_if_any()
    return entries


# -- a plugin's data set -----------------------------------------------------


def _overrides_key(overrides: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((str(k), repr(v)) for k, v in overrides.items()))


class DataSet(Generic[T]):
    """A plugin's data: where the shipped files are, how to read and check them.

    Args:
        folder: the shipped data folder.
        read: builds the loaded object from a :class:`DataReader` (calling
            ``reader.raise_if_any()`` before it assembles the entries).
        check: the checks across entries (names that refer to nothing,
            counts), reporting each problem by data path; run at load and
            again after overrides.
    """

    def __init__(
        self,
        folder: Path,
        read: Callable[[DataReader], T],
        check: Callable[[T, Report], None] | None = None,
    ) -> None:
        self.folder = folder
        self._read = read
        self._check = check
        self._loaded: dict[str, tuple[T, dict[str, str]]] = {}
        self._tables: tuple[tuple[str, str, type[Any]], ...] = ()
        self._overridden: dict[tuple[str, tuple[tuple[str, str], ...]], T] = {}

    def _key(self, folder: str | Path | None) -> str:
        return str(Path(folder).resolve()) if folder else ""

    def load(self, folder: str | Path | None = None) -> T:
        """The checked data of a folder (``None``: the shipped one), cached per folder.

        Raises:
            InvalidDataError: naming every problem in every file.
        """
        key = self._key(folder)
        got = self._loaded.get(key)
        if got is None:
            reader = DataReader(Path(folder) if folder else self.folder)
            data = self._read(reader)
            reader.raise_if_any()
            if self._check is not None:
                self._check(data, reader.report)
            reader.raise_if_any()
            got = self._loaded[key] = (data, reader.places)
            self._tables = tuple(reader.tables)
        return got[0]

    def tables(self) -> tuple[tuple[str, str, type[Any]], ...]:
        """The arrays of tables the plugin reads: ``(file, table, entry class)``, in reading order."""
        self.load()
        return self._tables

    def place(self, folder: str | Path | None, path: str) -> str:
        """The file place of a data path in a folder's data (see :func:`place_of`)."""
        self.load(folder)
        return place_of(self._loaded[self._key(folder)][1], path)

    def with_overrides(self, folder: str | Path | None, overrides: Mapping[str, Any]) -> T:
        """A folder's data with ``overrides`` (data path -> value) applied and checked.

        Cached per folder and overrides; the loaded data is unchanged.

        Raises:
            InvalidDataError: the files are broken, or an override breaks a
                check across entries (named by file place, with the overrides).
            ConfigError: an override names a path that does not exist, or a
                value of the wrong type or that its entry refuses; every bad
                override is named with its file place.
        """
        base = self.load(folder)
        if not overrides:
            return base
        key = (self._key(folder), _overrides_key(overrides))
        got = self._overridden.get(key)
        if got is None:
            got = self._overridden[key] = self._apply(base, folder, overrides)
        return got

    def _apply(self, data: T, folder: str | Path | None, overrides: Mapping[str, Any]) -> T:
        places = self._loaded[self._key(folder)][1]
        refused = []
        for path, value in overrides.items():
            try:
                data = set_path(data, path, value)
            except ConfigError as exc:
                place = place_of(places, path)
                refused.append(f"{exc}" + (f" [{place}]" if place != path else ""))
        if refused:
            raise ConfigError("; ".join(refused))
        if self._check is not None:
            problems = DataProblems()
            given = ", ".join(f"{p}={v!r}" for p, v in overrides.items())
            self._check(
                data, lambda path, reason: problems.add(place_of(places, path), f"{reason} (after overrides {given})")
            )
            problems.raise_if_any()
        return data
