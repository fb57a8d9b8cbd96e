# pokerroom: `make run` starts the card-room server; `make test` runs the suite; `make soak` the full counts.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SHARED ?= ../shared

.PHONY: run test soak lint bench clean chromium

# Python keeps compiled modules in __pycache__ (git-ignored) even where the environment says not to: without
# them every process the suite starts (servers, workers, the CLI) compiles the package from source again, and
# pytest rewrites every test module's asserts again in each worker (24 s of collection instead of 7).
unexport PYTHONDONTWRITEBYTECODE

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

# Serving needs only the package and its own dependencies; the suite and the benchmarks add their extras
# (pytest, mypy, Playwright, the peer libraries). Each has its own stamp, so `make run` never installs them.
$(VENV)/.installed-run: pyproject.toml $(BIN)/activate
	$(BIN)/pip install -q -e .
	touch $@

$(VENV)/.installed: pyproject.toml $(BIN)/activate
	$(BIN)/pip install -q -e '.[test,bench]'
	touch $@

HOST ?= 127.0.0.1
PORT ?= 8000
TEST_WORKERS ?= 4

run: $(VENV)/.installed-run
	$(BIN)/pokerroom serve --host $(HOST) --port $(PORT)

# The browser tests drive Debian's Chromium (never a downloaded browser): installed here when missing.
chromium:
	@test -x /usr/bin/chromium || (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium)

# mypy runs beside the suite: the browser tests leave the cores idle while pages wait on the server.
# The tests' scratch files (their SQLite rooms) go to memory-backed /dev/shm where there is one: the suite tests
# the room, not the disk, and on a disk a SQLite COMMIT's write to the WAL is a sixth of the long soaks' time.
test: $(VENV)/.installed chromium
	$(BIN)/ruff check src tests benchmarks
	@$(BIN)/mypy > $(VENV)/mypy.log 2>&1 & mypy=$$!; \
	scratch=$$(mktemp -d /dev/shm/pokerroom-tests.XXXXXX 2>/dev/null || mktemp -d); \
	$(BIN)/pytest -n $(TEST_WORKERS) --basetemp=$$scratch src tests; status=$$?; rm -rf $$scratch; \
	wait $$mypy; typed=$$?; cat $(VENV)/mypy.log; \
	test $$status -eq 0 -a $$typed -eq 0

soak: $(VENV)/.installed chromium
	POKERROOM_SOAK=1 $(BIN)/pytest -n 2 tests

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
