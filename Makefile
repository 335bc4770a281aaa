# Every target sets itself up: a fresh clone needs only `make demo` or `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test soak bench docs golden clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]' -e examples/hexgame
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python -m hexkit.demo

test: $(STAMP)
	$(BIN)/python -m pytest -q -n 2
	$(BIN)/mypy --strict src
	$(BIN)/sphinx-build -q -W --keep-going -b html docs docs/_build/html
	$(BIN)/sphinx-build -q -W --keep-going -b doctest docs docs/_build/doctest

# The long randomized runs (marker soak): all three games with random and greedy agents,
# validate_state after every step (tests/test_soak.py), Empyreal's Spellcar conservation,
# the mutation corpora, conformance and strict-action fuzzing.
# About 20 minutes here: 20:04 wall, 22 CPU-minutes, 41 tests (2026-12-02, -n 2, nice'd on
# the shared 2-core machine; the longest: Soot conformance at 2 players, 262 s, and the
# demo, 192 s). It took about an hour before the seed counts were cut (same mechanisms).
soak: $(STAMP)
	$(BIN)/python -m pytest -q -n 2 -m soak

bench: $(STAMP)
	$(BIN)/python -m benchmarks

golden: $(STAMP)
	$(BIN)/python -m tests.empyreal.golden --regenerate
	$(BIN)/python -m tests.soot.golden --regenerate
	PYTHONPATH=examples/beacons/src $(BIN)/python examples/beacons/tests/golden.py --regenerate
	HEXKIT_UPDATE_GOLDEN=1 $(BIN)/python -m pytest -q -p no:cacheprovider tests/test_hexgame.py -k golden
	HEXKIT_UPDATE_GOLDEN=1 $(BIN)/python -m pytest -q tests/test_render.py
	$(BIN)/python -m tests.golden_tripwire --update

clean:
	rm -rf $(VENV) docs/_build .pytest_cache .mypy_cache
