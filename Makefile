# Every target that runs code bootstraps .venv first (created, or refreshed when
# pyproject.toml changes), so a fresh clone needs nothing but Python 3.11+.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test bench docs lint clean

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

test: lint
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_catalogue.py
	$(BIN)/python benchmarks/bench_playouts.py

docs: $(STAMP)
	$(BIN)/python docs/generate.py

clean:
	rm -rf $(VENV) dist build site .pytest_cache .mypy_cache .ruff_cache .hypothesis
