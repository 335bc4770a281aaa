"""``hexkit new-game NAME``: the skeleton is a package that passes the conformance suite.

Nothing is pip-installed: the generated package is imported from its
``src/`` through ``sys.path``, as its own ``tests/test_conformance.py`` does.
"""

from __future__ import annotations

import importlib
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from hexkit.cli import main
from hexkit.cli_newgame import NewGameError, check_name, render_skeleton, write_skeleton
from hexkit.data import InvalidDataError
from hexkit.flow import DONE, FlowGame
from hexkit.testing import check_game

EXPECTED = {
    "pyproject.toml", "README.md", "tests/test_conformance.py",
    "src/{p}/__init__.py", "src/{p}/py.typed", "src/{p}/game.py", "src/{p}/state.py",
    "src/{p}/actions.py", "src/{p}/rules/__init__.py", "src/{p}/rules/turn.py",
    "src/{p}/data.py", "src/{p}/data/rules.toml",
}


@pytest.fixture
def imported(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A skeleton written into tmp_path, importable; its modules forgotten afterwards."""
    name = "ng_skeleton_game"
    target = write_skeleton(name, tmp_path, "Skeleton Game")
    sys.path.insert(0, str(target / "src"))
    try:
        yield target, name
    finally:
        sys.path.remove(str(target / "src"))
        for module in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            del sys.modules[module]


def test_the_skeleton_has_the_plugin_layout(tmp_path: Path) -> None:
    target = write_skeleton("lanterns", tmp_path)
    written = {str(p.relative_to(target)) for p in target.rglob("*") if p.is_file()}
    assert written == {path.format(p="lanterns") for path in EXPECTED}
    project = tomllib.loads((target / "pyproject.toml").read_text())
    assert project["project"]["entry-points"]["hexkit.games"] == {"lanterns": "lanterns:GAME"}
    assert project["tool"]["setuptools"]["package-data"] == {"lanterns": ["py.typed", "data/*.toml"]}
    rules = tomllib.loads((target / "src/lanterns/data/rules.toml").read_text())
    assert rules["number"] == [{"name": "rounds", "value": 1, "source":
                                "assumed: each seat says done once until the real rules are written"}]
    assert "class LanternsGame(FlowGame[LanternsState, GameConfig]):" in (
        target / "src/lanterns/game.py").read_text()


def test_the_skeleton_passes_the_conformance_suite_before_any_rule(imported: tuple[Path, str]) -> None:
    target, name = imported
    package = importlib.import_module(name)
    game = package.GAME
    assert isinstance(game, FlowGame) and game.info.name == name and game.info.title == "Skeleton Game"
    report = check_game(game, [game.make_config(p) for p in (2, 3, 4)], seeds=range(4), json_every=1)
    assert report.games == 12 and report.steps == 4 * (2 + 3 + 4) and report.numbered == report.steps
    state = game.new(game.make_config(3), seed=0)
    assert list(game.legal_actions(state)) == [DONE]
    for _ in range(3):
        game.apply(state, DONE)
    assert game.is_over(state) and [str(e) for e in state.log][-1] == "[2] the game ends"
    # its own test module runs as written
    namespace: dict[str, object] = {"__file__": str(target / "tests" / "test_conformance.py")}
    exec(compile((target / "tests" / "test_conformance.py").read_text(), "test_conformance.py", "exec"),
         namespace)
    namespace["test_conformance"]()  # type: ignore[operator]


def test_the_skeletons_data_is_read_through_hexkit_data(imported: tuple[Path, str]) -> None:
    target, name = imported
    data = importlib.import_module(f"{name}.data")
    game = importlib.import_module(name).GAME
    state = game.new(game.make_config(2, overrides={"numbers.rounds": 2}))
    for _ in range(4):
        assert not game.is_over(state)
        game.apply(state, DONE)
    assert game.is_over(state)
    broken = target / "broken"
    broken.mkdir()
    (broken / "rules.toml").write_text('[[number]]\nname = "rounds"\nvalue = 0\nsource = "guess"\n')
    with pytest.raises(InvalidDataError) as caught:
        data.DATA.load(broken)
    assert [e.field for e in caught.value.errors] == ["rules.toml:number[0] (rounds).source"]


@pytest.mark.parametrize("name, reason", [
    ("Lanterns", "must be lower-case letters"),
    ("9lives", "must be lower-case letters"),
    ("sea-trade", "must be lower-case letters"),
    ("", "must be lower-case letters"),
    ("a" * 41, "at most 40"),
    ("class", "Python keyword"),
    ("match", "Python keyword"),
    ("json", "standard library"),
    ("hexkit", "is taken: Python already imports a module"),
    ("attrs", "is taken: Python already imports a module"),
    ("soot", "is taken: an installed game registers it"),
    ("hex", "is taken: an installed game registers it"),
])
def test_bad_names_are_refused_with_a_clear_error(name: str, reason: str, tmp_path: Path) -> None:
    with pytest.raises(NewGameError, match=reason):
        write_skeleton(name, tmp_path)
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_an_existing_directory_is_never_overwritten(tmp_path: Path) -> None:
    (tmp_path / "lanterns").mkdir()
    (tmp_path / "lanterns" / "notes.txt").write_text("mine")
    with pytest.raises(NewGameError, match="exists already; hexkit new-game never overwrites"):
        write_skeleton("lanterns", tmp_path)
    assert [p.name for p in (tmp_path / "lanterns").iterdir()] == ["notes.txt"]
    assert (tmp_path / "lanterns" / "notes.txt").read_text() == "mine"
    with pytest.raises(NewGameError, match="is not a directory"):
        write_skeleton("lanterns", tmp_path / "nowhere")


def test_a_bad_title_is_refused() -> None:
    with pytest.raises(NewGameError, match="title"):
        render_skeleton("lanterns", 'Say "hi"')
    assert 'title="Sea Trade"' in render_skeleton("sea_trade")["src/sea_trade/game.py"]
    check_name("sea_trade")


def test_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new-game", "lanterns", "--into", str(tmp_path), "--title", "Lanterns"]) == 0
    out = capsys.readouterr().out
    assert f"wrote {tmp_path / 'lanterns'}/ (12 files)" in out
    assert (tmp_path / "lanterns" / "src" / "lanterns" / "game.py").is_file()
    assert main(["new-game", "lanterns", "--into", str(tmp_path)]) == 2
    assert "exists already" in capsys.readouterr().err
    assert main(["new-game", "Bad-Name", "--into", str(tmp_path)]) == 2
    assert "hexkit: error: game name 'Bad-Name' must be lower-case" in capsys.readouterr().err


def test_the_skeleton_type_checks_strictly(tmp_path: Path) -> None:
    import os
    import subprocess

    pytest.importorskip("mypy")
    target = write_skeleton("lanterns", tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir",
         str(tmp_path / "cache"), str(target / "src" / "lanterns")],
        capture_output=True, text=True, timeout=300, env={**os.environ, "MYPYPATH": str(target / "src")},
    )
    assert done.returncode == 0, done.stdout + done.stderr
