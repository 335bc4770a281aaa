"""Structural rules of the Soot plugin's code, checked by reading its source.

* One writer per quantity: a player's currency, points, prestige, soot and
  goods (network ``stock``, ``loose`` goods on hexes, caravan ``cargo``) and
  the bank's token supply change only in ``ledger.py``.
* No private core field (``State._legal``) written outside the core.
* No import cycle between the plugin's modules, and no function-level import
  but the listed lazy ones.
* Importing a rules or effects module registers nothing (``game.py`` does).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import subprocess
import sys
from pathlib import Path

import pytest

import hexkit_soot
from hexkit.flow import Resume
from hexkit_soot import GAME
from hexkit_soot.rules.payment import Prepaid

ROOT = Path(hexkit_soot.__file__).parent
LEDGER_FIELDS = {"currency", "points", "prestige", "soot", "soot_marks", "points_by", "supply", "stock", "loose", "cargo"}
"""Attributes only the ledger writes: a player's purse, tracks and goods
(``points_by`` is the state's tally of points; ``supply`` the bank's tokens)."""

MUTATORS = {"append", "pop", "clear", "update", "setdefault", "remove", "extend", "insert", "popitem", "__setitem__"}
"""Methods that change a list or dict in place."""

ALLOWED = {
    ("rules/trades.py", "offer.currency"): "a trade offer's net amount while it is negotiated, not a holding",
    ("rules/setup.py", "state.supply"): "the supply filled once in a state built from nothing",
    ("rules/setup.py", "state.points_by"): "the points tally created once in a state built from nothing",
    ("state.py", "new.*"): "copy() fills a bare instance field by field",
    ("state.py", "self.*"): "the Caravan/PlayerState/SootState classes' own copy and load helpers",
    ("views.py", "p.stock"): "a player's view hides other screens; a determinized sample deals them back",
    # The strong agent values a macro on a copy of its sample with the purchases done by hand
    # (strong_macro.virtual): a hypothetical state, never played on, where a partial macro's
    # currency may go below 0, which the ledger's checked spend would refuse.
    ("strong_macro.py", "p.currency"): "the strong agent's hypothetical copy (strong_macro.virtual)",
    ("strong_macro.py", "p.stock"): "the strong agent's hypothetical copy (strong_macro.virtual)",
}
"""Writes outside the ledger that are not a rule changing a quantity, and why."""


def _modules() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.py"))


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _allowed(rel: str, text: str) -> bool:
    return (rel, text) in ALLOWED or (rel, text.split(".")[0] + ".*") in ALLOWED


def _field(node: ast.AST) -> ast.Attribute | None:
    """The ledger field an expression names or indexes into (``p.stock[g]``, ``c.cargo``), or ``None``."""
    while isinstance(node, ast.Subscript):
        node = node.value
    return node if isinstance(node, ast.Attribute) and node.attr in LEDGER_FIELDS else None


def _mentioned(node: ast.AST) -> ast.Attribute | None:
    """The first ledger field anywhere in an expression (``p.loose.setdefault(at, {})``)."""
    return next((n for n in ast.walk(node) if isinstance(n, ast.Attribute) and n.attr in LEDGER_FIELDS), None)


def _bound_field(value: ast.AST) -> ast.Attribute | None:
    """The ledger field a value is (``p.stock``, ``p.loose[at]``) or looks up (``p.loose.get(at)``)."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in {"get", "setdefault"}:
        return _field(value.func.value)
    return _field(value)


def _scopes(tree: ast.Module) -> list[ast.AST]:
    """The module's own statements and each function, so a local name is read in its scope."""
    functions = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    top = ast.Module(body=[n for n in tree.body if not isinstance(n, (ast.FunctionDef, ast.ClassDef))], type_ignores=[])
    return [top, *functions]


