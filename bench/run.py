#!/usr/bin/env python3
"""Daybook benchmarks (issue 6): `make bench`, or `make bench DB=postgres`.

Builds the server in release mode, seeds a fresh database (`daybook bench-seed`), starts
`daybook serve` on a free loopback port with the bench route on, and loads every core operation
with wrk at 16, 64 and 256 connections (-t2, a 2 s warm-up, then 10 s), next to the ceiling: a
constant answer on the same router (`GET /bench/hello`). Prints a table (req/s, p50, p99, errors,
fraction of the ceiling at the same connection count, measured again for 3 s just before and
just after each operation; `~` marks a row whose two ceilings differ by more than 15 %), the
server's start-up time and memory,
and writes the same as JSON into bench-output/.

Every subprocess has a time limit; the server (and, for PostgreSQL, the throw-away cluster) is
stopped on the way out, also after Ctrl-C or a failure. Python 3 standard library only.

    bench/run.py [--db sqlite|postgres] [--duration 10] [--warmup 2] [--connections 16,64,256]
                 [--ops ceiling,health,...] [--skip-build] [--keep]
"""

from __future__ import annotations

import argparse
import datetime as dt
import http.client
import json
import os
import platform
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
LUA_DIR = ROOT / "bench" / "lua"
BINARY = ROOT / ".build" / "release" / "daybook"
PASSWORD = "bench-correct-horse-42"
PG_NAME = "bench"
# A word of the seed's texts and tags in about half of the loaded account's documents (search_common).
COMMON_WORD = "work"


@dataclass
class Operation:
    name: str          # the key in the JSON and --ops
    label: str         # the table's first column
    script: str        # bench/lua/<script>.lua
    method: str        # for the pre-flight request
    path: Callable[["Context"], str]
    body: Callable[["Context"], str | None] = lambda ctx: None
    auth: bool = True
    kind: str = "other"   # ceiling, write, read, list, login, other, info (none): which target applies
    connections: list[int] | None = None  # None: the run's connection counts
    duration: int | None = None
    timeout: str = "2s"
    warmup: bool = True
    note: str = ""


@dataclass
class Context:
    port: int
    token: str | None
    manifest: dict

    def yesterday(self) -> str:
        return (dt.datetime.now(dt.timezone.utc).date() - dt.timedelta(days=1)).isoformat()


def _checkin_body(ctx: Context) -> str:
    m = ctx.manifest
    return json.dumps({
        "feelingId": (m.get("feelingIds") or [""])[0],
        "activityId": (m.get("activityIds") or [""])[0],
        "personIds": (m.get("personIds") or [])[:2],
        "note": "pre-flight check-in",
    })


def _day_body(ctx: Context) -> str:
    return json.dumps({"mood": 4, "activityIds": (ctx.manifest.get("activityIds") or [])[:2],
                       "note": "pre-flight " * 20, "gratitude": ["a quiet morning"]})


OPERATIONS = [
    Operation("ceiling", "ceiling: GET /bench/hello", "hello", "GET", lambda c: "/bench/hello",
              auth=False, kind="ceiling", note="constant answer on the same router: the ceiling"),
    Operation("health", "health: GET /healthz", "health", "GET", lambda c: "/healthz", auth=False,
              note="pings the database"),
    Operation("login", "log in: POST /auth/login", "login", "POST", lambda c: "/api/v1/auth/login",
              body=lambda c: json.dumps({"login": c.manifest.get("username", "bench_user"),
                                         "password": PASSWORD, "deviceName": "bench pre-flight"}),
              auth=False, kind="login", connections=[1, 8], duration=8, timeout="30s", warmup=False,
              note="bcrypt cost 12: ~0.25 s of a core each; 1 and 8 connections, 8 s, 30 s timeout, no warm-up "
                   "(one account: the throttle refuses an 11th log-in in flight, so 16 would measure it)"),
    Operation("me", "GET /me", "me", "GET", lambda c: "/api/v1/me", kind="read"),
    Operation("get_day", "get a day: GET /days/{date}", "get_day", "GET",
              lambda c: f"/api/v1/days/{c.yesterday()}", kind="read",
              note="round-robin over the seeded year"),
    Operation("get_checkin", "get a check-in: GET /checkins/{id}", "get_checkin", "GET",
              lambda c: "/api/v1/checkins/" + (c.manifest.get("checkinIds") or ["missing"])[0], kind="read",
              note="round-robin over 500 of the loaded account's check-ins"),
    Operation("get_journal", "get a journal entry: GET /journal/{id}", "get_journal", "GET",
              lambda c: "/api/v1/journal/" + (c.manifest.get("journalIds") or ["missing"])[0], kind="read",
              note="round-robin over 500 of the loaded account's entries"),
    Operation("list_days", "list days: GET /days?limit=50", "list_days", "GET",
              lambda c: "/api/v1/days?limit=50", kind="list"),
    Operation("list_checkins", "list check-ins: GET /checkins?limit=50", "list_checkins", "GET",
              lambda c: "/api/v1/checkins?limit=50", kind="list"),
    Operation("list_journal", "journal: GET /journal?limit=20", "list_journal", "GET",
              lambda c: "/api/v1/journal?limit=20", kind="list",
              note="the newest 20 of 2,000 entries of ~500 characters, with tags and photo lists"),
    Operation("public_feed", "public feed: GET /journal/public?limit=20", "public_feed", "GET",
              lambda c: "/api/v1/journal/public?limit=20", kind="list",
              note="the newest 20 public entries of everyone, with their authors"),
    Operation("thumbnail", "serve a thumbnail: GET /media/{id}/small", "thumbnail", "GET",
              lambda c: c.manifest.get("thumbnail", "/media/missing/small"), kind="read",
              connections=[1, 16, 64, 256],
              note="a 320 px WebP of an uploaded 12-megapixel photo, owner-checked; 1 connection: one "
                   "request's own time, more: queueing on 2 cores"),
    Operation("photos", "photos: upload 12 MP JPEG/HEIC", "", "POST", lambda c: "/api/v1/media",
              kind="photos", note="not wrk: timed uploads, and 8 at once for the peak memory"),
    Operation("search", "search: GET /search?q=marker", "search", "GET",
              lambda c: "/api/v1/search?q=" + c.manifest.get("journalMarker", "zanzibarite") + "&limit=20",
              kind="list", note="full text, the marker word is in 200 check-ins; 20 ranked hits with snippets"),
    Operation("search_common", f"search a common word: GET /search?q={COMMON_WORD}", "search_common", "GET",
              lambda c: f"/api/v1/search?q={COMMON_WORD}&limit=20", kind="info",
              note="a word in about half of the loaded account's documents (and most of everyone's in the "
                   "big seed): ranking many matches; no target"),
    Operation("closet_page", "closet page: GET /closet", "closet_page", "GET", lambda c: "/closet",
              kind="closet", connections=[16],
              note="the page of 500 items (the first 30 in the grid; with the CSRF cookie a browser sends), with the category counts (issue 14)"),
    Operation("closet_items", "closet: GET /closet/items", "closet_items", "GET",
              lambda c: "/api/v1/closet/items", kind="closet", connections=[16],
              note="the first page (30, the default) of 500 items with their wears from 300 outfit days"),
    Operation("closet_tag", "closet tag search: GET /closet/items?tag=…", "closet_tag", "GET",
              lambda c: "/api/v1/closet/items?tag=" + c.manifest.get("closetMarker", "cashmere"),
              kind="closet", connections=[16], note="a keyword one item in ten has, over 500 items"),
    Operation("save_day", "save a day: PUT /days/{date}", "save_day", "PUT",
              lambda c: f"/api/v1/days/{c.yesterday()}", body=_day_body, kind="write",
              note="replaces existing entries, round-robin over the past year"),
    Operation("create_checkin", "create a check-in: POST /checkins", "create_checkin", "POST",
              lambda c: "/api/v1/checkins", body=_checkin_body, kind="write",
              note="inserts a new row each time"),
    Operation("create_journal", "create a journal entry: POST /journal", "create_journal", "POST",
              lambda c: "/api/v1/journal", body=lambda c: json.dumps(
                  {"title": "pre-flight", "body": "pre-flight " * 50, "tags": ["bench"], "isPublic": False}),
              kind="write", note="a private entry of ~500 characters with two tags, a new row each time"),
]

