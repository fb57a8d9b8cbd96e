# pokerroom: `make run` plays hold'em against bots; `make test` runs the suite; `make soak` the full counts.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SHARED ?= ../shared

.PHONY: run test soak lint bench clean

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml $(BIN)/activate
	$(BIN)/pip install -q -e '.[test,bench]'
	touch $@

run: $(VENV)/.installed
	$(BIN)/pokerroom play holdem

test: $(VENV)/.installed
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/pytest -n 2 src tests

soak: $(VENV)/.installed
	POKERROOM_SOAK=1 $(BIN)/pytest -n 2 tests

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
