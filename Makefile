# Two commands for a newcomer: `make run` and `make test`. Both build .venv on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck bench words clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,dev]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m bot

test: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(PY) -m pytest -n auto

lint: $(STAMP)
	$(PY) -m ruff check .

typecheck: $(STAMP)
	$(PY) -m mypy

# Bring the catalogues (bot/words/locales) up to date with the code; then translate the new
# messages in each .po (the catalogue tests fail until every one is).
words: $(STAMP)
	$(PY) -m bot.words.extract

# RLCard's UNO is an outside reference row in `bench engine`; best effort, skipped if absent.
bench: $(STAMP)
	$(PY) -m pip install --quiet 'rlcard>=1.2,<2' || echo "rlcard did not install: its row is skipped"
	$(PY) -m bench

clean:
	rm -rf $(VENV)