# A measurement is marked as disturbed when other processes used more than this many cores.
OTHER_LOAD_LIMIT = 0.15

# Issue 6's targets on the 2-core machine, wrk included.
# Seconds of the ceiling measured again just before and just after each operation (their mean is
# the ratio's denominator).
ADJACENT_CEILING_S = 3
TARGETS = {
    "write_rps": 11_000, "write_ceiling": 0.30, "read_rps": 30_000, "list_rps": 5_000,
    "p99_ms_at_64": 10.0, "errors_at_256": 0, "idle_rss_mb": 50.0, "startup_s": 1.0,
    "login_roundtrip_ms": 300.0,
}


# --- small helpers ------------------------------------------------------------------------------

def log(message: str) -> None:
    print(f"bench: {message}", file=sys.stderr, flush=True)


class BenchError(Exception):
    pass


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(port: int, method: str, path: str, body: str | bytes | None = None, token: str | None = None,
            timeout: float = 10.0, content_type: str = "application/json") -> tuple[int, bytes]:
    """One HTTP request; (status, body). Status 0 means it did not get an answer."""
    headers = {"Connection": "close"}
    if body is not None:
        headers["Content-Type"] = content_type
    if token:
        headers["Authorization"] = f"Bearer {token}"
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=body.encode() if isinstance(body, str) else body, headers=headers)
        response = conn.getresponse()
        return response.status, response.read()
    except (OSError, http.client.HTTPException) as error:
        return 0, str(error).encode()
    finally:
        conn.close()


def proc_status(pid: int) -> dict[str, int]:
    """VmRSS, VmHWM, RssAnon, RssFile of a process and its Pss (smaps_rollup), in kB."""
    values = {}
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                key, _, rest = line.partition(":")
                if key.startswith("Vm") or key.startswith("Rss"):
                    values[key] = int(rest.split()[0])
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                key, _, rest = line.partition(":")
                if key == "Pss":
                    values["Pss"] = int(rest.split()[0])
    except (OSError, ValueError, IndexError):
        pass
    return values


def _stat(pid: int) -> list[str] | None:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def _cpu_seconds(pid: int) -> float:
    rest = _stat(pid)
    return (int(rest[11]) + int(rest[12])) / os.sysconf("SC_CLK_TCK") if rest else 0.0


# The postmaster of our throw-away PostgreSQL cluster, when there is one: its processes are part of
# what is measured, not a disturbance.
POSTMASTER: list[int] = []


def database_pids() -> list[int]:
    if not POSTMASTER:
        return []
    master = POSTMASTER[0]
    pids = [master]
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            rest = _stat(int(entry))
            if rest and int(rest[1]) == master:
                pids.append(int(entry))
    return pids


def cpu_snapshot(pid: int) -> dict[str, float]:
    """CPU seconds so far: the whole machine (busy), the server, the database server's processes,
    and our finished children (wrk)."""
    tick = os.sysconf("SC_CLK_TCK")
    busy = 0.0
    try:
        with open("/proc/stat") as f:
            fields = [int(x) for x in f.readline().split()[1:]]
        # user nice system idle iowait irq softirq steal …: everything but idle and iowait
        busy = (sum(fields[:8]) - fields[3] - fields[4]) / tick
    except (OSError, ValueError, IndexError):
        pass
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {"busy": busy, "server": _cpu_seconds(pid), "db": sum(_cpu_seconds(p) for p in database_pids()),
            "children": usage.ru_utime + usage.ru_stime}


def cpu_share(before: dict, after: dict, seconds: float) -> dict[str, float]:
    """Cores used on average by the server, PostgreSQL, wrk, and everything else on the machine.
    (PostgreSQL backends that ended during the run are missed; the pool keeps them open.)"""
    server = (after["server"] - before["server"]) / seconds
    db = max(after["db"] - before["db"], 0.0) / seconds
    wrk_cores = (after["children"] - before["children"]) / seconds
    other = (after["busy"] - before["busy"]) / seconds - server - db - wrk_cores
    return {"server_cores": round(server, 2), "db_cores": round(db, 2), "wrk_cores": round(wrk_cores, 2),
            "other_cores": round(max(other, 0.0), 2)}


def wait_idle(pid: int, limit: float = 60.0) -> float:
    """Waits until the server uses less than 5 % of a core over a quarter of a second; returns how
    long that took (at most `limit` seconds)."""
    started = time.monotonic()
    while time.monotonic() - started < limit:
        before = cpu_snapshot(pid)["server"]
        time.sleep(0.25)
        if cpu_snapshot(pid)["server"] - before < 0.05 * 0.25 + 0.011:  # one clock tick of slack
            break
    return time.monotonic() - started


