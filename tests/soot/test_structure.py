"""Structural rules of the Soot plugin's code, checked by reading its source.

* One writer per quantity: a player's currency, points, prestige and soot
  and the bank's token supply change only in ``ledger.py``.
* No import cycle between the plugin's modules.
* Importing a rules or effects module registers nothing (``game.py`` does).
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import hexkit_soot

ROOT = Path(hexkit_soot.__file__).parent
PLAYER_QUANTITIES = {"currency", "points", "prestige", "soot", "soot_marks", "points_by"}
"""Attributes (of a player, or the state's ``points_by``) only the ledger writes."""

SUPPLY = "supply"
"""The state's token supply: only the ledger takes from it or returns to it."""

ALLOWED = {
    ("rules/trades.py", "offer.currency"): "a trade offer's net amount while it is negotiated, not a holding",
    ("rules/setup.py", "state.supply"): "the supply filled once in a state built from nothing",
    ("rules/setup.py", "state.points_by"): "the points tally created once in a state built from nothing",
    ("state.py", "new.*"): "copy() fills a bare instance field by field",
    # Owned by the lead (the strong agent): a planning copy bought into by hand.
    ("strong_macro.py", "p.currency"): "the strong agent's virtual copy (owned by the lead)",
    ("strong_macro.py", "state.supply"): "the strong agent's virtual copy (owned by the lead)",
}


def _modules() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.py"))


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _allowed(rel: str, text: str) -> bool:
    return (rel, text) in ALLOWED or (rel, text.split(".")[0] + ".*") in ALLOWED


def _written(node: ast.AST) -> ast.AST | None:
    """The quantity-bearing expression a write target touches, or ``None``."""
    while isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Attribute) and node.attr in PLAYER_QUANTITIES | {SUPPLY}:
        return node
    return None


def _direct_writes(source: str, rel: str) -> list[str]:
    """``file:line: statement`` for each write of a ledger quantity in ``source``."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = list(node.targets)
        elif isinstance(node, ast.Call) and node.args:
            # add_goods(x.supply, ...) / take_goods(...) and in-place methods on a quantity
            name = node.func.id if isinstance(node.func, ast.Name) else None
            if name in {"add_goods", "take_goods"}:
                targets = [node.args[0]]
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in {
            "append", "pop", "clear", "update", "setdefault", "remove", "extend", "__setitem__"
        }:
            targets.append(node.func.value)
        for t in targets:
            hit = _written(t)
            if hit is None:
                continue
            text = ast.unparse(hit)
            if not _allowed(rel, text):
                found.append(f"{rel}:{node.lineno}: {ast.unparse(node).splitlines()[0]}")
    return found


def test_only_the_ledger_writes_currency_points_soot_prestige_and_the_supply() -> None:
    writes = [
        w for p in _modules() if _rel(p) != "ledger.py" for w in _direct_writes(p.read_text(encoding="utf-8"), _rel(p))
    ]
    assert not writes, (
        "direct writes of a ledger quantity outside src/hexkit_soot/ledger.py "
        "(call gain_currency/spend_currency/transfer_currency/gain_points/advance_soot/"
        "change_prestige/from_supply/to_supply instead):\n  " + "\n  ".join(writes)
    )


def test_the_scan_finds_a_direct_write() -> None:
    src = "def f(state, p):\n    state.players[p].currency -= 2\n    state.supply['Coal'] = 0\n"
    assert _direct_writes(src, "rules/_probe_scan.py") == [
        "rules/_probe_scan.py:2: state.players[p].currency -= 2",
        "rules/_probe_scan.py:3: state.supply['Coal'] = 0",
    ]


def test_no_private_core_field_is_written() -> None:
    """``State._legal`` (the core's legal-action cache) is written only by the core."""
    lead_owned = {"strong.py", "strong_macro.py"}  # the strong agent (owned by the lead), see the report
    writes = []
    for path in _modules():
        if _rel(path) in lead_owned:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                writes += [f"{_rel(path)}:{node.lineno}" for t in targets
                           if isinstance(t, ast.Attribute) and t.attr == "_legal"]
    assert not writes, f"State._legal written outside the core (use invalidate_legal/reuse_legal): {writes}"


def test_invalidate_and_reuse_legal(monkeypatch: pytest.MonkeyPatch) -> None:
    from hexkit_soot import GAME

    listed: list[int] = []
    generate = GAME.generate_actions
    monkeypatch.setattr(GAME, "generate_actions", lambda s: listed.append(s.step) or generate(s))
    state = GAME.new(GAME.make_config(players=2), 1)
    first = GAME.legal_actions(state)
    assert GAME.legal_actions(state) == first and listed == [0]  # cached until the next apply
    copy = GAME.clone(state)
    copy.reuse_legal(state)
    assert GAME.legal_actions(copy) == first and listed == [0]  # the copy shares the listing
    state.invalidate_legal()
    assert GAME.legal_actions(state) == first and listed == [0, 0]  # listed afresh
