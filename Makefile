# Two commands do all the set-up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PORT   ?= 8000
STAMP  := $(VENV)/.installed

.PHONY: run test lint fmt bench screenshots clean spec client

# The generated client is installed too (not editable): again when openapi.yaml or it changes.
$(STAMP): pyproject.toml openapi.yaml foxden/client/setup.py foxden/client/foxden_client/streams.py
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	$(BIN)/python -m pip install --quiet ./foxden/client  # the generated client (foxden bot)
	touch $(STAMP)

run: $(STAMP)
	PORT=$(PORT) $(BIN)/foxden up --port $(PORT)

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 2 --dist loadgroup -q

# openapi.yaml is generated from service/api/spec/base.yaml, the marshmallow schemas and service/api/spec/payloads.py.
spec: $(STAMP)
	$(BIN)/python -m service.api.spec.build

# foxden/client is generated from openapi.yaml (openapi-python-client, pinned in pyproject);
# run after every change of the document, then commit what changed. A test fails until then.
client: $(STAMP)
	$(BIN)/python foxden/client/generate.py
	$(BIN)/python -m pip install --quiet ./foxden/client

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/mypy

fmt: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(STAMP)
	$(BIN)/python bench/event_store.py
	$(BIN)/python bench/playouts.py

# The web pages of docs/screenshots (README, docs/web.md); needs Debian's chromium.
screenshots: $(STAMP)
	$(BIN)/python bench/screenshots.py

clean:
	rm -rf $(VENV) var .pytest_cache