def compiling() -> bool:
    """True while a Swift compiler runs on this machine (numbers taken then are distorted)."""
    return subprocess.run(["pgrep", "-f", "swift-frontend"], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0


def load_average() -> float:
    try:
        return os.getloadavg()[0]
    except OSError:
        return -1.0


def run(cmd: list[str], timeout: float, env: dict | None = None, capture: bool = True,
        check: bool = True) -> subprocess.CompletedProcess:
    try:
        result = subprocess.run(cmd, cwd=ROOT, env=env, timeout=timeout, text=True,
                                stdout=subprocess.PIPE if capture else None,
                                stderr=subprocess.PIPE if capture else None)
    except subprocess.TimeoutExpired:
        raise BenchError(f"timed out after {timeout:.0f} s: {' '.join(cmd)}")
    if check and result.returncode != 0:
        detail = ((result.stdout or "") + (result.stderr or "")).strip()[-3000:]
        raise BenchError(f"failed ({result.returncode}): {' '.join(cmd)}\n{detail}")
    return result


def swift_env() -> dict:
    env = dict(os.environ)
    if shutil.which("swift") is None and Path("/opt/swift/usr/bin/swift").exists():
        env["PATH"] = env.get("PATH", "") + ":/opt/swift/usr/bin"
    return env


# --- the server ---------------------------------------------------------------------------------

class Server:
    def __init__(self, data_dir: Path, database_url: str | None, log_path: Path):
        self.data_dir = data_dir
        self.database_url = database_url
        self.log_path = log_path
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        self.startup_s: float | None = None

    def start(self, timeout: float = 30.0) -> None:
        env = dict(os.environ, DAYBOOK_BENCH_ROUTES="1", DAYBOOK_LOG_LEVEL="warning")
        env.pop("DAYBOOK_BCRYPT_COST", None)  # production cost: the login figure must be honest
        if self.database_url:
            env["DAYBOOK_DATABASE_URL"] = self.database_url
        else:
            env.pop("DAYBOOK_DATABASE_URL", None)
        cmd = [str(BINARY), "serve", "--host", "127.0.0.1", "--port", str(self.port),
               "--data-dir", str(self.data_dir)]
        self.log_file = open(self.log_path, "w")
        started = time.monotonic()
        # A session of its own: Ctrl-C reaches us, and we stop the server in order.
        self.process = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=self.log_file,
                                        stderr=subprocess.STDOUT, start_new_session=True)
        while time.monotonic() - started < timeout:
            if self.process.poll() is not None:
                raise BenchError(f"the server exited with {self.process.returncode}:\n{self.log_tail()}")
            status, _ = request(self.port, "GET", "/healthz", timeout=1.0)
            if status == 200:
                self.startup_s = time.monotonic() - started
                return
            time.sleep(0.005)
        raise BenchError(f"/healthz did not answer 200 within {timeout:.0f} s:\n{self.log_tail()}")

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def memory(self) -> dict[str, int]:
        return proc_status(self.process.pid) if self.process else {}

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)  # a clean shutdown, as Ctrl-C would
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            log("the server did not stop within 15 s of SIGTERM; killing it")
            self.process.kill()
            self.process.wait(timeout=10)


# --- wrk ---------------------------------------------------------------------------------------

def run_soak(server, seconds: int, env: dict) -> dict:
    """Every operation in turn (bench/lua/mixed.lua) at 64 connections for `seconds`, sampling the
    server's RSS every 10 s. Growth is measured from the sample at the end of the warm-up (the
    first tenth of the run, at least 30 s) to the last one."""
    log(f"soak: mixed load at 64 connections for {seconds} s; RSS every 10 s")
    cmd = ["wrk", "-t2", "-c64", f"-d{seconds}s", "--latency", "--timeout=2s",
           "-s", str(LUA_DIR / "mixed.lua"), f"http://127.0.0.1:{server.port}"]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    samples: list[tuple[float, float]] = []
    start = time.monotonic()
    try:
        while proc.poll() is None and time.monotonic() - start < seconds + 60:
            time.sleep(10)
            rss = server.memory().get("VmRSS", 0) / 1024
            t = time.monotonic() - start
            samples.append((round(t, 1), round(rss, 1)))
            log(f"  soak {t:6.0f} s: RSS {rss:7.1f} MB")
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    match = re.search(r"^BENCH_JSON (\{.*\})$", out or "", re.MULTILINE)
    raw = json.loads(match.group(1)) if match else {}
    warm = max(30.0, seconds / 10)
    after_warmup = next((rss for t, rss in samples if t >= warm), samples[0][1] if samples else 0.0)
    last = samples[-1][1] if samples else 0.0
    growth = (last - after_warmup) / after_warmup if after_warmup else 0.0
    result = {
        "seconds": seconds, "connections": 64, "samples": samples,
        "rss_after_warmup_mb": after_warmup, "rss_end_mb": last, "growth": growth,
        "requests": raw.get("requests", 0), "errors": raw.get("status", 0) + sum(
            raw.get(k, 0) for k in ("connect", "read", "write", "timeout")),
        "p99_ms": raw.get("p99_us", 0) / 1000,
    }
    log(f"soak: {result['requests']:,} requests, {result['errors']:,} errors, p99 {result['p99_ms']:.1f} ms; "
        f"RSS {after_warmup:.1f} MB after warm-up → {last:.1f} MB at the end ({growth * 100:+.1f} %)")
    return result


