"""The rules-version tripwire: golden playthroughs are checked against a hash.

``tests/golden_versions.json`` holds, per game, the rules version
(``GameInfo.version``) and the SHA-256 of its golden files (transcripts,
saved positions, perft counts; not pictures, which change with drawing, not
rules). When a golden changes, the behaviour changed, so the version must
change too; records and saved states carry it, and loading one made under
another version is refused.

After regenerating goldens and bumping the version::

    .venv/bin/python -m tests.golden_tripwire --update

``--update`` refuses to record a new hash under an unchanged version.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from hexkit.registry import load_game

ROOT = Path(__file__).parent
MANIFEST = ROOT / "golden_versions.json"

GOLDEN_FILES: dict[str, tuple[Path, tuple[str, ...]]] = {
    "empyreal": (ROOT / "empyreal" / "golden", ("*.txt", "*.json")),
    "soot": (ROOT / "soot" / "golden", ("*.txt", "*.json")),
    "hex": (ROOT / "hexgame" / "golden", ("*.txt",)),
}
"""Each game's golden folder and the file patterns that show behaviour."""


def golden_hash(game: str) -> str:
    """SHA-256 over the names and bytes of a game's golden files, in name order."""
    folder, patterns = GOLDEN_FILES[game]
    digest = hashlib.sha256()
    files = sorted({p for pattern in patterns for p in folder.glob(pattern)})
    for path in files:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def current() -> dict[str, dict[str, str]]:
    """The version and golden hash of every game with goldens, as they are now."""
    return {name: {"version": load_game(name).info.version, "sha256": golden_hash(name)}
            for name in GOLDEN_FILES}


def recorded() -> dict[str, dict[str, str]]:
    """The manifest as committed."""
    data: dict[str, dict[str, str]] = json.loads(MANIFEST.read_text(encoding="utf-8"))
    return data


def problems() -> list[str]:
    """What is out of step between the goldens, the versions and the manifest."""
    found = []
    saved = recorded()
    for name, now in current().items():
        was = saved.get(name)
        if was is None:
            found.append(f"{name}: not in {MANIFEST.name}; run python -m tests.golden_tripwire --update")
        elif now["sha256"] != was["sha256"] and now["version"] == was["version"]:
            found.append(
                f"{name}: the golden playthroughs changed but GameInfo.version is still "
                f"{now['version']!r}: a behaviour change needs a new rules version; bump the "
                f"version, then run python -m tests.golden_tripwire --update")
        elif now != was:
            found.append(
                f"{name}: {MANIFEST.name} records version {was['version']!r}, the game is "
                f"{now['version']!r}; run python -m tests.golden_tripwire --update")
    return found


def update() -> None:
    """Record the current versions and hashes, unless a golden changed under an old version."""
    blocking = [p for p in problems() if "still" in p]
    if blocking:
        raise SystemExit("\n".join(blocking))
    MANIFEST.write_text(json.dumps(current(), indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    if "--update" in sys.argv:
        update()
        print(f"updated {MANIFEST}")
    else:
        print("\n".join(problems()) or "goldens and versions agree")
