# Every target sets up .venv from the pinned requirements when it is missing.
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PYTHON ?= python3

.PHONY: test bench sim deploy clean

$(STAMP): requirements.txt pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --disable-pip-version-check -r requirements.txt
	$(BIN)/pip install -q --disable-pip-version-check --no-deps -e .
	touch $@

test: $(STAMP)
	$(BIN)/pytest -q -n 2

bench: $(STAMP)
	$(BIN)/python -m dicetray_host.bench

sim: $(STAMP)
	$(BIN)/dicetray sim

deploy: $(STAMP)
	$(BIN)/dicetray deploy

clean:
	rm -rf $(VENV) build *.egg-info
