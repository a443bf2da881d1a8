# The two commands a newcomer needs: `make run` and `make test`. Both bootstrap .venv.
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1:8000

.PHONY: run test lint format bench clean
.DEFAULT_GOAL := run

$(PY):
	@for candidate in python3.13 python3.12 python3; do \
	  if $$candidate -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then \
	    echo "Creating $(VENV) with $$($$candidate --version)"; \
	    $$candidate -m venv $(VENV) && exit 0; \
	  fi; \
	done; \
	echo "error: goonsite needs Python 3.12 or newer; none of python3.13, python3.12, python3 is." >&2; \
	exit 1

$(VENV)/.runtime: $(PY) requirements.txt
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	@touch $@

$(VENV)/.dev: $(VENV)/.runtime requirements-dev.txt
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	@touch $@

# The web server and the django-q2 cluster together on SQLite; Ctrl-C stops both.
run: $(VENV)/.runtime
	DEBUG=1 $(PY) manage.py migrate --noinput
	DEBUG=1 $(PY) manage.py createcachetable
	DEBUG=1 $(PY) manage.py demo_season
	DEBUG=1 $(PY) manage.py demo_cycle
	DEBUG=1 $(PY) manage.py demo_duel
	DEBUG=1 $(PY) manage.py serve $(HOST)

# The whole suite: SQLite by default, PostgreSQL when DATABASE_URL=postgres://… is set.
test: $(VENV)/.dev
	$(PY) -m pytest $(PYTEST_ARGS)

lint: $(VENV)/.dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(VENV)/.dev
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

bench: $(VENV)/.dev
	$(PY) -m games.ladder.engine.bench
	$(PY) -m games.hall.engine.bench
	$(PY) -m games.armed.engine.bench
	$(PY) -m games.armed.simulate --games 30000
	$(PY) -m games.party.simulate --games 200
	$(PY) -m games.chaos.simulate --games 10000

clean:
	rm -rf $(VENV) db.sqlite3 db.sqlite3-shm db.sqlite3-wal staticfiles