def wrk(ctx: Context, op: Operation, connections: int, duration: int, env: dict) -> dict:
    threads = min(2, connections)
    cmd = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{duration}s", "--latency",
           f"--timeout={op.timeout}", "-s", str(LUA_DIR / f"{op.script}.lua"),
           f"http://127.0.0.1:{ctx.port}"]
    try:
        result = subprocess.run(cmd, cwd=ROOT, env=env, timeout=duration + 60, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except subprocess.TimeoutExpired:
        return {"failed": f"wrk did not finish within {duration + 60} s"}
    match = re.search(r"^BENCH_JSON (\{.*\})$", result.stdout, re.MULTILINE)
    if result.returncode != 0 or not match:
        return {"failed": f"wrk exited {result.returncode}: {(result.stderr or result.stdout).strip()[-500:]}"}
    raw = json.loads(match.group(1))
    seconds = raw["duration_us"] / 1e6
    socket_errors = raw["connect"] + raw["read"] + raw["write"] + raw["timeout"]
    ok = max(raw["requests"] - raw["status"], 0)
    return {
        "requests": raw["requests"],
        "ok_requests": ok,
        # Only answers that were not errors count towards throughput.
        "rps": ok / seconds if seconds else 0.0,
        "p50_ms": raw["p50_us"] / 1000, "p90_ms": raw["p90_us"] / 1000,
        "p99_ms": raw["p99_us"] / 1000, "p999_ms": raw["p999_us"] / 1000,
        "max_ms": raw["max_us"] / 1000, "mean_ms": raw["mean_us"] / 1000,
        "errors": raw["status"] + socket_errors,
        "status_errors": raw["status"],
        "socket_errors": {k: raw[k] for k in ("connect", "read", "write", "timeout")},
        "seconds": seconds,
    }


# --- photos (issue 4) ----------------------------------------------------------------------------

def upload_photo(port: int, token: str, data: bytes, filename: str, timeout: float = 120) -> tuple[int, bytes, float]:
    """POST /api/v1/media as multipart/form-data; returns (status, body, seconds)."""
    boundary = "daybook-bench-" + os.urandom(8).hex()
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{filename}\"\r\n"
            f"Content-Type: application/octet-stream\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    started = time.monotonic()
    status, answer = request(port, "POST", "/api/v1/media", body, token, timeout=timeout,
                             content_type=f"multipart/form-data; boundary={boundary}")
    return status, answer, time.monotonic() - started


def adjacent_ceiling(ctx: Context, ceiling_op: Operation, connections: int, env: dict, server_pid: int) -> float | None:
    """req/s of a short run of the ceiling beside an operation (the ratio's denominator), None if it failed."""
    result = wrk(ctx, ceiling_op, connections, ADJACENT_CEILING_S, env)
    wait_idle(server_pid)
    return None if "failed" in result else result["rps"]


def later_phase(name: str, failed: list[str], notes: list[str], phase):
    """Runs one of the phases after the table (streams, sharing, insights). One that fails is
    named in the notes and in the exit status, and the run still writes what it measured: a
    failure at the end once threw away twenty minutes of figures."""
    try:
        return phase()
    except Exception as error:  # noqa: BLE001 - any failure of a phase is reported, not raised
        log(f"{name}: failed: {error}")
        notes.append(f"{name}: failed: {str(error)[:300]}")
        failed.append(name)
        return None


def wrk_environment(token: str, manifest: dict) -> dict:
    """What the Lua scripts of bench/lua read: the token, the seed's ids and search words."""
    return dict(os.environ, BENCH_LUA_DIR=str(LUA_DIR), BENCH_TOKEN=token,
                BENCH_LOGIN=manifest["username"], BENCH_PASSWORD=PASSWORD,
                BENCH_FEELINGS=",".join(manifest["feelingIds"]),
                BENCH_ACTIVITIES=",".join(manifest["activityIds"]),
                BENCH_PEOPLE=",".join(manifest["personIds"]),
                BENCH_DAYS=str(manifest["days"]),
                BENCH_SEARCH=manifest.get("journalMarker", "zanzibarite"),
                BENCH_SEARCH_COMMON=COMMON_WORD,
                BENCH_CHECKIN_IDS=",".join(manifest.get("checkinIds", [])),
                BENCH_JOURNAL_IDS=",".join(manifest.get("journalIds", [])),
                BENCH_CLOSET_TAG=manifest.get("closetMarker", "cashmere"))


def photo_phase(server: "Server", token: str, work: Path, notes: list[str]) -> dict:
    """The photo figures: in-process pipeline time (daybook bench-photos), upload round trips,
    the server's peak RSS while 8 uploads arrive at once, and a photo to serve thumbnails of."""
    out = work / "photos"
    result = run([str(BINARY), "bench-photos", "--out", str(out), "--runs", "5"], timeout=600)
    pipeline = json.loads(result.stdout)
    figures: dict = {"pipeline": pipeline, "uploads": {}}
    for name in ("jpeg", "heic"):
        data = Path(pipeline[name]["file"]).read_bytes()
        times = []
        for _ in range(3):
            status, body, seconds = upload_photo(server.port, token, data, f"bench.{name}")
            if status != 201:
                notes.append(f"photo upload ({name}) answered HTTP {status}: {body[:120]!r}")
                break
            times.append(seconds)
        figures["uploads"][name] = {"bytes": len(data), "round_trip_s": sorted(times)}
        log(f"  {name}: pipeline median {pipeline[name]['median_s'] * 1000:.0f} ms "
            f"(max {pipeline[name]['max_s'] * 1000:.0f} ms); upload round trips "
            + ", ".join(f"{t * 1000:.0f} ms" for t in sorted(times)))

    # Eight 12 MP JPEG uploads at once; sample the server's RSS every 10 ms meanwhile.
    data = Path(pipeline["jpeg"]["file"]).read_bytes()
    before = server.memory().get("VmRSS", 0)
    peak = before
    statuses: list[int] = []
    durations: list[float] = []
    def one():
        status, _body, seconds = upload_photo(server.port, token, data, "burst.jpg", timeout=300)
        statuses.append(status)
        durations.append(seconds)
    import threading
    threads = [threading.Thread(target=one) for _ in range(8)]
    started = time.monotonic()
    for t in threads:
        t.start()
    while any(t.is_alive() for t in threads):
        peak = max(peak, server.memory().get("VmRSS", 0))
        time.sleep(0.01)
    wall = time.monotonic() - started
    figures["burst"] = {"uploads": 8, "statuses": sorted(statuses), "wall_s": wall,
                        "slowest_s": max(durations), "rss_before_mb": before / 1024,
                        "peak_rss_mb": peak / 1024, "rss_after_mb": server.memory().get("VmRSS", 0) / 1024}
    log(f"  8 uploads at once: all done in {wall:.2f} s, statuses {sorted(set(statuses))}, "
        f"server RSS {before / 1024:.0f} MB before, peak {peak / 1024:.0f} MB")

    status, body, _ = upload_photo(server.port, token, data, "thumbnail.jpg")
    if status == 201:
        figures["thumbnail"] = json.loads(body)["small"]["url"]
    return figures


# --- the run ------------------------------------------------------------------------------------

def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--db", choices=["sqlite", "postgres"], default=os.environ.get("DB") or "sqlite")
    p.add_argument("--duration", type=int, default=10, help="seconds per measurement (default 10)")
    p.add_argument("--warmup", type=int, default=2, help="seconds of warm-up before each (default 2)")
    p.add_argument("--connections", default="16,64,256")
    p.add_argument("--ops", default=",".join(o.name for o in OPERATIONS),
                   help="comma-separated subset of: " + ", ".join(o.name for o in OPERATIONS))
    p.add_argument("--pg-transport", choices=["socket", "tcp"], default=os.environ.get("PG_TRANSPORT") or "socket",
                   help="how the server reaches the throw-away PostgreSQL on this machine: its Unix socket "
                        "(default, as a deployment with the database on the same host would) or TCP on 127.0.0.1")
    p.add_argument("--users", type=int, default=100, help="plain accounts to seed (default 100)")
    p.add_argument("--public-entries", type=int, default=0,
                   help="public journal entries spread over the plain accounts (the big seed: "
                        "--users 10000 --public-entries 1000000)")
    p.add_argument("--soak", type=int, default=0, metavar="SECONDS",
                   help="after the operations, a mixed load of every operation at 64 connections for "
                        "SECONDS, printing the server's RSS every 10 s (make bench SOAK=600)")
    p.add_argument("--streams", type=int, default=1000,
                   help="open event streams for the notification latency figure (0: skip; default 1000)")
    p.add_argument("--shares", type=int, default=200,
                   help="shares for the share → friend's event figure; on PostgreSQL also across two app "
                        "servers (0: skip; default 200)")
    p.add_argument("--idle-streams", type=int, default=5000,
                   help="idle streams for the memory figure (default 5000)")
    p.add_argument("--history-years", type=int, default=10,
                   help="years of daily entries (20 check-ins a day) for the insights figures; 0 skips them")
    p.add_argument("--skip-build", action="store_true", help="use the existing release binary")
    p.add_argument("--keep", action="store_true", help="keep the temporary data directory")
    p.add_argument("--output-dir", default=str(ROOT / "bench-output"))
    args = p.parse_args()
    if args.db not in ("sqlite", "postgres"):
        p.error("--db must be sqlite or postgres")
    return args


def ensure_tools(db: str) -> None:
    have_postgres = shutil.which("pg_ctl") is not None or any(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))
    if shutil.which("wrk") is None or (db == "postgres" and not have_postgres):
        log("installing what the benchmarks need (scripts/install-deps.sh bench)")
        run([str(ROOT / "scripts" / "install-deps.sh"), "bench"], timeout=900, capture=False)
    if shutil.which("wrk") is None:
        raise BenchError("wrk is not installed and could not be installed (apt-get install wrk)")


