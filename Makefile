# Two commands do everything on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# The interface's translations: the .ts source is kept in the repo, the .qm is built here
# with PySide6's own lrelease (never committed); `make translations` re-extracts the strings.
TS     := app/i18n/warboard_ru.ts
QM     := $(TS:.ts=.qm)

.PHONY: run test bench lint build clean translations

$(STAMP): pyproject.toml tools/ensure-system-deps.sh
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	bash tools/ensure-system-deps.sh $(BIN)/python
	$(BIN)/pyside6-lrelease -silent $(TS) -qm $(QM)
	touch $(STAMP)

$(QM): $(TS) $(STAMP)
	$(BIN)/pyside6-lrelease -silent $(TS) -qm $(QM)

translations: $(STAMP)
	$(BIN)/pyside6-lupdate -silent -no-obsolete -locations none -source-language en \
		-target-language ru $$(find app -name '*.py' | sort) -ts $(TS)
	$(BIN)/pyside6-lrelease -silent $(TS) -qm $(QM)

run: $(STAMP) $(QM)
	$(BIN)/warboard $(ARGS)

test: $(STAMP) $(QM)
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	# PYTHONDONTWRITEBYTECODE emptied: pytest keeps each test module's rewritten asserts in
	# __pycache__ only when bytecode may be written; without it every worker rewrites all
	# of them at every run.
	QT_QPA_PLATFORM=offscreen PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n 2 --dist worksteal

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m bench

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports

build: $(STAMP) $(QM)
	$(BIN)/python -m pip install --quiet -e '.[build]'
	$(BIN)/pyinstaller --noconfirm build.spec

clean:
	rm -rf $(VENV) build dist *.egg-info
