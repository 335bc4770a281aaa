"""A small Sphinx extension that makes the documentation's generated parts.

At ``builder-inited`` it writes, into ``docs/_generated/`` (not in git):

* the hex-grid pictures of the tutorial, drawn with :mod:`hexkit.render`;
* a picture of a Hex game position, and of an Empyreal and a Soot & Timber
  state when those plugins provide the ``svg_style`` hook (``gallery.md``
  says which could be drawn and why not);
* the help text of every ``hexkit`` command (``cli.md``), captured from the
  typer application, so the reference never drifts from the code;
* the reference of each plugin's data files (``data-files.md``): every field
  of every TOML file, and the entries marked ``assumed``;
* the list of public hexkit modules that no reference page names
  (``api-other.rst``), documented there so that none is left out.

It also makes the signatures of attrs classes readable (field defaults as
values) and re-reads the pages that include generated files on every build.

Everything is seeded: the same sources give the same files.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)

DOCS = Path(__file__).resolve().parent.parent
OUT = DOCS / "_generated"


def _write(name: str, text: str) -> None:
    """Write a generated file only when its content changed (keeps rebuilds incremental)."""
    path = OUT / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


# -- hex grid pictures ----------------------------------------------------------


def grid_pictures() -> None:
    from hexkit.hexes import ORIGIN, Hex, Parity, to_offset
    from hexkit.hexmap import Board, HexMap, assemble
    from hexkit.layout import FLAT, POINTY
    from hexkit.paths import shortest_path
    from hexkit.render import (
        EdgeHighlight,
        LegendEntry,
        Marker,
        SimpleStyle,
        legend_for,
        palette,
        render_svg,
    )

    def coords(h: Hex, _: Any) -> str:
        return f"{h.q},{h.r}"

    for name, orientation in (("pointy", POINTY), ("flat", FLAT)):
        board = HexMap.hexagon(2, 0)
        style: SimpleStyle[Any] = SimpleStyle(
            label_of=coords,
            fill_of=lambda h, _: "#fde3a7" if h == ORIGIN else "#eef2f7",
            caption=f"{name}-top, axial (q,r)",
            hex_orientation=orientation,
        )
        _write(f"grid-{name}.svg", render_svg(board, style))

    # The small map of the how-to "Render a state" (same code as its example).
    colours = {"plain": "#f4e9c9", "lake": "#7fb3d5", "forest": "#7dab6b"}
    board = HexMap.hexagon(2, "plain")
    board[Hex(1, 0)] = "lake"
    board[Hex(-1, 1)] = "forest"
    style = SimpleStyle(
        fill_of=palette(colours),
        label_of=lambda h, terrain: "City" if h == Hex(0, 0) else "",
        markers_of=lambda h, terrain: ([Marker(color="#c0392b"), Marker(color="#2e86c1", shape="square")]
                                       if h == Hex(0, 0) else []),
        highlights=[EdgeHighlight(hex=Hex(0, 0), direction=0, color="#1f4e9c")],
        caption="A small map", key=legend_for(colours), hex_orientation=FLAT)
    _write("small-map.svg", render_svg(board, style))

    # Neighbours, numbered by direction, and a diagonal.
    board = HexMap.hexagon(2, "")
    for d, h in enumerate(ORIGIN.neighbors()):
        board[h] = str(d)
    board[ORIGIN] = "h"
    style = SimpleStyle(
        label_of=lambda h, c: c,
        fill_of=lambda h, c: "#fde3a7" if c == "h" else ("#aed6f1" if c else "#eef2f7"),
        caption="neighbors(h), by direction",
    )
    _write("neighbors.svg", render_svg(board, style))

    # Ring 2 in walk order, and a line.
    board = HexMap.hexagon(3, "")
    for i, h in enumerate(ORIGIN.ring(2)):
        board[h] = f"r{i}"
    for h in Hex(-3, 1).line(Hex(3, -2)):
        board[h] = "L" if not board[h] else board[h] + "+L"
    style = SimpleStyle(
        label_of=lambda h, c: c,
        fill_of=lambda h, c: ("#f5b7b1" if "L" in c and "r" in c else "#aed6f1" if "r" in c
                              else "#f9e79f" if c else "#eef2f7"),
        caption="ring(ORIGIN, 2) and line((-3,1), (3,-2))",
        key=(LegendEntry("#aed6f1", "ring, r0 first"), LegendEntry("#f9e79f", "line"),
             LegendEntry("#f5b7b1", "both")),
    )
    _write("ring-line.svg", render_svg(board, style))

    # Offset coordinates of a rectangle.
    board = HexMap.rectangle(6, 4, "", Parity.ODD_R)
    style = SimpleStyle(
        label_of=lambda h, _: "{},{}".format(*to_offset(h, Parity.ODD_R)),
        fill_of=lambda h, _: "#eef2f7" if h.r % 2 == 0 else "#d6eaf8",
        caption="HexMap.rectangle(6, 4, parity=ODD_R): offset (col,row)",
    )
    _write("offset.svg", render_svg(board, style))

    # Boards assembled with an offset and a rotation.
    piece = HexMap({Hex(0, 0): "A", Hex(1, 0): "A", Hex(0, 1): "A", Hex(1, -1): "A"})
    second = HexMap({h: "B" for h in piece})
    joined = assemble([Board(piece), Board(second, Hex(3, 0), 2)])
    style = SimpleStyle(
        fill_of=palette({"A": "#abebc6", "B": "#f5cba7"}),
        label_of=coords,
        caption="assemble([Board(a), Board(b, Hex(3,0), rotation=2)])",
    )
    _write("assemble.svg", render_svg(joined, style))

    # A weighted shortest path over terrain.
    terrain = HexMap.hexagon(3, "plain")
    for h in (Hex(0, -1), Hex(0, 0), Hex(0, 1), Hex(1, 1), Hex(-1, 0)):
        terrain[h] = "mountain"
    for h in (Hex(1, -2), Hex(2, -2)):
        terrain[h] = "lake"
    costs = {"plain": 1, "mountain": 3}

    def step_cost(a: Hex, b: Hex) -> int | None:
        return costs.get(terrain.get(b, "lake"))

    total, path = shortest_path(Hex(-3, 1), Hex(3, -1), step_cost)
    on_path = set(path)
    style = SimpleStyle(
        fill_of=palette({"plain": "#f4e9c9", "mountain": "#a39a8f", "lake": "#7fb3d5"}),
        markers_of=lambda h, c: [Marker(color="#c0392b", size=0.2)] if h in on_path else [],
        caption=f"shortest_path: cost {total}",
        key=(LegendEntry("#f4e9c9", "plain: 1"), LegendEntry("#a39a8f", "mountain: 3"),
             LegendEntry("#7fb3d5", "lake: impassable")),
    )
    _write("shortest-path.svg", render_svg(terrain, style))


# -- game pictures -------------------------------------------------------------


def _played(game: Any, players: int, seed: int, steps: int) -> Any:
    from hexkit.agents import RandomAgent

    state = game.new(game.make_config(players), seed)
    agent = RandomAgent(seed)
    for _ in range(steps):
        if game.is_over(state):
            break
        game.apply(state, agent.act(game, state, game.legal_actions(state)))
    return state


def game_pictures() -> None:
    import hexkit
    from hexkit.render import DrawsSvg, render_state_svg

    lines = ["<!-- generated by docs/_ext/hexkit_docs.py -->", ""]
    hex_game = hexkit.load_game("hex")
    state = hex_game.new(hex_game.make_config(2, size=7), 3)
    from hexkit.agents import RandomAgent

    agent = RandomAgent(3)
    for _ in range(20):
        hex_game.apply(state, agent.act(hex_game, state, hex_game.legal_actions(state)))
    _write("hexgame.svg", render_state_svg(hex_game, state))

    for name, players, steps in (("empyreal", 3, 60), ("soot", 3, 600)):
        try:
            game = hexkit.load_game(name)
        except Exception as exc:  # a plugin still being written must not stop the docs
            lines += [f"- **{name}**: not installed yet ({type(exc).__name__}).", ""]
            continue
        if not isinstance(game, DrawsSvg):
            lines += [f"- **{game.info.title}**: no `svg_style` hook yet.", ""]
            continue
        try:
            svg = render_state_svg(game, _played(game, players, 1, steps))
        except Exception as exc:
            lines += [f"- **{game.info.title}**: drawing failed ({type(exc).__name__}: {exc}).", ""]
            logger.info("hexkit_docs: %s could not be drawn: %s", name, exc)
            continue
        _write(f"{name}-state.svg", svg)
        lines += [
            f"**{game.info.title}**, {players} players, seed 1, after {steps} random decisions:",
            "",
            f"![{game.info.title} state](/_generated/{name}-state.svg)",
            "",
        ]
    _write("gallery.md", "\n".join(lines) + "\n")


# -- the balance-study tutorial's report ------------------------------------------


def study_plots() -> None:
    """The study of the balance-study tutorial, and the report plots it makes."""
    from hexkit.sim import Study, read_results, simulate, summarize

    folder = OUT / "study"
    folder.mkdir(parents=True, exist_ok=True)
    results = folder / "results.jsonl"
    study = Study(game="hex", players=2, agents=("random",), games=200, seed=0, options={"size": 5})
    simulate(study, results, backend="serial", mode="overwrite")  # a build artefact
    summary = summarize(read_results(results))
    lines = ["<!-- generated by docs/_ext/hexkit_docs.py -->", ""]
    try:
        from hexkit.sim.report import write_plots

        plots = write_plots(summary, folder)
    except Exception as exc:  # matplotlib (the plots extra) missing or failing
        lines += [f"(The plots could not be drawn here: {type(exc).__name__}.)", ""]
    else:
        for title, path in plots.items():
            lines += [f"![{title}](/_generated/study/{path.name})", ""]
    _write("study.md", "\n".join(lines))


# -- data files ----------------------------------------------------------------

PLUGINS = (("empyreal", "hexkit_empyreal"), ("soot", "hexkit_soot"))


def _cell(value: Any, limit: int = 40) -> str:
    text = repr(value) if not isinstance(value, str) else f'"{value}"'
    text = text if len(text) <= limit else text[: limit - 3] + "..."
    return text.replace("|", "\\|").replace("`", "'")


def _type_name(values: list[Any]) -> str:
    names = sorted({type(v).__name__ for v in values})
    return " or ".join({"dict": "table", "list": "array", "str": "string"}.get(n, n) for n in names)


def _comment(path: Path) -> list[str]:
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        lines.append(line.lstrip("#").strip())
    return lines


def _describe_file(path: Path, assumed: list[tuple[str, str, str]]) -> list[str]:
    import tomllib

    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out = [f"#### `data/{path.name}`", ""]
    comment = " ".join(_comment(path))
    if comment:
        out += [comment, ""]
    scalars = {k: v for k, v in data.items() if not (isinstance(v, list) and v and all(isinstance(e, dict) for e in v))}
    tables = {k: v for k, v in data.items() if k not in scalars}
    if scalars:
        out += ["| key | type | value |", "| --- | --- | --- |"]
        out += [f"| `{k}` | {_type_name([v])} | `{_cell(v)}` |" for k, v in scalars.items()]
        out.append("")
        source = scalars.get("source")
        if isinstance(source, str) and "assumed" in source:
            assumed.append((path.name, "(file)", source))
    for key, entries in tables.items():
        fields: dict[str, list[Any]] = {}
        for entry in entries:
            for name, value in entry.items():
                fields.setdefault(name, []).append(value)
            source = entry.get("source", "")
            # "rulebook: ...; cost assumed" is partly assumed: list it too
            if isinstance(source, str) and "assum" in source:
                label = entry.get("name", entry.get("id", f"#{entries.index(entry)}"))
                assumed.append((path.name, str(label), source))
        out += [
            f"`[[{key}]]`: {len(entries)} entries.",
            "",
            "| field | type | in entries | example |",
            "| --- | --- | --- | --- |",
        ]
        for name, values in fields.items():
            out.append(f"| `{name}` | {_type_name(values)} | {len(values)} of {len(entries)} "
                       f"| `{_cell(values[0])}` |")
        out.append("")
    return out


def data_files() -> None:
    import importlib.util

    parts = ["<!-- generated by docs/_ext/hexkit_docs.py from the plugins' data files -->", ""]
    for name, package in PLUGINS:
        spec = importlib.util.find_spec(package)
        if spec is None or not spec.submodule_search_locations:
            parts += [f"### {name}", "", f"The plugin `{package}` is not installed.", ""]
            continue
        root = Path(next(iter(spec.submodule_search_locations)))
        files = sorted((root / "data").glob("*.toml"))
        parts += [f"### {name}: `{package}/data/`", ""]
        if not files:
            parts += ["No data files yet.", ""]
            continue
        assumed: list[tuple[str, str, str]] = []
        for path in files:
            parts += _describe_file(path, assumed)
        parts += [f"#### Entries wholly or partly `assumed` in {name}", ""]
        if assumed:
            parts += ["| file | entry | source |", "| --- | --- | --- |"]
            parts += [f"| `{f}` | {_cell(e, 60).strip(chr(34))} | {s.replace('|', '/')} |"
                      for f, e, s in assumed]
        else:
            parts.append("None.")
        parts.append("")
        loader = f"{package}.data"
        if importlib.util.find_spec(loader) is not None:
            try:
                importlib.import_module(loader)
            except Exception as exc:  # a plugin being written must not stop the docs
                parts += [f"(`{loader}` does not import yet: {type(exc).__name__}.)", ""]
            else:
                parts += [
                    f"#### The loader, `{loader}`",
                    "",
                    "The classes each file is loaded into, with every field described:",
                    "",
                    f"```{{automodule}} {loader}",
                    ":members:",
                    ":no-index:",
                    "```",
                    "",
                ]
    _write("data-files.md", "\n".join(parts))


# -- command-line help ----------------------------------------------------------


def cli_help() -> None:
    import typer
    from typer.testing import CliRunner

    from hexkit.cli import app

    command = typer.main.get_command(app)
    names = sorted(getattr(command, "commands", {}))
    runner = CliRunner()
    env = {"COLUMNS": "92", "NO_COLOR": "1", "TERM": "dumb", "_TYPER_FORCE_DISABLE_TERMINAL": "1"}
    parts = ["<!-- generated by docs/_ext/hexkit_docs.py from hexkit.cli -->", ""]
    for name in [None, *names]:
        args = ["--help"] if name is None else [name, "--help"]
        result = runner.invoke(app, args, env=env, prog_name="hexkit")
        if result.exit_code != 0:
            logger.warning("hexkit_docs: `hexkit %s` failed: %s", " ".join(args), result.output)
            continue
        title = "hexkit" if name is None else f"hexkit {name}"
        text = "\n".join(line.rstrip() for line in result.output.strip().splitlines())
        parts += [f"## `{title}`", "", "```text", text, "```", ""]
    _write("cli.md", "\n".join(parts))


# -- public modules not yet on a reference page ----------------------------------


def other_modules() -> None:
    """List, with autodoc, every public hexkit module no reference page names.

    A module added to hexkit after these pages were written (say
    ``hexkit.demo``) is then documented anyway, under "Other modules".
    """
    import pkgutil
    import re

    import hexkit

    pages = "\n".join(p.read_text(encoding="utf-8") for p in (DOCS / "reference" / "api").glob("*.rst"))
    named = set(re.findall(r"automodule:: ([\w.]+)", pages))
    found = sorted(
        m.name for m in pkgutil.walk_packages(hexkit.__path__, "hexkit.")
        if not any(part.startswith("_") for part in m.name.split("."))
    )
    missing = [name for name in found if name not in named]
    lines = ["Other modules", "=============", ""]
    if not missing:
        lines.append("Every public module is described on the pages above.")
    for name in missing:
        lines += [f"``{name}``", "-" * (len(name) + 4), "", f".. automodule:: {name}",
                  "   :members:", ""]
    _write("api-other.rst", "\n".join(lines) + "\n")


def generate(app: Sphinx) -> None:
    OUT.mkdir(exist_ok=True)
    os.environ.setdefault("COLUMNS", "92")
    steps: list[tuple[str, Callable[[], None]]] = [
        ("hex grid pictures", grid_pictures),
        ("game pictures", game_pictures),
        ("command-line help", cli_help),
        ("data-file reference", data_files),
        ("study report plots", study_plots),
        ("list of other modules", other_modules),
    ]
    for what, step in steps:
        try:
            step()
        except Exception as exc:
            logger.warning("hexkit_docs: cannot make the %s: %s: %s", what, type(exc).__name__, exc)


# -- readable defaults of attrs classes ----------------------------------------

def attrs_defaults(app: Sphinx, what: str, name: str, obj: Any, options: Any,
                   signature: str | None, return_annotation: str | None) -> Any:
    """Show the defaults of an attrs class's fields as values.

    With ``autodoc_preserve_defaults`` (which keeps ``heuristic=distance``
    readable in functions), the generated ``__init__`` of an attrs class
    would show ``width: float = attr_dict['width'].default``; this puts the
    value (``0.12``) or the factory (``factory=list``) back.
    """
    import re

    import attrs

    if signature is None:
        return None
    # Function defaults: their name, not "<function name at 0x7f...>".
    signature = re.sub(r"<function ([\w.<>]+) at 0x[0-9a-f]+>", r"\1", signature)
    if what != "class" or not attrs.has(obj):
        return signature, return_annotation
    fields = attrs.fields_dict(obj)

    def value(match: re.Match[str]) -> str:
        field = fields.get(match.group(1)) or fields.get(match.group(1).lstrip("_"))
        if field is None:
            return match.group(0)
        default = field.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            factory = getattr(default.factory, "__name__", repr(default.factory))
            return f"<factory {factory}>"
        if callable(default) and hasattr(default, "__name__"):
            return str(default.__name__)
        return repr(default)

    pattern = r"attr_dict\['(\w+)'\]\.default"
    signature = re.sub(pattern, value, signature)
    # Fields with a factory show as "= NOTHING": name the factory instead.
    parts, depth, start = [], 0, 0
    for i, char in enumerate(signature):
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        if (char == "," and depth == 1) or i == len(signature) - 1:
            parts.append(signature[start:i])
            start = i
    out = []
    for part in parts:
        name = part.lstrip(",( *").split(":")[0].strip()
        field = fields.get(name) or fields.get("_" + name)
        if part.endswith("= NOTHING") and field is not None and isinstance(
            field.default, attrs.Factory  # type: ignore[arg-type]
        ):
            factory = getattr(field.default.factory, "__name__", "factory")
            part = part[: -len("NOTHING")] + f"<factory {factory}>"
        out.append(part)
    return "".join(out) + signature[-1:], return_annotation


# Pages that include generated files: Sphinx does not track includes of
# files it did not read, so re-read these on every build.
INCLUDERS = (
    "reference/api/other",
    "reference/cli",
    "reference/data-files",
    "howto/render-a-state",
    "tutorials/balance-study",
)


def reread_includers(app: Sphinx, env: Any, added: Any, changed: Any, removed: Any) -> list[str]:
    return [name for name in INCLUDERS if name in env.found_docs]


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", generate)
    app.connect("env-get-outdated", reread_includers)
    app.connect("autodoc-process-signature", attrs_defaults)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
