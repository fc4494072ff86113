#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for tests and benchmarks.
#
#   scripts/postgres.sh start    # initdb + start on a free 127.0.0.1 port; prints the URL
#   scripts/postgres.sh url      # postgres://daybook:daybook@127.0.0.1:PORT/daybook_test
#   scripts/postgres.sh status   # exit 0 when running
#   scripts/postgres.sh psql ... # psql on the cluster as the daybook role
#   scripts/postgres.sh stop     # stop it and delete its directory
#
# The cluster lives in a temporary directory (${TMPDIR:-/tmp}/daybook-pg-XXXXXX): data,
# log and unix socket. It listens on 127.0.0.1 only, with fsync off (tests only!).
# Role `daybook` (password `daybook`, SUPERUSER so tests can create databases)
# owns database `daybook_test`. Its location is remembered in
# .build-pg/$DAYBOOK_PG_NAME.env (default name: "default"), so several can run
# side by side under different names (scripts/test.sh uses "test").
# PostgreSQL refuses to run as root: as root, the cluster runs as the
# `postgres` system user (created if missing).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NAME="${DAYBOOK_PG_NAME:-default}"
STATE_DIR="$ROOT/.build-pg"
STATE="$STATE_DIR/$NAME.env"
PG_USER=daybook
PG_PASSWORD=daybook
PG_DB=daybook_test

log() { echo "postgres.sh: $*" >&2; }
die() { log "$*"; exit 1; }

find_bindir() {
    local d
    if [ -n "${PG_BINDIR:-}" ]; then echo "$PG_BINDIR"; return; fi
    # Highest installed Debian version first, then whatever is on PATH.
    for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k4 -V -r); do
        if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then echo "$d"; return; fi
    done
    if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return; fi
    die "PostgreSQL server binaries (initdb, pg_ctl) not found: run scripts/install-deps.sh test"
}

# Run a command as the cluster's owner: the postgres system user when we are root.
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        (cd / && runuser -u postgres -- "$@")
    else
        (cd / && "$@")
    fi
}

free_port() {
    python3 - <<'PY'
import socket
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])
s.close()
PY
}

load_state() {
    [ -f "$STATE" ] || return 1
    # shellcheck disable=SC1090
    . "$STATE"
    [ -n "${PG_DIR:-}" ] && [ -n "${PG_PORT:-}" ]
}

is_running() {
    load_state || return 1
    [ -f "$PG_DIR/data/postmaster.pid" ] || return 1
    local bindir
    bindir="$(find_bindir)"
    as_owner "$bindir/pg_ctl" status -D "$PG_DIR/data" >/dev/null 2>&1
}

url() {
    load_state || die "no cluster named '$NAME' (run: scripts/postgres.sh start)"
    echo "postgres://$PG_USER:$PG_PASSWORD@127.0.0.1:$PG_PORT/$PG_DB"
}

ensure_postgres_user() {
    [ "$(id -u)" -eq 0 ] || return 0
    if ! id -u postgres >/dev/null 2>&1; then
        log "creating system user postgres"
        useradd --system --user-group --no-create-home --home-dir /var/lib/postgresql \
            --shell /bin/bash postgres
    fi
}

# A process that exists and is not a zombie (an init that does not reap leaves
# the stopped postmaster as one).
alive() {
    [ -r "/proc/$1/status" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null
}

cmd_stop() {
    if ! load_state; then
        log "no cluster named '$NAME' is recorded; nothing to stop"
        rm -f "$STATE"
        return 0
    fi
    local bindir pid
    bindir="$(find_bindir)"
    if [ -f "$PG_DIR/data/postmaster.pid" ]; then
        pid="$(head -1 "$PG_DIR/data/postmaster.pid" 2>/dev/null || true)"
        if ! as_owner "$bindir/pg_ctl" stop -D "$PG_DIR/data" -m fast -w -t 30 >/dev/null 2>&1; then
            log "fast shutdown failed; trying immediate"
            as_owner "$bindir/pg_ctl" stop -D "$PG_DIR/data" -m immediate -w -t 10 >/dev/null 2>&1 || true
        fi
        # Last resort: the postmaster itself (its children exit with it).
        if [ -n "$pid" ] && alive "$pid"; then
            log "killing postmaster $pid"
            kill -KILL "$pid" 2>/dev/null || true
            for _ in $(seq 1 50); do alive "$pid" || break; sleep 0.1; done
        fi
    fi
    case "$PG_DIR" in
        */daybook-pg-*) rm -rf "$PG_DIR" ;;
        *) log "refusing to delete unexpected directory '$PG_DIR'" ;;
    esac
    rm -f "$STATE"
    log "stopped and removed cluster '$NAME' ($PG_DIR)"
}

