#!/usr/bin/env python3
"""Where does the server's time go? Profiles one operation of bench/run.py with `perf`.

Seeds a fresh database, starts the release server (like bench/run.py), loads one operation with
wrk while `perf record -g` samples the server, and prints: how many CPU-microseconds the server
spent per request, a breakdown by area (HTTP/NIO, database, JSON, bcrypt, ...; each sample counts
once, for the first area in the list whose function is on its stack), and the hottest functions.

    bench/profile.py list_days [--connections 16] [--seconds 8] [--db sqlite|postgres]

Needs `perf` (Debian: linux-perf) and a release build (`swift build -c release --product daybook`).
Without perf, use valgrind's callgrind on a short run instead (see docs/performance.md).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run as bench  # noqa: E402  (bench/run.py)

# Areas, in priority order: a sample belongs to the first whose pattern matches a frame of its
# stack. Names are demangled with their module (GRDB.…, NIOPosix.…, DaybookAPI.…).
AREAS = [
    ("bcrypt (password hashing)", r"[Bb]crypt"),
    ("JSON encoding (responses)", r"JSONEncoder|JSONWriter|JSONValueWriter|JSONValueEncoder|JSONKeyedContainer|JSONUnkeyedContainer"),
    ("JSON decoding (bodies, stored id arrays)", r"JSONDecoder|JSONScanner|JSONMap"),
    ("DayEntry.noteFirstLine (teasers)", r"noteFirstLine"),
    ("SQL statement preparation and GRDB's authorizer",
     r"StatementAuthorizer|sqlite3_prepare|sqlite3LockAndPrepare|sqlite3Prepare|makeStatement|DatabaseRegion"),
    ("database: execution and row decoding (GRDB/SQLite, PostgresNIO)",
     r"\bGRDB\.|sqlite3|PostgresNIO\.|\(.*libsqlite3"),
    ("metrics and logging middleware", r"MetricsMiddleware|LogRequestsMiddleware|Prometheus\.|Logging\.Logger"),
    ("security headers, CSRF, client middleware", r"SecurityHeadersMiddleware|CSRFMiddleware|ClientMiddleware"),
    ("OpenAPI runtime (routing, converters)", r"\bOpenAPIRuntime\.|\bOpenAPIHummingbird\."),
]
# Samples no pattern claims (async code shows only its innermost frame) go to the module of the
# innermost frame that is not the Swift runtime, libc, dispatch or the kernel.
MODULES = [
    ("Daybook services and handlers", r"^(?:.* in )?(?:\w+ )*Daybook\w*\."),
    ("HTTP server (Hummingbird, NIO: parsing, sockets)", r"\b(?:NIO\w*|Hummingbird\w*|HTTPTypes\w*)\."),
    ("Foundation (other)", r"\bFoundation(?:Essentials)?\."),
]
RUNTIME_DSO = re.compile(r"\((?:\[kernel|.*libswiftCore|.*libswift_Concurrency|.*libc\.so|.*libdispatch|.*ld-linux)")


def demangle(lines: list[str]) -> list[str]:
    tool = shutil.which("swift-demangle") or "/opt/swift/usr/bin/swift-demangle"
    if not Path(tool).exists():
        return lines
    out = subprocess.run([tool], input="\n".join(lines), text=True,
                         stdout=subprocess.PIPE, timeout=300).stdout
    return out.split("\n")


def samples(perf_data: Path) -> list[list[str]]:
    """Each sample's stack, leaf first, as function names (demangled)."""
    text = subprocess.run(["perf", "script", "-i", str(perf_data), "-F", "ip,sym,dso"], text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=600).stdout
    lines = demangle(text.split("\n"))
    stacks, current = [], []
    for line in lines:
        line = line.strip()
        if not line:
            if current:
                stacks.append(current)
            current = []
            continue
        parts = line.split(None, 1)
        current.append(parts[1] if len(parts) > 1 else parts[0])
    if current:
        stacks.append(current)
    return stacks


def classify(stack: list[str]) -> str:
    joined = "\n".join(stack)
    for name, pattern in AREAS:
        if re.search(pattern, joined):
            return name
    for frame in stack:
        if RUNTIME_DSO.search(frame):
            continue
        for name, pattern in MODULES:
            if re.search(pattern, frame):
                return name
        break
    if re.search(r"\[kernel", stack[0]):
        return "kernel (syscalls, network, scheduling)"
    return "Swift runtime, ARC, malloc, dispatch, thread hand-offs"