def machine_notes() -> dict:
    model = ""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout.strip() != ""
    wrk_version = subprocess.run(["wrk", "-v"], text=True, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT).stdout.strip().splitlines()[:1]
    return {"cpu": model, "cores": os.cpu_count(), "kernel": platform.release(),
            "python": platform.python_version(), "wrk": wrk_version[0] if wrk_version else "",
            "commit": commit + ("+dirty" if dirty else "")}


def fmt_rate(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:,.1f}"


def render(report: dict) -> str:
    rows = report["results"]
    lines = []
    m = report["machine"]
    transport = f" over {report['pg_transport']}" if report.get("pg_transport") else ""
    lines.append(f"Daybook bench — {report['started']} — database: {report['db']}{transport} — commit {m['commit']}")
    lines.append(f"{m['cores']} cores ({m['cpu']}), wrk -t2 on the same cores; "
                 f"{report['duration_s']} s per run after {report['warmup_s']} s warm-up")
    lines.append("")
    with_db = report["db"] == "postgres"
    header = ["operation", "conns", "req/s", "p50 ms", "p99 ms", "errors", "of ceiling",
              "cores srv/pg/wrk/other" if with_db else "cores srv/wrk/other"]
    table = [header]
    for r in rows:
        if "failed" in r:
            table.append([r["label"], str(r["connections"]), "—", "—", "—", "run failed", "—", "—"])
            continue
        frac = r.get("fraction_of_ceiling")
        mark = " *" if r.get("disturbed") else ""
        table.append([
            r["label"], str(r["connections"]), fmt_rate(r["rps"]) + mark, f"{r['p50_ms']:.2f}",
            f"{r['p99_ms']:.2f}", f"{r['errors']:,}",
            (f"{frac * 100:.1f} %" + (" ~" if r.get("ceiling_drifted") else "")) if frac is not None else "—",
            f"{r['server_cores']:.2f}/" + (f"{r['db_cores']:.2f}/" if with_db else "")
            + f"{r['wrk_cores']:.2f}/{r['other_cores']:.2f}",
        ])
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    def line(row):
        cells = [row[0].ljust(widths[0])] + [row[i].rjust(widths[i]) for i in range(1, len(row))]
        return "| " + " | ".join(cells) + " |"
    lines.append(line(table[0]))
    lines.append("|" + "|".join(("-" * (w + 1) + ":" if i else "-" * (w + 2)) for i, w in enumerate(widths)) + "|")
    for row in table[1:]:
        lines.append(line(row))
    if any(r.get("ceiling_drifted") for r in rows):
        lines.append("~ the ceiling just before and just after that row differed by more than 15 %: "
                     "its ratio is against their mean")
    lines.append("")
    s = report["server"]
    lines.append(f"start-up (process start → /healthz 200): {s['startup_ms']:.0f} ms")
    lines.append(f"RSS: idle at start {s['rss_start_mb']:.1f} MB, idle after warm-up {s['rss_idle_mb']:.1f} MB, "
                 f"peak (VmHWM) {s['peak_rss_mb']:.1f} MB, at the end {s['rss_end_mb']:.1f} MB")
    lines.append(f"     idle after warm-up: {s['idle_anon_mb']:.1f} MB anonymous (heap, stacks) + "
                 f"{s['idle_file_mb']:.1f} MB file-backed (binary and shared libraries); PSS {s['idle_pss_mb']:.1f} MB; "
                 f"anonymous at the end {s['end_anon_mb']:.1f} MB")
    soak = report.get("soak")
    if soak:
        lines.append(f"soak: {soak['seconds']} s of mixed load at 64 connections, {soak['requests']:,} requests, "
                     f"{soak['errors']:,} errors, p99 {soak['p99_ms']:.1f} ms; RSS {soak['rss_after_warmup_mb']:.1f} MB "
                     f"after warm-up → {soak['rss_end_mb']:.1f} MB ({soak['growth'] * 100:+.1f} %, target < +10 %)")
        lines.append("      RSS over time (s: MB): " + ", ".join(f"{t:.0f}: {rss:.0f}" for t, rss in soak["samples"]))
    photos = report.get("photos")
    if photos:
        for name in ("jpeg", "heic", "heic-noise"):
            p = photos["pipeline"].get(name)
            if not p:
                continue
            trips = photos["uploads"].get(name, {}).get("round_trip_s") or []
            lines.append(f"photo pipeline, 12 MP {name.upper()} ({p['bytes'] / 1e6:.1f} MB) → 320 px, 1280 px and "
                         f"256 px square: median {p['median_s'] * 1000:.0f} ms, max {p['max_s'] * 1000:.0f} ms "
                         f"({p['runs']} runs); upload round trip "
                         + (", ".join(f"{t * 1000:.0f}" for t in trips) + " ms" if trips else "—"))
        b = photos["burst"]
        lines.append(f"8 uploads of a 12 MP JPEG at once: done in {b['wall_s']:.2f} s (statuses "
                     f"{sorted(set(b['statuses']))}); server RSS {b['rss_before_mb']:.0f} MB before, "
                     f"peak {b['peak_rss_mb']:.0f} MB, {b['rss_after_mb']:.0f} MB after")
    sharing = report.get("sharing")
    if sharing:
        for key, label in (("one_server", "one server"), ("two_servers", "two app servers (PostgreSQL NOTIFY)")):
            r = sharing.get(key)
            if r:
                lines.append(f"share → friend's open stream, {label}: p50 {r['p50_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms, "
                             f"max {r['max_ms']:.1f} ms ({r['events']} of {r['shares']} shares)")
    insights = report.get("insights")
    if insights:
        years = report.get("seed", {}).get("historyYears")
        lines.append(f"insights, {years} years of daily entries and 20 check-ins a day, one connection "
                     "(p50 / max of 30 ms):")
        lines.append("  " + "; ".join(f"{r['label']} {r['p50_ms']:.1f}/{r['p99_ms']:.1f}" for r in insights))
    seed = report.get("seed", {})
    if seed:
        lines.append(f"seeded in {seed.get('seedSeconds', 0):.1f} s: {seed.get('days')} days, "
                     f"{seed.get('checkins')} check-ins, {seed.get('journalEntries')} journal entries, "
                     f"{seed.get('plainUsers')} other accounts")
    for note in report["notes"]:
        lines.append(f"note: {note}")
    if any(r.get("disturbed") for r in rows):
        lines.append(f"* disturbed: a Swift compiler ran, or other processes used more than {OTHER_LOAD_LIMIT} "
                     "of a core, during this measurement")
    lines.append("")
    lines.append("targets (issue 6):")
    for t in report["targets"]:
        lines.append(f"  [{'ok  ' if t['met'] else 'MISS'}] {t['what']}: {t['measured']}")
    return "\n".join(lines)


