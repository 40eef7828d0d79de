# Every target that runs code bootstraps .venv first (created, or refreshed when
# pyproject.toml changes), so a fresh clone needs nothing but Python 3.11+.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test bench bench-bots soak tamper api-snapshot docs lint clean chromium

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python examples/demo.py

lint: $(STAMP)
	$(BIN)/ruff check src tests examples benchmarks docs
	$(BIN)/mypy src

# The generated pages must be current (`make docs` rewrites them) and the site must build
# without a warning; tests/test_docs.py then opens the built site in headless Chromium.
test: lint chromium
	$(BIN)/python docs/generate.py --check
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_catalogue.py
	$(BIN)/python benchmarks/bench_playouts.py

# One ISMCTS bot against three greedy bots over 300 four-player games, then greedy against
# random over 200 (about 25 minutes in all on 2 processes).
bench-bots: $(STAMP)
	$(BIN)/python benchmarks/bench_bots.py ismcts greedy 300 2
	$(BIN)/python benchmarks/bench_bots.py greedy random 200 2

# Random play with every invariant checked after every move: 10^6 decisions, 2 processes.
soak: $(STAMP)
	$(BIN)/python benchmarks/soak.py 1000000 2

# 100,000 tampered saves and records: each refused cleanly or loaded and playable.
tamper: $(STAMP)
	$(BIN)/python benchmarks/tamper.py 100000 2

# Rewrite tests/api_snapshot.txt after a deliberate change to the public API.
api-snapshot: $(STAMP)
	$(BIN)/python -m lisboa_core._api_snapshot > tests/api_snapshot.txt

# Regenerate the generated pages (docs/generate.py), then build the site into site/.
docs: $(STAMP)
	$(BIN)/python docs/generate.py
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

# Debian's headless Chromium, for the browser check of the site (installed when missing).
chromium:
	@command -v chromium >/dev/null || \
		(apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium)

clean:
	rm -rf $(VENV) dist build site .pytest_cache .mypy_cache .ruff_cache .hypothesis