def _direct_writes(source: str, rel: str) -> list[str]:
    """``file:line: statement`` for each write of a ledger field in ``source``."""
    found: dict[int, str] = {}
    for scope in _scopes(ast.parse(source)):
        nodes = list(ast.walk(scope)) if not isinstance(scope, ast.FunctionDef) else [
            n for n in ast.walk(scope) if n is scope or not isinstance(n, ast.FunctionDef)
        ]
        aliases = {
            n.targets[0].id: hit for n in nodes
            if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
            and (hit := _bound_field(n.value)) is not None
        }
        for node in nodes:
            hits: list[ast.Attribute | None] = []
            if isinstance(node, ast.Assign):
                hits = [_field(t) for t in node.targets]
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                hits = [_field(node.target)]
            elif isinstance(node, ast.Delete):
                hits = [_field(t) for t in node.targets]
            elif isinstance(node, ast.Call):
                func = node.func
                if isinstance(func, ast.Name) and func.id in {"add_goods", "take_goods"} and node.args:
                    first = node.args[0]
                    hits = [aliases.get(first.id) if isinstance(first, ast.Name) else _mentioned(first)]
                elif isinstance(func, ast.Attribute) and func.attr in MUTATORS:
                    target = func.value
                    hits = [aliases.get(target.id) if isinstance(target, ast.Name) else _field(target)]
            for hit in hits:
                if hit is not None and not _allowed(rel, ast.unparse(hit)):
                    found[node.lineno] = f"{rel}:{node.lineno}: {ast.unparse(node).splitlines()[0]}"
    return [found[k] for k in sorted(found)]


def test_only_the_ledger_writes_purses_tracks_goods_and_the_supply() -> None:
    writes = [
        w for p in _modules() if _rel(p) != "ledger.py" for w in _direct_writes(p.read_text(encoding="utf-8"), _rel(p))
    ]
    assert not writes, (
        "direct writes of a ledger quantity outside src/hexkit_soot/ledger.py (call gain_currency, "
        "spend_currency, transfer_currency, gain_points, advance_soot, change_prestige, gain_goods, "
        "place_goods, return_goods, move_goods, hand_over_goods, from_supply or to_supply instead):\n  "
        + "\n  ".join(writes)
    )


def test_the_scan_finds_a_direct_write() -> None:
    src = (
        "def f(state, p, c, at):\n"
        "    state.players[p].currency -= 2\n"
        "    state.supply['Coal'] = 0\n"
        "    add_goods(c.cargo, 'Coal', 1)\n"
        "    loose = state.players[p].loose.get(at)\n"
        "    add_goods(loose, 'Coal', -1)\n"
        "    del state.players[p].loose[at]\n"
        "    out = {}\n"
        "    add_goods(out, 'Coal', 1)\n"  # a local tally: not a holding
        "    state.players[p].stock.pop('Coal')\n"
    )
    assert _direct_writes(src, "rules/_probe_scan.py") == [
        "rules/_probe_scan.py:2: state.players[p].currency -= 2",
        "rules/_probe_scan.py:3: state.supply['Coal'] = 0",
        "rules/_probe_scan.py:4: add_goods(c.cargo, 'Coal', 1)",
        "rules/_probe_scan.py:6: add_goods(loose, 'Coal', -1)",
        "rules/_probe_scan.py:7: del state.players[p].loose[at]",
        "rules/_probe_scan.py:10: state.players[p].stock.pop('Coal')",
    ]


def test_no_private_core_field_is_written() -> None:
    """``State._legal`` (the core's legal-action cache) is written only by the core."""
    writes = []
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                writes += [f"{_rel(path)}:{node.lineno}" for t in targets
                           if isinstance(t, ast.Attribute) and t.attr == "_legal"]
    assert not writes, f"State._legal written outside the core (use invalidate_legal/reuse_legal): {writes}"


def test_invalidate_and_reuse_legal(monkeypatch: pytest.MonkeyPatch) -> None:
    from hexkit_soot import GAME

    # the engine lists through the question's handler (SootGame is a FlowGame; the first question, the
    # draft, is a typed question answered through game.Typed): count its listings
    from hexkit_soot.game import Typed

    listed: list[int] = []
    answers = Typed.answers
    monkeypatch.setattr(Typed, "answers", lambda self, s, q: listed.append(s.step) or answers(self, s, q))
    state = GAME.new(GAME.make_config(players=2), 1)
    first = list(GAME.legal_actions(state))
    assert list(GAME.legal_actions(state)) == first and listed == [0]  # cached until the next apply
    copy = GAME.clone(state)
    copy.reuse_legal(state)
    assert list(GAME.legal_actions(copy)) == first and listed == [0]  # the copy shares the listing
    state.invalidate_legal()
    assert list(GAME.legal_actions(state)) == first and listed == [0, 0]  # listed afresh


def _run(code: str) -> str:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.strip()


@pytest.mark.parametrize("module", ["hexkit_soot.rules.taxes", "hexkit_soot.effects.cards", "hexkit_soot.rules.actions"])
def test_importing_a_rules_module_registers_nothing(module: str) -> None:
    code = f"import {module}\nfrom hexkit_soot.registry import REGISTRY\nprint(REGISTRY.empty(), REGISTRY.filled)"
    assert _run(code) == "True []"