cmd_start() {
    if is_running; then
        log "cluster '$NAME' already running on port $PG_PORT"
        url
        return 0
    fi
    # A stale record (crashed run, rebooted machine): clean it up first.
    if [ -f "$STATE" ]; then cmd_stop; fi

    local bindir tmp base
    bindir="$(find_bindir)"
    ensure_postgres_user
    mkdir -p "$STATE_DIR"

    base="${TMPDIR:-/tmp}"
    PG_DIR="$(mktemp -d "$base/daybook-pg-XXXXXX")"
    # Remember it at once, so that `stop` cleans up even after a failed start.
    printf 'PG_DIR=%q\nPG_PORT=%q\n' "$PG_DIR" "" >"$STATE"
    if [ "$(id -u)" -eq 0 ]; then
        chown postgres: "$PG_DIR"
        # The postgres user must be able to reach the directory (a TMPDIR under
        # /root would not do): fall back to /tmp.
        if ! runuser -u postgres -- test -w "$PG_DIR"; then
            rm -rf "$PG_DIR"
            PG_DIR="$(mktemp -d /tmp/daybook-pg-XXXXXX)"
            printf 'PG_DIR=%q\nPG_PORT=%q\n' "$PG_DIR" "" >"$STATE"
            chown postgres: "$PG_DIR"
        fi
    fi
    chmod 700 "$PG_DIR"

    log "initdb in $PG_DIR (binaries: $bindir)"
    if ! as_owner "$bindir/initdb" -D "$PG_DIR/data" -U postgres -E UTF8 --locale=C \
        --auth-local=trust --auth-host=scram-sha-256 --no-sync --no-instructions \
        >"$PG_DIR/initdb.log" 2>&1; then
        cat "$PG_DIR/initdb.log" >&2
        cmd_stop
        die "initdb failed"
    fi

    local attempt started=0
    for attempt in 1 2 3 4 5; do
        PG_PORT="$(free_port)"
        printf 'PG_DIR=%q\nPG_PORT=%q\n' "$PG_DIR" "$PG_PORT" >"$STATE"
        if as_owner "$bindir/pg_ctl" start -D "$PG_DIR/data" -l "$PG_DIR/postgres.log" -w -t 60 \
            -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -c unix_socket_directories=$PG_DIR \
                -c fsync=off -c synchronous_commit=off -c full_page_writes=off \
                -c max_connections=1000 -c shared_buffers=128MB" >/dev/null 2>&1; then
            started=1
            break
        fi
        log "start on port $PG_PORT failed (attempt $attempt); log:"
        tail -n 20 "$PG_DIR/postgres.log" >&2 || true
    done
    if [ "$started" -ne 1 ]; then
        cmd_stop
        die "could not start PostgreSQL"
    fi

    # pg_ctl -w already waited; make sure it answers on TCP too (bounded).
    local ready=0
    for _ in $(seq 1 100); do
        if pg_isready_cmd -h 127.0.0.1 -p "$PG_PORT" -d postgres -q; then ready=1; break; fi
        sleep 0.2
    done
    if [ "$ready" -ne 1 ]; then
        tail -n 50 "$PG_DIR/postgres.log" >&2 || true
        cmd_stop
        die "PostgreSQL did not become ready on 127.0.0.1:$PG_PORT within 20 s"
    fi

    if ! as_owner "$bindir/psql" -X -q -v ON_ERROR_STOP=1 -h "$PG_DIR" -p "$PG_PORT" -U postgres -d postgres \
        -c "CREATE ROLE $PG_USER WITH LOGIN SUPERUSER PASSWORD '$PG_PASSWORD';" \
        -c "CREATE DATABASE $PG_DB OWNER $PG_USER;" >&2; then
        cmd_stop
        die "could not create role/database"
    fi
    log "cluster '$NAME' ready on 127.0.0.1:$PG_PORT (dir $PG_DIR)"
    url
}

pg_isready_cmd() {
    local bindir
    bindir="$(find_bindir)"
    if [ -x "$bindir/pg_isready" ]; then "$bindir/pg_isready" "$@"
    else pg_isready "$@"; fi
}

cmd_psql() {
    load_state || die "no cluster named '$NAME'"
    local bindir
    bindir="$(find_bindir)"
    PGPASSWORD="$PG_PASSWORD" "$bindir/psql" -X -h 127.0.0.1 -p "$PG_PORT" -U "$PG_USER" -d "$PG_DB" "$@"
}

case "${1:-}" in
    start)  cmd_start ;;
    stop)   cmd_stop ;;
    url)    url ;;
    status) if is_running; then echo "running: $(url) (dir $PG_DIR)"; else echo "not running"; exit 1; fi ;;
    psql)   shift; cmd_psql "$@" ;;
    *) sed -n '2,8p' "$0" >&2; exit 2 ;;
esac
