"""``hexkit new-game NAME``: write the skeleton of a new game package.

The skeleton is a legal game before any rule is written (each seat says
"done" once, then it ends), so its own test, the conformance suite of
:mod:`hexkit.testing`, passes from the first minute::

    hexkit new-game lanterns --title "Lanterns"
    cd lanterns && pip install -e . && pytest

It has the shape of the shipped plugins: ``pyproject.toml`` with the
``hexkit.games`` entry point, ``src/NAME/`` with ``game.py`` (a
:class:`~hexkit.flow.FlowGame`), ``state.py``, ``actions.py``, ``rules/``
(questions and ``build_flow``), ``data/rules.toml`` with provenance and
``data.py`` reading it through :mod:`hexkit.data`, ``tests/`` and a README.

The templates are package data of hexkit (``hexkit/templates/newgame``),
filled with :class:`string.Template`: ``$name``, ``$package``, ``$title``,
``$prefix`` (the class-name prefix) and ``$distribution``; a path part
``__package__`` becomes the package name and ``.tmpl`` is dropped.
"""

from __future__ import annotations

import importlib.util
import keyword
import re
import sys
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from string import Template

import typer

from hexkit.errors import HexkitError
from hexkit.registry import available_games

__all__ = ["NewGameError", "check_name", "render_skeleton", "write_skeleton", "new_game_command"]

_NAME = re.compile(r"[a-z][a-z0-9_]*")

TEMPLATES = "templates/newgame"
"""Where the templates are, inside the ``hexkit`` package."""


class NewGameError(HexkitError, ValueError):
    """A name or a target directory ``hexkit new-game`` refuses; nothing was written."""


def check_name(name: str) -> None:
    """Refuse a game name that cannot be a registry name and an import package.

    A name is lower-case ASCII letters, digits and ``_``, starting with a
    letter, at most 40 characters; not a Python keyword; not the name of a
    module Python already finds (``os``, ``hexkit``, an installed
    package): the new package would shadow it or be shadowed; not the
    registry name of an installed game (``soot``, ``hex``).

    Raises:
        NewGameError: naming the rule the name breaks.

    >>> check_name("lanterns")
    >>> check_name("Lanterns")
    Traceback (most recent call last):
    ...
    hexkit.cli_newgame.NewGameError: game name 'Lanterns' must be lower-case letters, digits and _, starting with a letter (like 'lanterns' or 'sea_trade')
    """
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise NewGameError(f"game name {name!r} must be lower-case letters, digits and _,"
                           " starting with a letter (like 'lanterns' or 'sea_trade')")
    if len(name) > 40:
        raise NewGameError(f"game name {name!r} is {len(name)} characters long; at most 40")
    if keyword.iskeyword(name) or keyword.issoftkeyword(name):
        raise NewGameError(f"game name {name!r} is a Python keyword and cannot be a package")
    if name in sys.stdlib_module_names or name in sys.builtin_module_names:
        raise NewGameError(f"game name {name!r} is a module of Python's standard library;"
                           " the new package would shadow it")
    try:
        found = importlib.util.find_spec(name)
    except (ImportError, ValueError):  # a broken module of that name: still taken
        found = None if name not in sys.modules else sys.modules[name].__spec__
    if found is not None:
        where = f" ({found.origin})" if found.origin else ""
        raise NewGameError(f"game name {name!r} is taken: Python already imports a module of"
                           f" that name{where}, which the new package would shadow")
    if name in available_games():
        raise NewGameError(f"game name {name!r} is taken: an installed game registers it"
                           " (see `hexkit games`), and the registry would load that one, not yours")


def _prefix(name: str) -> str:
    """``"sea_trade"`` -> ``"SeaTrade"`` (the prefix of the class names)."""
    return "".join(part.capitalize() for part in name.split("_"))


def _walk(folder: Traversable, at: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], str]]:
    out = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.is_dir():
            if entry.name != "__pycache__":
                out += _walk(entry, (*at, entry.name))
        elif entry.name.endswith(".tmpl"):
            out.append(((*at, entry.name.removesuffix(".tmpl")), entry.read_text(encoding="utf-8")))
    return out


def render_skeleton(name: str, title: str | None = None) -> dict[str, str]:
    """The files of the skeleton for game ``name``: relative path -> text.

    Args:
        name: the game's registry name, also its package name.
        title: the game's title (default: ``name`` in title case).

    Raises:
        NewGameError: if the name is refused (:func:`check_name`) or the
            title is empty or spans lines.
    """
    check_name(name)
    title = name.replace("_", " ").title() if title is None else title
    if not title.strip() or "\n" in title or '"' in title or "\\" in title:
        raise NewGameError(f"title {title!r} must be one line of text without quotes or backslashes")
    values = {"name": name, "package": name, "title": title.strip(), "prefix": _prefix(name),
              "distribution": name.replace("_", "-")}
    files = {}
    for parts, text in _walk(resources.files("hexkit").joinpath(TEMPLATES)):
        path = "/".join(name if part == "__package__" else part for part in parts)
        files[path] = Template(text).substitute(values)
    return files


def write_skeleton(name: str, into: Path = Path("."), title: str | None = None) -> Path:
    """Write the skeleton of game ``name`` into the new directory ``into/name``.

    Args:
        name: the game's name (see :func:`check_name`).
        into: the parent directory (it must exist).
        title: the game's title.

    Returns:
        The new package directory.

    Raises:
        NewGameError: a refused name or title, a missing parent, or a
            target that exists already (it is never overwritten; nothing is written).
    """
    files = render_skeleton(name, title)
    if not into.is_dir():
        raise NewGameError(f"{into} is not a directory to create the game in")
    target = into / name
    if target.exists():
        raise NewGameError(f"{target} exists already; hexkit new-game never overwrites (choose another"
                           " name or directory)")
    target.mkdir()
    for path, text in files.items():
        out = target / path
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
    return target


def new_game_command(
    name: str = typer.Argument(..., metavar="NAME", help="The game's name: lower-case, a Python package name."),
    into: Path = typer.Option(Path("."), "--into", help="The directory to create NAME/ in."),
    title: str = typer.Option("", "--title", help="The game's title (default: NAME in title case)."),
) -> None:
    """Write a new game package NAME/ that already passes the conformance suite."""
    target = write_skeleton(name, into, title or None)
    typer.echo(f"wrote {target}/ ({len(list(target.rglob('*.*')))} files): the game {name!r}")
    typer.echo(f"next: cd {target} && pip install -e . && pytest")