def test_making_the_game_registers_every_declaring_module() -> None:
    from hexkit_soot.game import DECLARING_MODULES
    from hexkit_soot.registry import REGISTRY, declarations

    declaring = set()
    for path in _modules():
        name = "hexkit_soot." + ".".join(path.relative_to(ROOT).with_suffix("").parts)
        name = name.removesuffix(".__init__")
        if any(declarations(importlib.import_module(name))):
            declaring.add(name)
    assert declaring == {m.__name__ for m in DECLARING_MODULES}, "a module declares steps or effects but game.py does not register it"
    assert REGISTRY.filled == [m.__name__ for m in DECLARING_MODULES]
    assert list(REGISTRY.main_actions)[:3] == ["Explore", "Found Camp", "Draw Cards"]  # the order of before


# -- imports -----------------------------------------------------------------
LAZY_IMPORTS = {
    ("__init__.py", "hexkit_soot.game"): "GAME is made on first use: making it registers the rules",
    ("game.py", "hexkit_soot.strong"): "the strong agent is loaded only when one is asked for",
    ("game.py", "hexkit_soot.observation"): "the hexkit.rl encoder needs numpy, an optional extra",
}
"""Function-level imports kept, and why (none of them breaks a cycle)."""


def _module_name(path: Path) -> str:
    return "hexkit_soot." + ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def _imports(path: Path, known: set[str]) -> list[tuple[str, int, bool]]:
    """``(module, line, inside a function)`` for each hexkit_soot module ``path`` imports at run time."""
    found: list[tuple[str, int, bool]] = []

    def walk(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue  # annotations only: not imported at run time
            inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                for alias in child.names:
                    sub = f"{child.module}.{alias.name}"
                    target = sub if sub in known else child.module
                    if target in known:
                        found.append((target, child.lineno, in_function))
            elif isinstance(child, ast.Import):
                found.extend((a.name, child.lineno, in_function) for a in child.names if a.name in known)
            walk(child, inner)

    walk(ast.parse(path.read_text(encoding="utf-8")), False)
    return found


def _graph() -> dict[str, dict[str, int]]:
    paths = {_module_name(p): p for p in _modules()}
    known = set(paths)
    graph: dict[str, dict[str, int]] = {}
    for name, path in paths.items():
        graph[name] = {}
        for target, line, _ in _imports(path, known):
            if target != name:
                graph[name].setdefault(target, line)
    return graph


def find_cycle(graph: dict[str, dict[str, int]]) -> list[str] | None:
    """One import cycle of ``graph`` as ``[a, b, ..., a]``, or ``None``."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, {})):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def test_find_cycle_names_the_cycle() -> None:
    graph = {"a": {"b": 1}, "b": {"c": 2}, "c": {"a": 3}, "d": {"a": 4}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b": 1}, "b": {}}) is None


def test_the_plugin_has_no_import_cycle() -> None:
    graph = _graph()
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle in hexkit_soot (function-level imports included): " + " -> ".join(
        f"{a} (line {graph[a][b]})" for a, b in zip(cycle, cycle[1:])
    ) + f" -> {cycle[-1]}"


def test_no_function_level_import_but_the_lazy_ones() -> None:
    paths = {_module_name(p): p for p in _modules()}
    inside = [
        f"{_rel(path)}:{line} imports {target}"
        for path in paths.values()
        for target, line, in_function in _imports(path, set(paths))
        if in_function and (_rel(path), target) not in LAZY_IMPORTS
    ]
    assert not inside, "function-level imports (import at the top; a cycle is fixed by moving code down):\n  " + "\n  ".join(inside)


@pytest.mark.parametrize("name", sorted(_module_name(p) for p in _modules()))
def test_each_module_imports_on_its_own(name: str) -> None:
    assert _run(f"import {name}; print('ok')") == "ok"


def _resume_classes() -> set[type]:
    """Every :class:`hexkit.flow.Resume` subclass defined in the plugin's modules (abstract ones left out)."""
    found: set[type] = set()
    for path in _modules():
        module = importlib.import_module(_module_name(path))
        for value in vars(module).values():
            if (inspect.isclass(value) and issubclass(value, Resume) and value.__module__ == module.__name__
                    and not inspect.isabstract(value)):
                found.add(value)
    return found


def test_every_continuation_is_registered_explicitly_from_game_py() -> None:
    """A continuation type nobody registered could be asked but neither answered nor saved."""
    registered = set(GAME.flow.registered()["continuation"])
    defined = _resume_classes() - {Prepaid}  # Prepaid is handed to a handler, never kept in the state
    assert defined and defined <= registered, sorted(c.__name__ for c in defined - registered)
