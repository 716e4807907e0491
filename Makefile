# Every target sets up .venv from the pinned requirements when it is missing.
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PYTHON ?= python3

.PHONY: test bench sim deploy clean print-tools kit-pngs web

$(STAMP): requirements.txt pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --disable-pip-version-check -r requirements.txt
	$(BIN)/pip install -q --disable-pip-version-check --no-deps -e .
	touch $@

# Headless Chromium and poppler-utils render and count the printed kit and
# sheet pages in the tests, tmux runs `make sim` in a real terminal, node/npm
# build and check the browser page (make web); installed from Debian when
# missing and we are root.
print-tools:
	@if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/pdfinfo ] || [ ! -x /usr/bin/tmux ] || ! command -v npm >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium poppler-utils fonts-dejavu-core fonts-liberation tmux \
	      $$(command -v npm >/dev/null || echo nodejs npm)) >/dev/null 2>&1 \
	      || echo "print-tools: apt-get install chromium poppler-utils tmux (nodejs npm) failed"; \
	  else echo "print-tools: chromium or pdfinfo missing (not root): print tests will be skipped"; fi; \
	fi

# The kits' pictures in docs/kits/, drawn at 100 % by the print tests' tooling.
kit-pngs: $(STAMP) print-tools
	$(BIN)/python tests/render_kits.py

test: $(STAMP) print-tools
	$(BIN)/pytest -q -n 2

bench: $(STAMP)
	$(BIN)/python -m bench

sim: $(STAMP)
	$(BIN)/dicetray sim

# The tray in a browser: the page, the pinned MicroPython WebAssembly runtime
# (npm ci in web/) and the firmware, into build/web (`dicetray web` serves it).
web: $(STAMP)
	$(BIN)/python -m dicetray_host.web.build

deploy: $(STAMP)
	$(BIN)/dicetray deploy

clean:
	rm -rf $(VENV) build *.egg-info web/node_modules