def check_targets(report: dict) -> list[dict]:
    rows = [r for r in report["results"] if "failed" not in r]
    out = []

    def add(what, met, measured):
        out.append({"what": what, "met": bool(met), "measured": measured})

    for kind, key, label in (("write", "write_rps", "authenticated writes ≥ 11,000 req/s"),
                             ("read", "read_rps", "reads by id ≥ 30,000 req/s"),
                             ("list", "list_rps", "lists of 50 ≥ 5,000 req/s")):
        best = {}
        for r in rows:
            if r["kind"] == kind:
                best[r["operation"]] = max(best.get(r["operation"], 0), r["rps"])
        if best:
            add(label, all(v >= TARGETS[key] for v in best.values()),
                ", ".join(f"{k} {fmt_rate(v)}" for k, v in best.items()) + " (best over connection counts)")
    frac = {}
    for r in rows:
        if r["kind"] == "write" and r.get("fraction_of_ceiling") is not None:
            frac[r["operation"]] = max(frac.get(r["operation"], 0), r["fraction_of_ceiling"])
    if frac:
        add("writes ≥ 30 % of the ceiling", all(v >= TARGETS["write_ceiling"] for v in frac.values()),
            ", ".join(f"{k} {v * 100:.1f} %" for k, v in frac.items()))
    at64 = [r for r in rows if r["connections"] == 64 and r["kind"] in ("read", "list", "write", "other", "ceiling")]
    if at64:
        worst = max(at64, key=lambda r: r["p99_ms"])
        add("every p99 < 10 ms at 64 connections", all(r["p99_ms"] < TARGETS["p99_ms_at_64"] for r in at64),
            f"worst {worst['operation']} {worst['p99_ms']:.2f} ms")
    at256 = [r for r in rows if r["connections"] == 256]
    if at256:
        bad = [f"{r['operation']} {r['errors']:,}" for r in at256 if r["errors"] > 0]
        add("0 errors at 256 connections", not bad, ", ".join(bad) if bad else "0")
    s = report["server"]
    add("idle RSS < 50 MB", s["rss_idle_mb"] < TARGETS["idle_rss_mb"], f"{s['rss_idle_mb']:.1f} MB")
    add("start-up < 1 s", s["startup_ms"] / 1000 < TARGETS["startup_s"], f"{s['startup_ms']:.0f} ms")
    login1 = [r for r in rows if r["kind"] == "login" and r["connections"] == 1]
    if login1:
        r = login1[0]
        add("login round trip < 300 ms (PRODUCT.md; 1 connection, p99)",
            r["errors"] == 0 and r["p99_ms"] < TARGETS["login_roundtrip_ms"],
            f"p50 {r['p50_ms']:.0f} ms, p99 {r['p99_ms']:.0f} ms")
    photos = report.get("photos")
    if photos:
        pipeline = photos["pipeline"]
        add("12 MP JPEG and HEIC each into every derivative < 0.5 s (issue 4; median of 5)",
            all(pipeline[n]["median_s"] < 0.5 for n in ("jpeg", "heic")),
            ", ".join(f"{n} {pipeline[n]['median_s'] * 1000:.0f} ms" for n in ("jpeg", "heic")))
        b = photos["burst"]
        add("server peak RSS < 300 MB while 8 uploads arrive at once (issue 4)",
            b["peak_rss_mb"] < 300 and set(b["statuses"]) == {201},
            f"{b['peak_rss_mb']:.0f} MB, statuses {sorted(set(b['statuses']))}")
    for conns in (1, 16):
        thumbs = [r for r in rows if r["operation"] == "thumbnail" and r["connections"] == conns]
        if thumbs:
            add(f"serving a thumbnail < 5 ms (issue 4; p99 at {conns} connection{'s' if conns > 1 else ''})",
                thumbs[0]["p99_ms"] < 5, f"p50 {thumbs[0]['p50_ms']:.2f} ms, p99 {thumbs[0]['p99_ms']:.2f} ms")
    closet = [r for r in rows if r["kind"] == "closet" and r["connections"] == 16]
    if closet:
        add("closet page, item list and tag search p99 < 20 ms at 16 connections (issue 14; 500 items)",
            all(r["p99_ms"] < 20 for r in closet), ", ".join(f"{r['operation']} {r['p99_ms']:.2f} ms" for r in closet))
    if photos:
        pipeline = photos["pipeline"]
        add("an item's 12 MP photo stored and thumbnailed < 0.5 s (issue 14; the pipeline above, JPEG)",
            pipeline["jpeg"]["median_s"] < 0.5, f"{pipeline['jpeg']['median_s'] * 1000:.0f} ms")
    sharing = report.get("sharing")
    if sharing:
        one = sharing["one_server"]
        add("share → friend's open page p99 < 100 ms on one server (issue 15)", one["p99_ms"] < 100,
            f"p50 {one['p50_ms']:.1f} ms, p99 {one['p99_ms']:.1f} ms")
        two = sharing.get("two_servers")
        if two:
            add("share → friend's open page p99 < 500 ms across two app servers on PostgreSQL (issue 15)",
                two["p99_ms"] < 500, f"p50 {two['p50_ms']:.1f} ms, p99 {two['p99_ms']:.1f} ms")
        runs = [one] + ([two] if two else [])
        add("every share reaches the friend's open page < 2 s (issue 15)",
            all(r["missing_within_2s"] == 0 and r["max_ms"] < 2000 for r in runs),
            ", ".join(f"max {r['max_ms']:.0f} ms, {r['missing_within_2s']} late" for r in runs))
    live = report.get("live_notifications")
    if live:
        add(f"made → received p99 < 50 ms on {live['streams']:,} open streams (issue 13)", live["p99_ms"] < 50,
            f"p50 {live['p50_ms']:.1f} ms, p99 {live['p99_ms']:.1f} ms (from before the request: p99 "
            f"{live['request_p99_ms']:.1f} ms; until read by the client: p99 {live.get('read_p99_ms', float('nan')):.1f} ms)")
        before = live.get("rss_before_streams_mb", s["rss_idle_mb"])
        held = live["rss_with_idle_streams_mb"] - before
        add(f"{live['idle_streams']:,} idle streams hold < 150 MB of server RSS (issue 13)", held < 150,
            f"{held:.0f} MB over the server's {before:.0f} MB before the first stream "
            f"({live['rss_with_idle_streams_mb']:.0f} MB in all; idle server after warm-up {s['rss_idle_mb']:.0f} MB)")
    insights = report.get("insights")
    if insights:
        for kind, limit in (("statistic", 10), ("chart", 20)):
            slow = [r for r in insights if r["kind"] == kind and r["p50_ms"] >= limit]
            add(f"each insight {kind} < {limit} ms at one connection, 10 years of history (issue 16)", not slow,
                ", ".join(f"{r['label']} {r['p50_ms']:.1f} ms" for r in slow) or
                f"slowest {max((r for r in insights if r['kind'] == kind), key=lambda r: r['p50_ms'])['label']} "
                f"{max(r['p50_ms'] for r in insights if r['kind'] == kind):.1f} ms")
    failing = sorted({r["operation"] for r in rows if r["ok_requests"] == 0})
    if failing:
        add("every operation answers 2xx", False, "failing: " + ", ".join(failing))
    return out


