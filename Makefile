# Confessor: `make run` and `make test` are all a newcomer needs.
# Every target that runs code installs first (idempotent, fast when nothing changed).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
EMULATOR := host/emulator
EMULATOR_STAMP := $(EMULATOR)/node_modules/.installed
PORT ?=

.PHONY: install install-system install-emulator firmware run test test-fast check bench sweeps golden flash clean help

help:
	@echo "make run      - install, then open the virtual Confessor (or play a demo game without a terminal)"
	@echo "make test     - install (Debian packages too, as root), build the firmware, run every test"
	@echo "make test-fast - the rules and unit tests under both interpreters, less the slow ones"
	@echo "make firmware - the firmware images (build/firmware/*.uf2) and the 32-bit MicroPython"
	@echo "make check    - ruff and pyright (CPython typeshed and MicroPython stubs)"
	@echo "make bench    - speed, memory and bot-strength figures (BENCH_ARGS=--long: more games)"
	@echo "make sweeps   - the long security sweeps of docs/security.md (about an hour)"
	@echo "make flash PORT=/dev/ttyACM0 - put the firmware on a real board"
	@echo "make golden   - rewrite golden playthroughs after an intended rules change"

install: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade "pip>=23"
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e ".[dev]"
	@touch $(STAMP)

# The Debian programs the firmware build and the tests need (host/system.py): installed when
# run as root with apt-get, as on CI and a fresh machine; otherwise one line says what to install.
install-system:
	@$(PYTHON) -m host.system --install

# rp2040js, pinned by host/emulator/package-lock.json
install-emulator: $(EMULATOR_STAMP)

$(EMULATOR_STAMP): $(EMULATOR)/package-lock.json
	cd $(EMULATOR) && npm ci --no-audit --no-fund --loglevel=error
	@touch $(EMULATOR_STAMP)

# The release images, the emulator's and the 32-bit unix port, from firmware/port/ (host/build.py);
# built once into build/, again only for what changed.
firmware: install install-system
	$(BIN)/python -m host.build

run: install
	$(BIN)/confessor run

# Every test: tests/rules, firmware, device (the virtual board, the emulator), phones, host
# and portable (the rules under both interpreters).
test: firmware install-emulator
	$(BIN)/python -m pytest -n auto -p no:cacheprovider tests

# The rules and the unit tests, under CPython and MicroPython, less those marked slow (whole-game
# sweeps; the device/ and phones/ folders are slow by folder): a few minutes on 2 cores.
test-fast: install
	$(BIN)/python -m pytest -n auto -p no:cacheprovider -m "not slow" tests/portable tests/rules tests/firmware tests/host

check: install
	$(BIN)/ruff check host shared_rules firmware tests wiring
	$(BIN)/pyright -p pyproject.toml
	# The firmware is checked against MicroPython's own stdlib stubs, not CPython's typeshed.
	$(BIN)/pyright -p firmware/pyrightconfig.json --typeshedpath "$$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"

bench: firmware install-emulator
	$(BIN)/python -m host.bench $(BENCH_ARGS)

sweeps: install
	$(BIN)/python -m host.sweeps

golden: install
	$(BIN)/python tests/helpers/make_golden.py

flash: install
	$(BIN)/confessor flash $(if $(PORT),--port $(PORT),)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache $(EMULATOR)/node_modules
