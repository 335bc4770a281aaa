"""hexkit.revision: stamps are distinct, increasing and process-wide."""

import pytest

from hexkit.revision import fresh_revisions, next_revision


def test_stamps_increase_and_never_repeat() -> None:
    seen = [next_revision() for _ in range(1000)]
    assert seen == sorted(seen)
    assert len(set(seen)) == 1000


def test_fresh_revisions_are_new_and_distinct() -> None:
    before = next_revision()
    stamps = fresh_revisions(4)
    assert len(stamps) == 4 and len(set(stamps)) == 4
    assert min(stamps) > before
    assert fresh_revisions(0) == []


def test_fresh_revisions_refuses_a_negative_count() -> None:
    with pytest.raises(ValueError, match="sections must be >= 0, got -1"):
        fresh_revisions(-1)
