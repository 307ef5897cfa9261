# Gridsmith: `make run` opens the editor on bundled content, `make test` runs the tests.
# Both set everything up first on a fresh machine with python3 and make (Debian/Ubuntu: Qt's
# system libraries are installed with apt-get when missing and we may).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
RUN_FILE ?= content/pendulous/duel.scn.yaml
# what Qt 6 needs from the system: offscreen (tests) and xcb (a real window)
QT_DEBS := libegl1 libgl1 libopengl0 libglib2.0-0 libfontconfig1 libfreetype6 libxkbcommon0 libdbus-1-3 \
           libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0 \
           libxcb-render-util0 libxcb-image0 libxcb-randr0 libxcb-xinerama0 libxcb-xkb1 libx11-xcb1

.PHONY: setup run test contracts fuzz validate schemas bench clean system-deps screenshots

setup: system-deps $(VENV)/.installed

$(VENV)/.installed: pyproject.toml setup.py
	@$(PYTHON) -m venv $(VENV) 2>/dev/null || { $(MAKE) --no-print-directory apt PKGS=python3-venv && $(PYTHON) -m venv $(VENV); }
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[editor,dev]'
	@touch $@

system-deps:
	@command -v dpkg >/dev/null 2>&1 || exit 0; \
	missing=$$(for p in $(QT_DEBS); do dpkg -s $$p >/dev/null 2>&1 || printf '%s ' $$p; done); \
	[ -z "$$missing" ] || $(MAKE) --no-print-directory apt PKGS="$$missing"

apt:
	@if [ "$$(id -u)" = 0 ]; then SUDO=; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo -n"; \
	else echo "note: cannot install $(PKGS) (not root, no sudo); Qt may not start"; exit 0; fi; \
	echo "installing system packages: $(PKGS)"; \
	$$SUDO apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $(PKGS) >/dev/null \
	  || echo "note: could not install $(PKGS); Qt may not start"

run: setup
	@if [ -z "$$DISPLAY$$WAYLAND_DISPLAY$$QT_QPA_PLATFORM" ]; then \
	  echo "No display here (DISPLAY is not set): validating the bundled content instead of opening the editor."; \
	  $(BIN)/gridsmith validate content/; \
	elif $(BIN)/gridsmith edit --help >/dev/null 2>&1; then \
	  $(BIN)/gridsmith edit $(RUN_FILE); \
	else \
	  $(BIN)/gridsmith validate content/; \
	fi

# on every core (pytest-xdist); worksteal: an idle worker takes tests from a busy one's queue
test: setup contracts
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -n auto --dist worksteal

# import contracts (import-linter) and strict types of the shared cores (mypy), both configured in
# pyproject.toml; they read the installed layout, which .venv/layout links from the source folders
LAYOUT := $(VENV)/layout
contracts: setup
	@rm -rf $(LAYOUT) && mkdir -p $(LAYOUT)/gridsmith && \
	  for f in gridsmith/*.py formats engine editor; do ln -s "$(CURDIR)/$$f" $(LAYOUT)/gridsmith/; done
	cd $(LAYOUT) && $(CURDIR)/$(BIN)/lint-imports --no-cache $(CURDIR)/pyproject.toml
	cd $(LAYOUT) && $(CURDIR)/$(BIN)/mypy --config-file $(CURDIR)/pyproject.toml

# the validation pipeline's property tests with a long budget (make test runs a small one);
# FUZZ_EXAMPLES sets the examples per property
FUZZ_EXAMPLES ?= 5000
fuzz: setup
	GRIDSMITH_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q --timeout=0 \
	  tests/formats/test_fuzz_pipeline.py tests/formats/test_schema_agreement.py tests/formats/test_fuzz_saves.py

validate: setup
	$(BIN)/gridsmith validate content/

schemas: setup
	$(BIN)/gridsmith schema --write

bench: setup
	@for b in bench/bench_*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

# the screenshot tour (editor/core/tour.py): every editor, play window and balance lab of every game at
# 1024x700 and 1600x1000 into docs/screenshots/. A real window: the display there is, else Xvfb (with
# openbox when installed, so windows are managed as on a desktop), else offscreen rendering.
SHOTS ?= docs/screenshots
TOUR  := $(BIN)/python -m gridsmith.editor.core.tour $(SHOTS) $(TOUR_ARGS)
screenshots: setup
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
	  $(TOUR); \
	elif command -v Xvfb >/dev/null 2>&1; then \
	  n=99; while [ -e /tmp/.X$$n-lock ]; do n=$$((n + 1)); done; \
	  Xvfb :$$n -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 & xvfb=$$!; sleep 1; \
	  if command -v openbox >/dev/null 2>&1; then DISPLAY=:$$n openbox >/dev/null 2>&1 & wm=$$!; sleep 1; fi; \
	  DISPLAY=:$$n $(TOUR); rc=$$?; \
	  [ -n "$$wm" ] && kill $$wm; kill $$xvfb; exit $$rc; \
	elif command -v xvfb-run >/dev/null 2>&1; then \
	  xvfb-run -a -s "-screen 0 1600x1000x24" $(TOUR); \
	else \
	  QT_QPA_PLATFORM=offscreen $(TOUR); \
	fi

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
