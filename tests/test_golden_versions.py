"""The golden tripwire: a golden playthrough that changed under an unchanged
rules version fails here, with a message saying to bump the version (issue 11,
Versions). See :mod:`tests.golden_tripwire`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests import golden_tripwire
from tests.golden_tripwire import problems


def test_goldens_and_rules_versions_agree() -> None:
    assert problems() == []


def test_a_changed_golden_under_the_same_version_asks_for_a_bump(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder, patterns = golden_tripwire.GOLDEN_FILES["soot"]
    copy = tmp_path / "golden"
    shutil.copytree(folder, copy)
    monkeypatch.setitem(golden_tripwire.GOLDEN_FILES, "soot", (copy, patterns))
    assert problems() == []
    transcript = next(copy.glob("*.txt"))
    transcript.write_text(transcript.read_text() + "one more line\n")
    found = problems()
    assert len(found) == 1 and found[0].startswith("soot: the golden playthroughs changed")
    assert "bump the version" in found[0]
    manifest = tmp_path / "golden_versions.json"
    manifest.write_text(golden_tripwire.MANIFEST.read_text())
    monkeypatch.setattr(golden_tripwire, "MANIFEST", manifest)
    with pytest.raises(SystemExit, match="still"):
        golden_tripwire.update()  # --update refuses too
    saved = json.loads(manifest.read_text())
    saved["soot"]["version"] = "0.0.9"  # as if the version had been bumped since
    manifest.write_text(json.dumps(saved))
    assert "records version '0.0.9'" in problems()[0]
    golden_tripwire.update()
    assert problems() == []
