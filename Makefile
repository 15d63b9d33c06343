# graphproof set-up and checks. `make demo` installs everything and runs the demo; `make test` runs the tests.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PY_STAMP   := $(VENV)/.graphproof-installed
LINT_STAMP := tests/cypher_lint/node_modules/.graphproof-installed

.PHONY: setup demo test lint bench clean

setup: $(PY_STAMP) $(LINT_STAMP) chromium wordnet

# torch first, pinned: a bare `torch` requirement with nothing installed pulls a multi-GB CUDA build.
$(PY_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet torch==2.13.0
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

# Neo4j's own Cypher front end (pinned in package.json / package-lock.json) lints every .cypher file.
$(LINT_STAMP): tests/cypher_lint/package.json tests/cypher_lint/package-lock.json
	cd tests/cypher_lint && npm ci --no-audit --no-fund --loglevel=error
	touch $@

demo: setup
	$(BIN)/graphproof demo

lint: setup
	$(BIN)/ruff check .

test: setup lint
	$(BIN)/python -m pytest

bench: setup
	$(BIN)/python -m benchmarks.store

clean:
	rm -rf $(VENV) tests/cypher_lint/node_modules .graphproof

# Browser tests drive Debian's chromium headless (never `playwright install`, which downloads a browser).
.PHONY: chromium
chromium:
	@if [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null 2>&1; then \
		apt-get update -qq && apt-get install -y -qq chromium || echo "chromium not installed: browser tests will skip"; fi

# WordNet 3.0 index files (Debian's wordnet-base) give the offline verifier its synonyms and the document extractor
# the verb forms it reads where a verb stands (text/verb_forms.py); without them the verifier aligns paraphrases by
# embedding similarity only and the extractor knows the verbs of text/lexicon.py only (tests that need the files skip).
.PHONY: wordnet
wordnet:
	@if [ ! -f /usr/share/wordnet/index.verb ] && command -v apt-get >/dev/null 2>&1; then \
		(apt-get update -qq && apt-get install -y -qq wordnet-base) || echo "wordnet-base not installed: synonyms by embedding only"; fi
