# Every target that runs code bootstraps .venv first (created, or refreshed when
# pyproject.toml changes), so a fresh clone needs nothing but Python 3.11+.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test test-fast bench bench-bots soak tamper mutate api-snapshot docs lint clean chromium compiled

# The compiled build: the wheel (hot modules compiled by mypyc, see hatch_build.py) in a
# second venv that borrows .venv's packages but not its editable lisboa_core. Rebuilt only
# when a source file changes (the hash of every file that goes into the wheel).
VENV_C   := .venv-compiled
SRC_HASH  = $(shell cat pyproject.toml hatch_build.py $$(find src grammar cards -type f \
	! -path '*/__pycache__/*' ! -name '*.so' | LC_ALL=C sort) | sha256sum | cut -c1-16)

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
compiled: $(STAMP)
	@if [ "$$(cat $(VENV_C)/.source 2>/dev/null)" != "$(SRC_HASH)" ]; then \
		echo "building the compiled wheel (mypyc, about a minute)"; \
		rm -rf $(VENV_C) build-wheel && $(PYTHON) -m venv $(VENV_C) && \
		$(BIN)/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])' \
			> "$$($(VENV_C)/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/_lisboa_dev.pth" && \
		$(BIN)/python -m pip wheel --quiet --no-deps --no-build-isolation -w build-wheel . && \
		$(VENV_C)/bin/python -m pip install --quiet --no-deps --no-index build-wheel/lisboa_core-*.whl && \
		echo $(SRC_HASH) > $(VENV_C)/.source; \
	fi

# The whole suite against the compiled build, then the pure build's subset (random games,
# the lookahead oracle, serialization, the hot classes, the pinned Puerto Rico and Tiletum
# games, every game's conformance suite;
# the frameworks' own tests and Ray, which run the same Python in both, only compiled).
test: lint chromium compiled
	$(BIN)/python docs/generate.py --check
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict
	LISBOA_EXPECT_BUILD=compiled $(VENV_C)/bin/python -m pytest
	LISBOA_EXPECT_BUILD=pure $(BIN)/python -m pytest tests/test_random_play.py \
		tests/test_lookahead.py tests/test_serialize.py tests/test_hot_classes.py \
		tests/test_game_fingerprints.py tests/test_hint_properties.py \
		tests/test_conformance.py -k "not frameworks_own and not on_ray"

# The inner loop: every test not marked slow, pure build, on every core (under a minute on
# a 2-core machine); `make test` still runs everything.
test-fast: $(STAMP)
	$(BIN)/python -m pytest -m "not slow" -x

bench: $(STAMP) compiled
	$(BIN)/python benchmarks/bench_catalogue.py
	$(BIN)/python benchmarks/bench_playouts.py
	$(BIN)/python benchmarks/bench_speed.py
	$(VENV_C)/bin/python benchmarks/bench_speed.py
	$(VENV_C)/bin/python benchmarks/bench_env.py

# Per game: greedy seconds per game, and one ISMCTS bot against three greedy bots over 40
# four-player games (its seconds per game and per decision, its win rate with a Wilson
# interval), compiled build, 2 processes.
bench-bots: $(STAMP) compiled
	$(VENV_C)/bin/python benchmarks/bench_bots.py 40 2

# Random play with every invariant checked after every move: 10^6 decisions, 2 processes.
soak: $(STAMP)
	$(BIN)/python benchmarks/soak.py 1000000 2

# 10,000 tampered saves, views and records of each game: each refused cleanly or loaded
# and played to the end with the invariants holding (TAMPER cases per kind, WORKERS at once).
TAMPER ?= 10000
tamper: $(STAMP)
	$(BIN)/python benchmarks/tamper.py $(TAMPER) $(WORKERS)

# Mutation testing (cosmic-ray): a seeded sample of MUTANTS mutants of one PACKAGE
# (lisboa-rules, lisboa-hints, puerto-rico-rules, tiletum-rules, core) against the tests
# that guard it, on copies of the sources, WORKERS at once; about 10-20 minutes on 2
# cores. Not part of `make test`.
PACKAGE ?= lisboa-rules
MUTANTS ?= 40
SEED    ?= 26
WORKERS ?= 2
ARGS    ?=
mutate: $(STAMP)
	$(BIN)/python benchmarks/mutate.py $(PACKAGE) --sample $(MUTANTS) --seed $(SEED) --workers $(WORKERS) $(ARGS)

# Rewrite tests/api_snapshot.txt after a deliberate change to the public API.
api-snapshot: $(STAMP)
	$(BIN)/python -m lisboa_core._api_snapshot > tests/api_snapshot.txt

# Regenerate the generated pages (docs/generate.py), then build the site into site/.
docs: $(STAMP)
	$(BIN)/python docs/generate.py
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

# A headless Chromium for the browser tests (tests/browser.py finds one: Debian's chromium,
# Chrome, Playwright's own download). None there: Debian's is installed where apt-get may run
# (as root: CI); elsewhere (macOS, a user account) this says so once and the browser tests
# skip with the reason. Under CI (CI=true) a browser that cannot be had fails the build.
chromium:
	@$(PYTHON) tests/browser.py >/dev/null || { \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	fi; \
	$(PYTHON) tests/browser.py >/dev/null || \
	if [ "$${CI:-}" = true ]; then \
		echo "no Chromium or Chrome found, and none could be installed" >&2; exit 1; \
	else \
		echo "note: no Chromium or Chrome found, and none can be installed here (apt-get" \
			"as root): the browser tests will be skipped (install one, or set LISBOA_BROWSER)"; \
	fi; }

clean:
	rm -rf $(VENV) $(VENV_C) build-wheel dist build site .pytest_cache .mypy_cache .ruff_cache .hypothesis
