"""Each quantity of an Empyreal state has one writer.

Mana (a folio's :class:`~hexkit.components.Pool`) changes only in
``rules/mana.py``; Goods (supply, map, folios) only in ``rules/goods.py``;
train cars (supply, map, Network mask) only in ``rules/network.py``; the
Wasteland supply only in ``rules/wasteland.py``; Demand Tiles on a folio
(points) only in ``rules/deliver.py``. The modules are walked with ast:
every assignment, augmented assignment and mutating method call on those
fields is found, wherever it is.

Source: issue 13 (one writer per quantity); DESIGN.md (a ledger function,
never a direct write elsewhere).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import hexkit_empyreal

ROOT = Path(hexkit_empyreal.__file__).parent

OWNERS: dict[str, set[str]] = {
    # field -> modules allowed to write it
    "mana": {"rules/mana.py", "state.py"},  # state.py: the setters for hand-built positions
    "spent": {"rules/mana.py", "state.py"},
    "pool": {"rules/mana.py", "state.py", "game.py"},  # game.py: loading a saved folio
    "goods": {"rules/goods.py"},
    "supply": {"rules/goods.py"},
    "cars": {"rules/network.py"},
    "cars_left": {"rules/network.py"},
    "net": {"rules/network.py"},
    "wasteland": {"rules/wasteland.py"},
    "tiles": {"rules/deliver.py"},
}
MUTATORS = {"append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse",
            "spend", "gain", "reclaim", "lose", "update", "setdefault"}


def _field(target: ast.expr) -> str | None:
    """The state field a write target names: ``x.mana``, ``x.goods[i]``, ``x.pool.available``."""
    while isinstance(target, ast.Subscript):
        target = target.value
    if not isinstance(target, ast.Attribute):
        return None
    if isinstance(target.value, ast.Attribute) and target.value.attr == "pool":
        return "pool"  # x.pool.available, x.pool.spent
    return target.attr


def writes(tree: ast.AST) -> list[tuple[str, int]]:
    """(field, line) of every write to a watched field in ``tree``."""
    out: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
            targets = [node.func.value]
        elif isinstance(node, ast.Delete):
            targets = list(node.targets)
        flat: list[ast.expr] = []
        for t in targets:
            flat.extend(t.elts if isinstance(t, ast.Tuple) else [t])
        for t in flat:
            name = _field(t)
            if name in OWNERS:
                out.append((name, node.lineno))
    return sorted(out, key=lambda w: w[1])


def test_the_walk_finds_each_kind_of_write() -> None:
    tree = ast.parse(
        "s.players[0].mana = 1\nps.goods[c] += 1\nps.tiles.append(t)\n"
        "a.cars_left, b = 2, 3\nps.pool.spend(2)\nx = ps.mana\nlocal[3] = 1\n"
    )
    assert writes(tree) == [("mana", 1), ("goods", 2), ("tiles", 3), ("cars_left", 4), ("pool", 5)]


def copies(tree: ast.AST) -> set[int]:
    """Lines of a ``copy`` method that set a field of the fresh object ``new``
    (``new.goods = self.goods.copy()``): building a copy, not changing a quantity."""
    lines: set[int] = set()
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef) and fn.name == "copy":
            for node in ast.walk(fn):
                if isinstance(node, ast.Assign) and all(
                    isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "new"
                    for t in node.targets
                ):
                    lines.add(node.lineno)
    return lines


def test_a_fresh_copy_is_not_a_write() -> None:
    tree = ast.parse("def copy(self):\n    new = make()\n    new.goods = self.goods.copy()\n"
                     "    self.goods = []\n    return new\n")
    assert [w for w in writes(tree) if w[1] not in copies(tree)] == [("goods", 4)]


@pytest.mark.parametrize("path", sorted(p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*.py")))
def test_only_the_owner_writes(path: str) -> None:
    tree = ast.parse((ROOT / path).read_text())
    built = copies(tree)
    found = [w for w in writes(tree) if w[1] not in built]
    strays = [f"{path}:{line} writes {name} (owner: {', '.join(sorted(OWNERS[name]))})"
              for name, line in found if path not in OWNERS[name]]
    assert strays == []
