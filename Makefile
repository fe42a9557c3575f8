# Two commands do everything on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test bench lint build clean

$(STAMP): pyproject.toml tools/ensure-system-deps.sh
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	bash tools/ensure-system-deps.sh $(BIN)/python
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/warboard $(ARGS)

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m bench

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports

build: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[build]'
	$(BIN)/pyinstaller --noconfirm build.spec

clean:
	rm -rf $(VENV) build dist *.egg-info
