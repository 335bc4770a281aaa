"""hexkit.data: plugin data files loaded, every problem named, overrides through the same checks."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path
from typing import Any

import attrs
import pytest

from hexkit.data import (
    DataReader,
    DataSet,
    InvalidDataError,
    Report,
    data_converter,
    load_table,
    source_field,
    source_problem,
)
from hexkit.errors import ConfigError, InvalidRecordError
from hexkit_empyreal import data as empyreal
from hexkit_soot import data as soot


@attrs.frozen(kw_only=True)
class Part:
    name: str
    price: int = attrs.field(default=0, validator=attrs.validators.ge(0))
    tags: tuple[str, ...] = ()
    kind: str = attrs.field(validator=attrs.validators.in_(("raw", "made")))
    source: str = source_field()

    def __attrs_post_init__(self) -> None:
        if self.kind == "made" and not self.tags:
            raise ValueError("tags: a made part names what it is made of")


GOOD = 'name = "Coal"\nprice = 2\nkind = "raw"\nsource = "rulebook: Table 1"\n'


def _problems(exc: pytest.ExceptionInfo[InvalidDataError]) -> list[tuple[str, str]]:
    return [(e.field, e.reason) for e in exc.value.errors]


# -- the source rule ------------------------------------------------------------


@pytest.mark.parametrize(
    "value", ["rulebook: Components", "rulebook:Components", "assumed: no number printed", "assumed:a guess"]
)
def test_both_spellings_of_a_source_are_accepted(value: str) -> None:
    assert source_problem(value) is None


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("from the box", "must be 'rulebook: <section or table>' or 'assumed: <reason>', not 'from the box'"),
        ("Rulebook: Components", "not 'Rulebook: Components'"),
        ("rulebook:", "does not give the section or table"),
        ("assumed:   ", "does not give the reason"),
        (3, "must be a string, not 3"),
    ],
)
def test_a_bad_source_is_refused_with_its_reason(value: object, reason: str) -> None:
    problem = source_problem(value)
    assert problem is not None and reason in problem


# -- one file, every problem ------------------------------------------------------


def test_a_good_table_loads_with_defaults_filled_in() -> None:
    text = f"[[part]]\n{GOOD}\n[[part]]\nname = \"Coke\"\nkind = \"made\"\ntags = [\"Coal\"]\nsource = \"assumed: x\"\n"
    assert load_table(text, "part", Part) == [
        Part(name="Coal", price=2, kind="raw", source="rulebook: Table 1"),
        Part(name="Coke", price=0, tags=("Coal",), kind="made", source="assumed: x"),
    ]


def test_every_problem_of_every_entry_is_named() -> None:
    text = f"""
[[part]]
{GOOD}
[[part]]
name = "Iron"
price = "two"
tags = ["ore", 3]
kind = "raw"
colour = "grey"

[[part]]
name = "Gold"
price = -1
kind = "shiny"
source = "from the box"

[[part]]
price = 1
kind = "raw"
source = "rulebook:"

