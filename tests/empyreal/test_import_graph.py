"""The import graph of ``hexkit_empyreal`` has no cycle.

Every import counts, a function-level one included (a cycle hidden by
importing inside a function is still a cycle); only imports under
``if TYPE_CHECKING:`` are left out, since they never run. ``from pkg import
name`` is an edge to ``pkg.name`` when that is a module of the plugin, to
``pkg`` otherwise.

Source: issue 13 (one writer per quantity: no import cycle, no
function-level import kept only to break one).
"""

from __future__ import annotations

import ast
from pathlib import Path

import hexkit_empyreal

PACKAGE = "hexkit_empyreal"
ROOT = Path(hexkit_empyreal.__file__).parent


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, module: str, is_package: bool, known: dict[str, Path]) -> set[str]:
    """The plugin modules ``module`` imports (anywhere but under TYPE_CHECKING)."""
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".") if is_package else module.split(".")[:-1]
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in known:
                    out.add(sub)
                elif base in known:
                    out.add(base)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    out.discard(module)
    return out


def import_graph() -> dict[str, set[str]]:
    """Module name -> the plugin modules it imports."""
    known = _modules()
    return {
        name: _imports(ast.parse(path.read_text()), name, path.name == "__init__.py", known)
        for name, path in known.items()
    }


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as a path (first module repeated at the end), or ``None``."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def dfs(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state:
                found = dfs(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = dfs(node)
            if found:
                return found
    return None


def test_the_cycle_finder_names_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_graph_sees_function_level_and_relative_imports() -> None:
    known = {"p": Path(), "p.a": Path(), "p.b": Path(), "p.c": Path()}
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from p import c\n"
        "def f():\n    from p.b import x\n"
        "from . import c as _c\n"
    )
    assert _imports(tree, "p.a", False, known) == {"p.b", "p.c"}


def test_hexkit_empyreal_has_no_import_cycle() -> None:
    graph = import_graph()
    assert "hexkit_empyreal.rules.build" in graph  # the walk found the modules
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])