def clean(frame: str) -> str:
    frame = re.sub(r"\+0x[0-9a-f]+", "", frame)
    frame = re.sub(r" \((?:/[^)]*/)?([^/)]*)\)$", r" (\1)", frame)
    return frame[:160]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("operation", choices=[o.name for o in bench.OPERATIONS])
    p.add_argument("--connections", type=int, default=16)
    p.add_argument("--seconds", type=int, default=8)
    p.add_argument("--frequency", type=int, default=999)
    p.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    p.add_argument("--top", type=int, default=25)
    args = p.parse_args()
    if shutil.which("perf") is None:
        raise bench.BenchError("perf is not installed (Debian: apt-get install linux-perf)")
    if not bench.BINARY.exists():
        raise bench.BenchError(f"{bench.BINARY} is missing: swift build -c release --product daybook")
    op = next(o for o in bench.OPERATIONS if o.name == args.operation)
    if op.name in ("photos", "thumbnail"):
        raise bench.BenchError(f"{op.name} needs an uploaded photo, which this script does not make: "
                               "profile it while bench/run.py --ops ceiling,thumbnail runs")

    work = Path(tempfile.mkdtemp(prefix="daybook-profile-"))
    server = None
    pg_env = dict(os.environ, DAYBOOK_PG_NAME="profile")
    try:
        url = None
        if args.db == "postgres":
            url = bench.run([str(bench.ROOT / "scripts" / "postgres.sh"), "start"], timeout=180,
                            env=pg_env).stdout.strip().splitlines()[-1]
        manifest_path = work / "manifest.json"
        cmd = [str(bench.BINARY), "bench-seed", "--data-dir", str(work / "data"), "--users", "10",
               "--login-password", bench.PASSWORD, "--manifest", str(manifest_path), "--log-level", "warning"]
        if url:
            cmd += ["--database-url", url]
        bench.run(cmd, timeout=900)
        manifest = json.loads(manifest_path.read_text())
        server = bench.Server(work / "data", url, work / "server.log")
        server.start()
        env = bench.wrk_environment(manifest["token"], manifest)
        ctx = bench.Context(port=server.port, token=manifest["token"], manifest=manifest)
        bench.wrk(ctx, op, args.connections, 2, env)  # warm-up

        def cpu_seconds() -> float:
            fields = Path(f"/proc/{server.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

        perf_data = work / "perf.data"
        perf = subprocess.Popen(["perf", "record", "-F", str(args.frequency), "-g", "-p",
                                 str(server.process.pid), "-o", str(perf_data), "--", "sleep",
                                 str(args.seconds + 1)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.5)
        cpu_before = cpu_seconds()
        result = bench.wrk(ctx, op, args.connections, args.seconds, env)
        cpu_used = cpu_seconds() - cpu_before
        perf.wait(timeout=args.seconds + 60)
        if "failed" in result:
            raise bench.BenchError(result["failed"])
        busy = bench.compiling()
        print(f"{op.label} at {args.connections} connections, {args.seconds} s ({args.db})"
              + ("  [a Swift compiler was running: distorted]" if busy else ""))
        print(f"  {result['rps']:,.0f} req/s, p50 {result['p50_ms']:.2f} ms, p99 {result['p99_ms']:.2f} ms, "
              f"errors {result['errors']}")
        per_request = cpu_used / max(result["requests"], 1) * 1e6
        print(f"  server CPU: {cpu_used / args.seconds:.2f} cores busy, {per_request:,.0f} µs of CPU per request")
        stacks = samples(perf_data)
        total = len(stacks)
        if not total:
            raise bench.BenchError("perf recorded no samples")
        areas = collections.Counter()
        leaf = collections.Counter()
        for stack in stacks:
            leaf[clean(stack[0])] += 1
            areas[classify(stack)] += 1
        print(f"\n  where the server's CPU time goes ({total} samples):")
        for name, count in areas.most_common():
            share = count / total
            print(f"    {share * 100:5.1f} %  ~{share * per_request:6,.0f} µs/request  {name}")
        print(f"\n  hottest functions (self time):")
        for name, count in leaf.most_common(args.top):
            print(f"    {count / total * 100:5.1f} %  {name}")
        return 0
    finally:
        if server is not None:
            server.stop()
        if args.db == "postgres":
            subprocess.run([str(bench.ROOT / "scripts" / "postgres.sh"), "stop"], env=pg_env, timeout=120,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except bench.BenchError as error:
        print(f"profile: error: {error}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