def socket_url(tcp_url: str, socket_dir: str) -> str:
    """The cluster's URL through its Unix socket in `socket_dir` (scripts/postgres.sh puts it in the
    cluster's directory): the same user, password, database and port, with an empty host. On one
    machine it is the cheaper road: it skips TCP's work in both kernels' halves of every round trip
    (on get a day ~4 µs of PostgreSQL's CPU per request, on a save ~15; docs/performance-log.md,
    twenty-fifth pass)."""
    parts = urllib.parse.urlsplit(tcp_url)
    query = f"host={urllib.parse.quote(socket_dir, safe='/')}&port={parts.port}"
    return f"postgres://{parts.username}:{parts.password}@/{parts.path.lstrip('/')}?{query}"


def main() -> int:
    args = parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from streams import raise_open_files
    raise_open_files()  # before the server starts: it inherits the limit
    connections = [int(c) for c in args.connections.split(",") if c.strip()]
    wanted = [o.strip() for o in args.ops.split(",") if o.strip()]
    unknown = set(wanted) - {o.name for o in OPERATIONS}
    if unknown:
        raise BenchError(f"unknown operations: {', '.join(sorted(unknown))}")
    ops = [o for o in OPERATIONS if o.name in wanted]
    if "ceiling" not in wanted:
        log("the ceiling is not in --ops: no fractions of it")

    ensure_tools(args.db)
    if not args.skip_build:
        log("building (swift build -c release --product daybook)")
        run(["swift", "build", "-c", "release", "--product", "daybook"], timeout=3600, env=swift_env(),
            capture=False)
    if not BINARY.exists():
        raise BenchError(f"{BINARY} is missing; build it first")

    started_at = dt.datetime.now().astimezone()
    notes: list[str] = []
    work = Path(tempfile.mkdtemp(prefix="daybook-bench-"))
    data_dir = work / "data"
    server: Server | None = None
    postgres_started = False
    pg_env = dict(os.environ, DAYBOOK_PG_NAME=PG_NAME)
    try:
        database_url = None
        pg_transport = "tcp" if args.db == "postgres" else None
        if args.db == "postgres":
            log("starting a throw-away PostgreSQL cluster (scripts/postgres.sh, name 'bench')")
            postgres_started = True
            result = run([str(ROOT / "scripts" / "postgres.sh"), "start"], timeout=180, env=pg_env)
            database_url = result.stdout.strip().splitlines()[-1]
            try:
                state = (ROOT / ".build-pg" / f"{PG_NAME}.env").read_text()
                pg_dir = re.search(r"^PG_DIR=(.*)$", state, re.MULTILINE).group(1).strip("'\"")
                if args.pg_transport == "socket":
                    database_url = socket_url(database_url, pg_dir)
                    pg_transport = "socket"
                POSTMASTER.append(int((Path(pg_dir) / "data" / "postmaster.pid").read_text().split()[0]))
            except (OSError, AttributeError, ValueError, IndexError):
                notes.append("could not find the PostgreSQL postmaster: its CPU counts as other processes")
            if pg_transport != args.pg_transport:
                notes.append("could not find the cluster's socket directory: PostgreSQL is reached over TCP")

        log("seeding (daybook bench-seed)")
        manifest_path = work / "manifest.json"
        seed_cmd = [str(BINARY), "bench-seed", "--data-dir", str(data_dir), "--users", str(args.users),
                    "--login-password", PASSWORD, "--manifest", str(manifest_path), "--log-level", "warning"]
        if args.public_entries:
            seed_cmd += ["--public-entries", str(args.public_entries)]
        if args.history_years:
            seed_cmd += ["--history-years", str(args.history_years)]
        if database_url:
            seed_cmd += ["--database-url", database_url]
        seed_env = dict(os.environ)
        seed_env.pop("DAYBOOK_BCRYPT_COST", None)
        seed_env.pop("DAYBOOK_DATABASE_URL", None)
        result = run(seed_cmd, timeout=900 + args.public_entries // 500 + args.history_years * 120, env=seed_env)
        for line in result.stdout.strip().splitlines():
            log(f"  {line}")
        manifest = json.loads(manifest_path.read_text())
        if database_url:
            # What autovacuum does within a minute of a bulk load: visibility map and statistics,
            # so index-only scans are index-only. Measure the steady state, not the first minute.
            run(["psql", database_url, "-q", "-c", "VACUUM ANALYZE"], timeout=600)

        log("starting the server")
        server = Server(data_dir, database_url, work / "server.log")
        server.start()
        mem_start = server.memory()
        rss_start = mem_start.get("VmRSS", 0)
        log(f"  /healthz answered after {server.startup_s * 1000:.0f} ms")

        # Log in over the API, as a client would.
        status, body = request(server.port, "POST", "/api/v1/auth/login",
                               json.dumps({"login": manifest["username"], "password": PASSWORD,
                                           "deviceName": "bench"}), timeout=30)
        token = None
        if status == 200:
            try:
                token = json.loads(body)["token"]
            except (ValueError, KeyError, TypeError):
                pass
        if token is None:
            notes.append(f"logging in over the API failed (HTTP {status}); the other operations use "
                         f"the token bench-seed made at sign-up")
            token = manifest["token"]
        ctx = Context(port=server.port, token=token, manifest=manifest)

        # Warm-up, then the idle RSS.
        for _ in range(50):
            for path, auth in (("/bench/hello", False), ("/healthz", False), ("/api/v1/me", True),
                               ("/api/v1/days?limit=50", True), ("/api/v1/checkins?limit=50", True)):
                request(server.port, "GET", path, token=token if auth else None, timeout=5)
        time.sleep(1.0)
        mem_idle = server.memory()
        rss_idle = mem_idle.get("VmRSS", 0)
        log(f"  idle RSS after warm-up: {rss_idle / 1024:.1f} MB "
            f"(anonymous {mem_idle.get('RssAnon', 0) / 1024:.1f} MB, file-backed {mem_idle.get('RssFile', 0) / 1024:.1f} MB)")

        wrk_env = wrk_environment(token, manifest)

        photos = None
        if any(o.name in ("photos", "thumbnail") for o in ops):
            log("photos: pipeline, uploads, 8 at once")
            photos = photo_phase(server, token, work, notes)
            if photos.get("thumbnail"):
                ctx.manifest["thumbnail"] = photos["thumbnail"]
                wrk_env["BENCH_THUMBNAIL"] = photos["thumbnail"]
            wait_idle(server.process.pid)

        results: list[dict] = []
        ceiling: dict[int, float] = {}
        ceiling_op = next((o for o in ops if o.kind == "ceiling"), None)
        for op in ops:
            if op.name == "photos":
                continue
            status, body = request(server.port, op.method, op.path(ctx), op.body(ctx),
                                   token if op.auth else None, timeout=30)
            preflight = {"status": status, "body": body[:300].decode(errors="replace")}
            if not 200 <= status < 300:
                log(f"{op.name}: pre-flight {op.method} {op.path(ctx)} answered {status}: "
                    f"{preflight['body'][:160]!r} (measuring anyway: its errors show in the table)")
                notes.append(f"{op.name}: {op.method} {op.path(ctx)} answers HTTP {status} "
                             f"({preflight['body'][:100].strip()!r})")
            for c in op.connections or connections:
                duration = op.duration or args.duration
                busy = compiling()
                load = load_average()
                if args.warmup > 0 and op.warmup:
                    wrk(ctx, op, c, args.warmup, wrk_env)
                    wait_idle(server.process.pid)
                adjacent = ceiling_op is not None and op.kind != "ceiling"
                if adjacent:
                    # This machine's speed drifts by ±20 % from minute to minute: each ratio is
                    # taken against short runs of the ceiling just before and just after the
                    # operation (their mean), so a drift during the operation shows in both.
                    ceiling_before = adjacent_ceiling(ctx, ceiling_op, c, wrk_env, server.process.pid)
                log(f"{op.name} at {c} connections ({duration} s)" + (" — a compiler is running!" if busy else ""))
                before = cpu_snapshot(server.process.pid)
                r = wrk(ctx, op, c, duration, wrk_env)
                cpu = cpu_share(before, cpu_snapshot(server.process.pid), r.get("seconds") or duration)
                busy = busy or compiling()
                row = {"operation": op.name, "label": op.label, "kind": op.kind, "connections": c,
                       "duration_s": duration, "compiler_running": busy, "load_average_1m": load,
                       "preflight": preflight, "note": op.note, **cpu, **r,
                       "disturbed": busy or cpu["other_cores"] > OTHER_LOAD_LIMIT}
                if "failed" not in r:
                    if op.kind == "ceiling":
                        ceiling[c] = r["rps"]
                    log(f"  {fmt_rate(r['rps'])} req/s, p50 {r['p50_ms']:.2f} ms, p99 {r['p99_ms']:.2f} ms, "
                        f"errors {r['errors']:,}; cores: server {cpu['server_cores']}, postgres {cpu['db_cores']}, wrk {cpu['wrk_cores']}, "
                        f"other processes {cpu['other_cores']}")
                else:
                    log(f"  failed: {r['failed']}")
                results.append(row)
                if server.process.poll() is not None:
                    raise BenchError(f"the server died during {op.name}:\n{server.log_tail()}")
                # wrk leaves requests in flight (logins queue behind bcrypt for seconds): let the
                # server finish them before the next measurement starts.
                waited = wait_idle(server.process.pid)
                if waited > 1:
                    log(f"  (the server needed {waited:.1f} s to finish what was in flight)")
                if "failed" not in r:
                    if adjacent:
                        ceiling_after = adjacent_ceiling(ctx, ceiling_op, c, wrk_env, server.process.pid)
                        around = [x for x in (ceiling_before, ceiling_after) if x]
                        if around:
                            ceiling[c] = sum(around) / len(around)
                        row["ceiling_before_rps"], row["ceiling_after_rps"] = ceiling_before, ceiling_after
                        if len(around) == 2 and abs(around[0] - around[1]) > 0.15 * max(around):
                            row["ceiling_drifted"] = True
                    row["ceiling_rps"] = ceiling.get(c)
                    row["fraction_of_ceiling"] = (r["rps"] / ceiling[c]) if ceiling.get(c) else None

        failed_phases: list[str] = []
        soak = run_soak(server, args.soak, wrk_env) if args.soak > 0 else None

        live = None
        if args.streams > 0:
            from streams import streams_phase
            log(f"live notifications: {args.streams} streams, then {args.idle_streams} idle")

            def cpu_seconds() -> float:
                fields = Path(f"/proc/{server.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
                return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

            live = later_phase("live notifications", failed_phases, notes, lambda: streams_phase(
                server.port, token, server.memory, cpu_seconds, log, streams=args.streams,
                idle_streams=max(args.idle_streams, args.streams)))

        sharing = None
        if args.shares > 0:
            from sharing import sharing_phase
            log(f"sharing: {args.shares} shares to a friend's open stream")
            second = None
            if database_url:
                second = Server(data_dir, database_url, work / "server2.log")
                second.start()
            try:
                sharing = later_phase("sharing", failed_phases, notes, lambda: sharing_phase(
                    server.port, log, args.shares, second.port if second else None))
            finally:
                if second is not None:
                    second.stop()

        insights = None
        if manifest.get("historyToken"):
            from insights import insights_phase
            log(f"insights: {args.history_years} years of days, 20 check-ins a day, one request at a time")
            settle = (lambda: run(["psql", database_url, "-q", "-c", "VACUUM ANALYZE"], timeout=600)) \
                if database_url else None
            insights = later_phase("insights", failed_phases, notes, lambda: insights_phase(
                server.port, manifest["historyToken"], log, settle=settle))

        mem = server.memory()
        report = {
            "started": started_at.isoformat(timespec="seconds"),
            "db": args.db, "pg_transport": pg_transport, "duration_s": args.duration, "warmup_s": args.warmup,
            "connections": connections, "machine": machine_notes(),
            "server": {
                "startup_ms": server.startup_s * 1000,
                "rss_start_mb": rss_start / 1024, "rss_idle_mb": rss_idle / 1024,
                "peak_rss_mb": mem.get("VmHWM", 0) / 1024, "rss_end_mb": mem.get("VmRSS", 0) / 1024,
                "idle_anon_mb": mem_idle.get("RssAnon", 0) / 1024, "idle_file_mb": mem_idle.get("RssFile", 0) / 1024,
                "idle_pss_mb": mem_idle.get("Pss", 0) / 1024, "end_anon_mb": mem.get("RssAnon", 0) / 1024,
            },
            "seed": manifest | {"token": "(omitted)"},
            "photos": photos,
            "soak": soak,
            "live_notifications": live,
            "sharing": sharing,
            "insights": insights,
            "notes": notes,
            "results": results,
        }
        report["targets"] = check_targets(report)
        text = render(report)
        print()
        print(text)
        out_dir = Path(args.output_dir)
        out_dir.mkdir(parents=True, exist_ok=True)
        stamp = started_at.strftime("%Y%m%d-%H%M%S")
        (out_dir / f"bench-{stamp}-{args.db}.json").write_text(json.dumps(report, indent=2) + "\n")
        (out_dir / f"bench-{stamp}-{args.db}.txt").write_text(text + "\n")
        (out_dir / f"latest-{args.db}.json").write_text(json.dumps(report, indent=2) + "\n")
        log(f"wrote {out_dir}/bench-{stamp}-{args.db}.json")
        if failed_phases:
            log("failed: " + ", ".join(failed_phases) + " (the table above has everything else)")
            return 1
        return 0
    finally:
        if server is not None:
            server.stop()
        if postgres_started:
            subprocess.run([str(ROOT / "scripts" / "postgres.sh"), "stop"], cwd=ROOT, env=pg_env, timeout=120,
                           stdout=subprocess.DEVNULL)
        if args.keep:
            log(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


def _terminate(signum, frame):
    raise KeyboardInterrupt


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, _terminate)
    try:
        sys.exit(main())
    except BenchError as error:
        log(f"error: {error}")
        sys.exit(1)
    except KeyboardInterrupt:
        log("interrupted; the server was stopped")
        sys.exit(130)
