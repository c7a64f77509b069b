# Two entry points: `make run` plays, `make test` checks everything.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test docs lint typecheck pytest clean postgres-server messages

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The install builds the native kernels (C extensions, issue 18) in place: it runs again when
# their sources change. Without a C compiler it still succeeds, and the pure engine runs.
KERNEL_SOURCES := $(wildcard src/trigames/games/*/_kernel.c src/trigames/core/kernels/*.h)

$(STAMP): pyproject.toml $(KERNEL_SOURCES) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	$(BIN)/python -c "from trigames.core import native; print('trigames engine:', native.describe())"
	touch $(STAMP)

# The rules tests of the games with a native kernel run a second time on the pure engine
# (TRIGAMES_PURE=1), with the search tests and the adapters' tests of those games (which
# play on native lines where kernels run): both modes stay checked.
PURE_TESTS := tests/triggle tests/tricolor tests/trig tests/trugo tests/tranglar tests/test_ai.py \
	tests/interop
PURE_GAMES := triggle or tricolor or trig or trugo or tranglar

run: $(STAMP)
	$(BIN)/trigames serve --open

# The end-to-end tests drive Debian's Chromium (tests/e2e); install it when it is missing.
CHROMIUM := /usr/bin/chromium
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

$(CHROMIUM):
	$(SUDO) apt-get update
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

# The store tests start a throwaway PostgreSQL cluster (tests/web): install the server
# programs when none are there (the machine image ships PostgreSQL 15's).
POSTGRES_INITDB := $(firstword $(wildcard /usr/lib/postgresql/*/bin/initdb))

postgres-server:
ifeq ($(POSTGRES_INITDB),)
	$(SUDO) apt-get update
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql
endif

# The documentation's own Python (its Sphinx configuration and extension, the screenshot tool).
DOCS_CODE := docs/conf.py docs/_ext docs/_tools

test: $(STAMP) | $(CHROMIUM) postgres-server
	$(BIN)/ruff check src tests benchmarks $(DOCS_CODE)
	$(BIN)/ruff format --check src tests benchmarks $(DOCS_CODE)
	$(BIN)/mypy
	$(MAKE) --no-print-directory docs
	$(BIN)/pytest
	TRIGAMES_PURE=1 $(BIN)/pytest -q $(PURE_TESTS) -k "$(PURE_GAMES)"

# The documentation site (docs/, Sphinx with furo and MyST): every warning is an error, and every
# page is read again (-E) so that a warning of a page left unchanged still counts (about 12 s).
DOCS_HTML := build/docs/html

docs: $(STAMP)
	$(BIN)/sphinx-build -W --keep-going -E -q -b html docs $(DOCS_HTML)

# The pages' message catalogues (docs/developing.md, "Languages"): the template made again from
# the sources (babel.cfg says where), then each language's catalogue brought up to date with it
# (new messages come in untranslated; tests/web/test_i18n.py fails until they are translated).
LOCALE := src/trigames/web/locale

messages: $(STAMP)
	$(BIN)/pybabel -q extract -F babel.cfg --project trigames --msgid-bugs-address "" \
		-o $(LOCALE)/messages.pot .
	$(BIN)/pybabel -q update -i $(LOCALE)/messages.pot -d $(LOCALE) --no-fuzzy-matching \
		--ignore-obsolete

clean:
	rm -rf $(VENV) build src/*.egg-info .mypy_cache .pytest_cache .ruff_cache .hypothesis
