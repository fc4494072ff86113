# Daybook: the two commands a new user needs are `make run` and `make test`.
#
#   make run     install build dependencies, build (release), serve on
#                http://$(DAYBOOK_HOST):$(DAYBOOK_PORT) with data in $(DAYBOOK_DATA_DIR)
#   make build   debug build of everything
#   make test    every test: Swift (SQLite + PostgreSQL) and browser (scripts/test.sh)
#   make bench   benchmarks (issue 6)
#   make clean   remove build products, test output and throw-away databases
#
# Settings come from the environment or the command line, e.g.
#   make run DAYBOOK_PORT=9000 DAYBOOK_DATA_DIR=/srv/daybook

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

# The toolchain lives in /opt/swift on our machines; use it if swift is not on PATH.
ifeq ($(shell command -v swift 2>/dev/null),)
export PATH := $(PATH):/opt/swift/usr/bin
endif

DAYBOOK_HOST ?= 127.0.0.1
DAYBOOK_PORT ?= 8080
DAYBOOK_DATA_DIR ?= ./data

.PHONY: all run build build-release test bench clean deps deps-test

all: build

deps:
	scripts/install-deps.sh build

deps-test:
	scripts/install-deps.sh test

build: deps
	swift build

build-release: deps
	swift build -c release --product daybook

run: build-release
	@echo "Daybook on http://$(DAYBOOK_HOST):$(DAYBOOK_PORT) (data in $(DAYBOOK_DATA_DIR)); Ctrl-C stops it"
	exec .build/release/daybook serve --host "$(DAYBOOK_HOST)" --port "$(DAYBOOK_PORT)" \
		--data-dir "$(DAYBOOK_DATA_DIR)"

test:
	scripts/test.sh

# DB=postgres runs the same benchmarks against a throw-away PostgreSQL cluster, reached through its
# Unix socket (PG_TRANSPORT=tcp: through 127.0.0.1).
# BENCH_ARGS passes more options to bench/run.py, e.g. BENCH_ARGS="--ops ceiling,me --duration 5".
# SOAK=600 adds a 10-minute mixed load that prints the server's RSS over time.
DB ?= sqlite
SOAK ?= 0
bench:
	scripts/install-deps.sh bench
	python3 bench/run.py --db "$(DB)" --soak "$(SOAK)" $(BENCH_ARGS)

clean:
	@for f in .build-pg/*.env; do \
		[ -e "$$f" ] || continue; \
		DAYBOOK_PG_NAME="$$(basename "$$f" .env)" scripts/postgres.sh stop || true; \
	done
	rm -rf .build .build-pg test-output bench-output tests/browser/.pytest_cache
