# The two commands: `make run` and `make test`. Both create .venv and install
# what they need themselves, so they work on a fresh Debian 12 machine.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip
# On a Raspberry Pi, picamera2 comes from the OS (apt install python3-picamera2), so the
# venv sees the system site-packages and the `pi` extra is installed.
IS_PI  := $(shell grep -qs "Raspberry Pi" /proc/device-tree/model && echo 1)
VENV_FLAGS := $(if $(IS_PI),--system-site-packages,)
RUN_EXTRAS := $(if $(IS_PI),[pi],)
comma := ,
TEST_EXTRAS := $(if $(IS_PI),[test$(comma)pi],[test])
# Debian packages the tests need: zbar for pyzbar, poppler-utils for pdftoppm, and for the
# Pi kiosk's checks shellcheck, cage (the unit's ExecStart) and systemd (systemd-analyze).
SYSDEPS := libzbar0 poppler-utils shellcheck cage systemd

.PHONY: run test lint typecheck pytest sysdeps venv install install-test benchmarks clean \
	ponder-random fuzz install-pi powercut soak \
	camera-sweep-pondscape screenshots

run: install
	$(VENV)/bin/pond-companion ui

test: install-test sysdeps lint typecheck pytest

$(PY):
	@$(PYTHON) -m venv $(VENV_FLAGS) $(VENV) 2>/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing python3-venv"; apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv; \
	    rm -rf $(VENV); $(PYTHON) -m venv $(VENV_FLAGS) $(VENV); \
	  else echo "python3 -m venv failed: install python3-venv (sudo apt install python3-venv)"; exit 1; fi; }
	$(PIP) install -q --upgrade pip

venv: $(PY)

$(VENV)/.installed: pyproject.toml | $(PY)
	$(PIP) install -q -e '.$(RUN_EXTRAS)'
	@touch $@

$(VENV)/.installed-test: pyproject.toml | $(PY)
	$(PIP) install -q -e '.$(TEST_EXTRAS)'
	@touch $@ $(VENV)/.installed

install: $(VENV)/.installed

install-test: $(VENV)/.installed-test

# As root, install the missing Debian packages (apt-get update first: a fresh
# machine's package lists are empty). As another user, say what to install.
sysdeps:
	@missing=""; for p in $(SYSDEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing$$missing"; apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else echo "missing Debian packages:$$missing (run: sudo apt install$$missing)"; exit 1; fi; \
	fi

lint: install-test
	$(VENV)/bin/ruff check .

typecheck: install-test
	$(VENV)/bin/mypy

# The suite runs on every core, at most 4 (pytest-xdist, one process a core, a test file at a
# time: a file's module fixtures are built once; each process holds Kivy, OpenCV and a window,
# so a big machine does not get one per core). PYTEST_WORKERS=0 runs it in this one process.
PYTEST_WORKERS ?= auto
pytest: install-test
	@kivy_home=$$(mktemp -d); \
	KIVY_HOME=$$kivy_home KIVY_NO_ARGS=1 KIVY_LOG_MODE=PYTHON GPIOZERO_PIN_FACTORY=mock \
	  $(PY) -m pytest -q -n $(PYTEST_WORKERS) --maxprocesses 4 --dist loadfile $(PYTEST_ARGS); \
	  status=$$?; rm -rf $$kivy_home; exit $$status

# The Pi kiosk: install or update it (systemd/install.sh; --dry-run to see the plan).
install-pi:
	sudo systemd/install.sh

# Power cuts through the real app: 50 SIGKILLs at random moments (make test runs 3).
powercut: install-test sysdeps
	@kivy_home=$$(mktemp -d); \
	KIVY_HOME=$$kivy_home KIVY_NO_ARGS=1 POWERCUT_KILLS=$${POWERCUT_KILLS:-50} \
	  $(PY) -m pytest -q -s tests/pi/test_powercut.py; status=$$?; rm -rf $$kivy_home; exit $$status

# Soak: 3,000 button commands and 300 demo-camera scans through the real app.
soak: install-test sysdeps
	$(PY) -m tests.pi.soak

benchmarks: install-test
	@for b in benchmarks/bench_*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

# Ponder: the 1,000 seeded random games of the acceptance (make test plays 40).
ponder-random: install-test
	PONDER_GAMES=1000 $(PY) -m pytest -q -s tests/ponder/test_ponder_random_play.py

# The hostile-input fuzzer's full run (#12): 1,000 mutated files through every command that
# reads one, each under RLIMIT_AS = 2 GB; `make test` runs a 36-input slice. FUZZ_ARGS to change.
FUZZ_ARGS ?= --count 1000
fuzz: install-test
	@home=$$(mktemp -d); HOME=$$home GPIOZERO_PIN_FACTORY=mock \
	  $(PY) tests/fuzz_hostile.py $(FUZZ_ARGS); status=$$?; rm -rf $$home; exit $$status

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache

# Pond camera: the full sweep on the realistic generator (slow; not part of `make test`).
.PHONY: camera-sweep-pond
camera-sweep-pond: install-test
	$(PY) benchmarks/bench_pond_camera3d.py --scenes 20

# Pondscape scan accuracy on the honest scene generator (not in `make test`: minutes).
# SWEEP_ARGS="--scenes 20 --full" for 4608x2592 frames with 16 mm tags.
SWEEP_ARGS ?= --scenes 10
camera-sweep-pondscape: install-test
	$(PY) benchmarks/sweep_pondscape_camera.py $(SWEEP_ARGS)

# The screenshots index of docs/ui.md: every screen and state at both sizes, walked in demo
# mode (no display needed), written to docs/screenshots/<size>/ (PNGs, layout.json,
# index.html) and reduced to 128 colours. Run it after adding a screen or a demo state.
SHOT_SIZES := 800x480 1280x720
screenshots: install
	@for s in $(SHOT_SIZES); do \
	  rm -rf docs/screenshots/$$s; home=$$(mktemp -d); \
	  KIVY_HOME=$$home KIVY_NO_ARGS=1 $(VENV)/bin/pond-companion ui --demo \
	    --screenshots docs/screenshots/$$s --size-px $$s; status=$$?; rm -rf $$home; \
	  [ $$status = 0 ] || exit $$status; \
	done
	$(PY) -m ui.screenshots_docs docs/screenshots
