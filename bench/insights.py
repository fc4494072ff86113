"""The insights figures of `make bench` (issue 16): for an account with years of daily entries
and 20 check-ins a day (`bench-seed --history-years`), each statistic and each chart asked for
one at a time (one connection), as a phone opening Insights would."""

from __future__ import annotations

import statistics
import time
import urllib.request

# (label, path): statistics first, then charts; `range=all` rows show the whole history's cost.
STATISTICS = [
    ("week", "/api/v1/insights/week"),
    ("year", "/api/v1/insights/year"),
    ("trend 90 days", "/api/v1/insights/trend"),
    ("trend all", "/api/v1/insights/trend?range=all"),
    ("distribution all", "/api/v1/insights/distribution?range=all"),
    ("pixels", "/api/v1/insights/pixels"),
    ("streaks", "/api/v1/insights/streaks"),
    ("correlations 90 days", "/api/v1/insights/correlations"),
    ("correlations a year", "/api/v1/insights/correlations?range=year"),
    ("correlations all", "/api/v1/insights/correlations?range=all"),
    ("check-in patterns 90 days", "/api/v1/insights/checkin-patterns"),
    ("check-in patterns all", "/api/v1/insights/checkin-patterns?range=all"),
    ("weekdays all", "/api/v1/insights/weekdays?range=all"),
    ("thought diary", "/api/v1/diaries/thoughts"),
]
CHARTS = [
    (f"chart {name}.svg", f"/api/v1/insights/charts/{name}.svg")
    for name in ("week", "year", "trend", "distribution", "pixels", "streaks", "correlations", "weekdays",
                 "checkin-hours", "checkin-weekdays")
] + [("chart trend.svg all", "/api/v1/insights/charts/trend.svg?range=all"),
     ("chart trend.png", "/api/v1/insights/charts/trend.png"),
     ("chart pixels.png", "/api/v1/insights/charts/pixels.png")]


def timed(port: int, path: str, token: str) -> float:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Authorization": f"Bearer {token}"})
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=30) as response:
        response.read()
        if response.status != 200:
            raise RuntimeError(f"{path}: {response.status}")
    return (time.perf_counter() - started) * 1000


def insights_phase(port: int, token: str, log, runs: int = 30, settle=None) -> list[dict]:
    """`settle` runs after every path was asked once: the first asks make the month and year
    rollups, and on PostgreSQL the caller then analyzes the tables, as autovacuum does within a
    minute of that many new rows (until then the planner takes the rollup table for empty and
    sorts where it would hash)."""
    for _, path in STATISTICS + CHARTS:
        timed(port, path, token)
    if settle is not None:
        settle()
    rows = []
    for kind, items in (("statistic", STATISTICS), ("chart", CHARTS)):
        for label, path in items:
            for _ in range(3):
                timed(port, path, token)  # warm-up: statement caches, pages in memory
            times = sorted(timed(port, path, token) for _ in range(runs))
            row = {"kind": kind, "label": label, "path": path, "p50_ms": statistics.median(times),
                   "p99_ms": times[min(len(times) - 1, int(len(times) * 0.99))], "runs": runs}
            rows.append(row)
            log(f"  {label}: p50 {row['p50_ms']:.1f} ms, max {row['p99_ms']:.1f} ms")
    return rows
