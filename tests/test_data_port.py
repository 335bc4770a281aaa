"""The ported loaders give exactly what the old per-plugin loaders gave (shipped files)."""

from __future__ import annotations

from typing import Any

import attrs

from tests.legacy_loaders import legacy_empyreal_data, legacy_soot_data


def _plain(value: Any) -> Any:
    """A value as plain data, with each attrs object's class name kept."""
    if attrs.has(type(value)):
        return (type(value).__name__, {f.name: _plain(getattr(value, f.name)) for f in attrs.fields(type(value))})
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}, list(value)
    if isinstance(value, (tuple, list, frozenset)):
        return type(value).__name__, [_plain(v) for v in value]
    return type(value).__name__, value


def test_empyreal_data_equals_the_old_loader() -> None:
    from hexkit_empyreal.data import DATA_DIR, load_data

    new, old = load_data(), legacy_empyreal_data.load_data(str(DATA_DIR))
    assert _plain(new) == _plain(old)
    for name in ("tiles", "printed", "company_by_name", "specialist_by_name", "award_by_name", "colours"):
        assert _plain(getattr(new, name)) == _plain(getattr(old, name)), name


def test_soot_data_equals_the_old_loader() -> None:
    from hexkit_soot.data import DATA_DIR, load_data

    new, old = load_data(), legacy_soot_data.load_data(DATA_DIR)
    assert _plain(new) == _plain(old)
    assert new.tile_list() == old.tile_list()