[[part]]
name = "Steel"
kind = "made"
source = "assumed: a guess"
"""
    with pytest.raises(InvalidDataError) as exc:
        load_table(text, "part", Part, file="parts.toml")
    assert _problems(exc) == [
        ("parts.toml:part[1] (Iron).colour", "unknown field (fields: name, price, tags, kind, source)"),
        ("parts.toml:part[1] (Iron).price", "expected an integer, not 'two'"),
        ("parts.toml:part[1] (Iron).tags[1]", "expected a string, not 3"),
        ("parts.toml:part[1] (Iron).source", "missing field"),
        ("parts.toml:part[2] (Gold).price", "'price' must be >= 0: -1"),
        ("parts.toml:part[2] (Gold).kind", "'kind' must be in ('raw', 'made') (got 'shiny')"),
        (
            "parts.toml:part[2] (Gold).source",
            "source must be 'rulebook: <section or table>' or 'assumed: <reason>', not 'from the box'",
        ),
        ("parts.toml:part[3].name", "missing field"),
        ("parts.toml:part[3].source", "source 'rulebook:' does not give the section or table"),
        ("parts.toml:part[4] (Steel)", "tags: a made part names what it is made of"),
    ]
    assert exc.value.field == "parts.toml:part[1] (Iron).colour"
    assert str(exc.value).startswith("10 problems in the data files:\n  parts.toml:part[1] (Iron).colour")
    assert isinstance(exc.value, InvalidRecordError) and isinstance(exc.value, ValueError)


def test_a_file_that_is_not_toml_or_has_no_table_is_named(tmp_path: Path) -> None:
    with pytest.raises(InvalidDataError) as exc:
        load_table("[[part]\nname = 1", "part", Part, file="parts.toml")
    assert exc.value.field == "parts.toml" and exc.value.reason.startswith("not valid TOML")
    with pytest.raises(InvalidDataError) as exc:
        load_table(f"[part]\n{GOOD}", "part", Part, file="parts.toml")
    assert _problems(exc) == [("parts.toml:part", "expected a non-empty array of tables ([[...]])")]
    with pytest.raises(InvalidDataError) as exc:
        load_table(tmp_path / "parts.toml", "part", Part)
    assert exc.value.field == "parts.toml" and "is missing" in exc.value.reason


def test_an_entry_round_trips_through_the_converter() -> None:
    conv = data_converter()
    [part] = load_table(f"[[part]]\n{GOOD}tags = [\"black\", \"fuel\"]\n", "part", Part)
    raw = conv.unstructure(part)
    assert raw == {"name": "Coal", "price": 2, "tags": ["black", "fuel"], "kind": "raw", "source": "rulebook: Table 1"}
    assert conv.structure(raw, Part) == part


# -- a data set: cross checks and overrides ----------------------------------------


@attrs.frozen(kw_only=True)
class Recipe:
    name: str
    needs: tuple[str, ...]
    source: str = source_field()


@attrs.frozen(kw_only=True)
class Book:
    parts: dict[str, Part]
    recipes: tuple[Recipe, ...]


def _read_book(reader: DataReader) -> Book:
    parts = reader.keyed(reader.table("parts.toml", "part", Part, path="parts"), "parts")
    recipes = reader.table("recipes.toml", "recipe", Recipe, path="recipes")
    reader.raise_if_any()
    return Book(parts=parts, recipes=tuple(recipes))


def _check_book(book: Book, report: Report) -> None:
    for i, recipe in enumerate(book.recipes):
        for need in recipe.needs:
            if need not in book.parts:
                report(f"recipes.{i}.needs", f"unknown part {need!r}")


def _book(tmp_path: Path, parts: str, recipes: str) -> DataSet[Book]:
    (tmp_path / "parts.toml").write_text(parts)
    (tmp_path / "recipes.toml").write_text(recipes)
    return DataSet(tmp_path, _read_book, _check_book)


RECIPES = '[[recipe]]\nname = "Fire"\nneeds = ["Coal"]\nsource = "assumed: x"\n'


def test_problems_of_several_files_come_together_and_checks_wait_for_them(tmp_path: Path) -> None:
    book = _book(tmp_path, f"[[part]]\n{GOOD}\n[[part]]\n{GOOD}", RECIPES.replace("needs", "uses"))
    with pytest.raises(InvalidDataError) as exc:
        book.load()
    assert _problems(exc) == [
        ("parts.toml:part[1] (Coal)", "name 'Coal' is given twice; each must be unique"),
        ("recipes.toml:recipe[0] (Fire).uses", "unknown field (fields: name, needs, source)"),
        ("recipes.toml:recipe[0] (Fire).needs", "missing field"),
    ]


def test_a_cross_check_names_the_file_place(tmp_path: Path) -> None:
    book = _book(tmp_path, f"[[part]]\n{GOOD}", RECIPES + RECIPES.replace('"Coal"', '"Tin", "Lead"'))
    with pytest.raises(InvalidDataError) as exc:
        book.load()
    assert _problems(exc) == [
        ("recipes.toml:recipe[1] (Fire).needs", "unknown part 'Tin'"),
        ("recipes.toml:recipe[1] (Fire).needs", "unknown part 'Lead'"),
    ]


def test_overrides_are_checked_like_the_files_and_named_by_place(tmp_path: Path) -> None:
    book = _book(tmp_path, f"[[part]]\n{GOOD}", RECIPES)
    assert book.with_overrides(None, {"parts.Coal.price": "5"}).parts["Coal"].price == 5
    assert book.load().parts["Coal"].price == 2
    with pytest.raises(ConfigError) as refused:
        book.with_overrides(None, {"parts.Coal.price": -1, "parts.Coal.weight": 2, "parts.Tin.price": 1})
    message = str(refused.value)
    assert "override parts.Coal.price=-1 is refused: 'price' must be >= 0: -1 [parts.toml:part[0] (Coal).price]" in message
    assert "Part has no field 'weight'" in message and "[parts.toml:part[0] (Coal).weight]" in message
    assert "override parts.Tin.price: no key 'Tin'" in message
    with pytest.raises(InvalidDataError) as exc:
        book.with_overrides(None, {"recipes.Fire.needs": ("Coal", "Tin")})
    assert _problems(exc) == [
        ("recipes.toml:recipe[0] (Fire).needs", "unknown part 'Tin' (after overrides recipes.Fire.needs=('Coal', 'Tin'))")
    ]


# -- the two plugins' real files --------------------------------------------------


def _copy(tmp_path: Path, folder: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(folder, target)
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, (path.name, old)
    path.write_text(text.replace(old, new, 1))


def _index(path: Path, table: str, label: str) -> int:
    entries = tomllib.loads(path.read_text())[table]
    return next(i for i, e in enumerate(entries) if label in (e.get("id"), e.get("name")))


def test_a_broken_empyreal_folder_names_every_problem(tmp_path: Path) -> None:
    folder = _copy(tmp_path, empyreal.DATA_DIR)
    _edit(folder / "spellcars.toml", 'cost = 3\nterrains = ["Forest"]', 'cost = "three"\nterrains = ["Forest"]')
    _edit(folder / "goods.toml", 'colour = "green"\n', 'colour = "green"\nweight = 2\n')
    _edit(folder / "awards.toml", 'measure = "goods_in_network"\nsource = "rulebook: Awards"', 'measure = "goods_in_network"')
    _edit(folder / "captains.toml", 'company = "Afterworld Express"\nsource = "rulebook:', 'company = "Afterworld Express"\nsource = "rulebook')
    _edit(folder / "rules.toml", 'name = "train_cars"\nvalue = 35', 'name = "train_cars"\nvalue = "35"')
    with pytest.raises(InvalidDataError) as exc:
        empyreal.load_data(str(folder))
    reforester = _index(folder / "spellcars.toml", "tiles", "Reforester")
    cars = _index(folder / "rules.toml", "number", "train_cars")
    assert sorted(_problems(exc)) == sorted([
        (f"rules.toml:number[{cars}] (train_cars).value", "expected an integer, not '35'"),
        (f"spellcars.toml:tiles[{reforester}] (Reforester).cost", "expected an integer, not 'three'"),
        ("goods.toml:goods[1] (Heartwood).weight", "unknown field (fields: name, colour, terrain, source)"),
        ("captains.toml:captains[1] (Dolores Malephaise).source",
         "source must be 'rulebook: <section or table>' or 'assumed: <reason>', not"
         " 'rulebook Captains and Their Company Spellcars'"),
        ("awards.toml:awards[1] (Cache).source", "missing field"),
    ])


def test_empyreal_cross_checks_are_all_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path, empyreal.DATA_DIR)
    _edit(folder / "captains.toml", 'company = "Afterworld Express"', 'company = "Nowhere Line"')
    board = tomllib.loads((folder / "boards.toml").read_text())["boards"][0]
    _edit(folder / "boards.toml", f'city_colours = ["{board["city_colours"][0]}"', 'city_colours = ["mauve"')
    with pytest.raises(InvalidDataError) as exc:
        empyreal.load_data(str(folder))
    assert _problems(exc) == [
        (f"boards.toml:boards[0] ({board['id']}).city_colours", "unknown colour 'mauve'"),
        ("captains.toml:captains[1] (Dolores Malephaise).company", "unknown Company 'Nowhere Line'"),
    ]


def test_a_broken_soot_folder_names_every_problem(tmp_path: Path) -> None:
    folder = _copy(tmp_path, soot.DATA_DIR)
    goods = len(tomllib.loads((folder / "goods.toml").read_text())["good"])
    numbers = len(tomllib.loads((folder / "rules.toml").read_text())["number"])
    with (folder / "goods.toml").open("a") as fh:
        fh.write('\n[[good]]\nname = "Tin"\nkind = "metal"\nprice = -2\n')
    with (folder / "rules.toml").open("a") as fh:
        fh.write('\n[[number]]\nname = "hand_limit"\nvalue = 8\nsource = "assumed: twice"\n')
        fh.write('\n[[number]]\nname = "no_such_number"\nvalue = 1\nsource = "assumed: x"\n')
    with pytest.raises(InvalidDataError) as exc:
        soot.load_data(folder)
    assert _problems(exc) == [
        (f"goods.toml:good[{goods}] (Tin).source", "missing field"),
        (f"goods.toml:good[{goods}] (Tin).kind", "'kind' must be in ('raw', 'tracked', 'special') (got 'metal')"),
        (f"goods.toml:good[{goods}] (Tin).price", "price must not be negative, got -2"),
        (f"rules.toml:number[{numbers}] (hand_limit).name", "'hand_limit' is given twice"),
        (f"rules.toml:number[{numbers + 1}] (no_such_number).name", "Numbers has no value named 'no_such_number'"),
    ]


def test_a_soot_value_of_the_wrong_type_names_its_entry(tmp_path: Path) -> None:
    folder = _copy(tmp_path, soot.DATA_DIR)
    entries = tomllib.loads((folder / "rules.toml").read_text())["number"]
    index = next(i for i, e in enumerate(entries) if e["name"] == "loan_amount")
    _edit(folder / "rules.toml", 'name = "loan_amount"\nvalue = ', 'name = "loan_amount"\nvalue = "five" # ')
    with pytest.raises(InvalidDataError) as exc:
        soot.load_data(folder)
    assert [e.field for e in exc.value.errors] == [f"rules.toml:number[{index}] (loan_amount).value"]
    assert exc.value.reason == "expected an integer, not 'five'"


def test_plugin_overrides_name_the_path_and_the_file_place() -> None:
    flow = _index(empyreal.DATA_DIR / "spellcars.toml", "tiles", "Flow Controller")
    with pytest.raises(ConfigError) as exc:
        empyreal.DATA.with_overrides(None, {"spellcars.Flow Controller.cost": 11, "rules.start_money": 7})
    assert f"is refused: 'cost' must be in range(0, 11) (got 11) [spellcars.toml:tiles[{flow}] (Flow Controller).cost]" in str(exc.value)
    assert "RuleNumbers has no field 'start_money'" in str(exc.value)
    with pytest.raises(InvalidDataError) as data_exc:
        empyreal.DATA.with_overrides(None, {"captains.Bartok Kulle.company": "Nowhere Line"})
    assert [e.field for e in data_exc.value.errors] == ["captains.toml:captains[0] (Bartok Kulle).company"]
    with pytest.raises(ConfigError, match=r"^override numbers.no_such_number: Numbers has no field 'no_such_number'"):
        soot.data_for(None, {"numbers.no_such_number": 1})
    with pytest.raises(InvalidDataError) as soot_exc:
        soot.data_for(None, {"goods.Steel.link": "Unobtainium"})
    [error] = soot_exc.value.errors
    steel = _index(soot.DATA_DIR / "goods.toml", "good", "Steel")
    assert error.field == f"goods.toml:good[{steel}] (Steel).link"
    assert error.reason == "unknown good 'Unobtainium' (after overrides goods.Steel.link='Unobtainium')"
    assert soot.load_data().goods["Steel"].link == "Pig Iron"


def _fill(value: Any) -> Any:
    """TOML's arrays and the loaded tuples compared alike."""
    if isinstance(value, dict):
        return {k: _fill(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_fill(v) for v in value]
    return value


@pytest.mark.parametrize("data_set", [empyreal.DATA, soot.DATA], ids=["empyreal", "soot"])
def test_every_shipped_entry_says_exactly_what_its_file_says(data_set: DataSet[Any]) -> None:
    """Loading loses and invents nothing: each entry, unstructured, is its TOML table with the
    defaults of the fields it leaves out; and it structures back to itself."""
    conv = data_converter()
    tables = data_set.tables()
    assert len(tables) >= 8
    for file, table, cls in tables:
        raw_entries = tomllib.loads((data_set.folder / file).read_text())[table]
        entries = load_table(data_set.folder / file, table, cls)
        assert len(entries) == len(raw_entries) > 0, (file, table)
        for raw, entry in zip(raw_entries, entries, strict=True):
            unstructured = conv.unstructure(entry)
            assert _fill(unstructured) == _fill({**unstructured, **raw}), (file, table, raw)
            assert set(raw) <= set(unstructured) and conv.structure(unstructured, cls) == entry
            assert source_problem(entry.source) is None


def test_a_soot_number_left_out_is_named(tmp_path: Path) -> None:
    folder = _copy(tmp_path, soot.DATA_DIR)
    text = (folder / "rules.toml").read_text()
    at = text.index('name = "loan_amount"')
    start, end = text.rindex("[[number]]", 0, at), text.index("[[number]]", at)
    (folder / "rules.toml").write_text(text[:start] + text[end:])
    with pytest.raises(InvalidDataError) as exc:
        soot.load_data(folder)
    assert _problems(exc) == [("rules.toml:number", "no entry named 'loan_amount' (missing field)")]


def test_an_empyreal_rules_file_in_the_older_flat_form_is_refused_by_its_first_key(tmp_path: Path) -> None:
    """``start_mana = 5`` keys (Empyreal's form before 2026-12-07) are named, not read as missing numbers."""
    folder = _copy(tmp_path, empyreal.DATA_DIR)
    (folder / "rules.toml").write_text('start_mana = 5\nmana_cap = 10\nsource = "rulebook: Components"\n')
    with pytest.raises(InvalidDataError) as exc:
        empyreal.load_data(str(folder))
    assert _problems(exc) == [
        ("rules.toml:start_mana", "plain keys are not read: give each value as a [[number]] entry with name, value and source"),
    ]
