"""The sharing figure of `make bench` (issue 15): from the sharer's `POST /api/v1/shares` to the
`notification` event on the friend's open stream, on one server, and (on PostgreSQL) with the
friend's stream on a second app server, where the event travels by LISTEN/NOTIFY.

Two fresh users: the sharer adds one closet item and asks the friend, who says yes; the friend
keeps one event stream open (as an open page does); the sharer shares the item again and again."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.request
import uuid

from streams import open_stream, percentile


def call(port: int, method: str, path: str, body=None, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/v1{path}", data=data, method=method,
                                     headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read()
            return json.loads(text) if text else {}
    except urllib.error.HTTPError as error:
        raise RuntimeError(f"{method} {path}: {error.code} {error.read()[:300]!r}")


def two_friends(port: int) -> tuple[str, str, str, str]:
    """Registers a sharer and a friend, makes them friends, gives the sharer an item. Returns
    (sharer token, friend token, friend username, item id)."""
    tag = uuid.uuid4().hex[:8]
    tokens = []
    for who in ("sharer", "friend"):
        made = call(port, "POST", "/auth/register", {"email": f"{who}_{tag}@bench.example",
                                                     "username": f"{who}_{tag}", "password": "bench-password-1"})
        tokens.append(made["token"])
    sharer, friend = tokens
    asked = call(port, "POST", "/friend-requests", {"username": f"friend_{tag}"}, sharer)
    call(port, "POST", f"/friend-requests/{asked['id']}/accept", {}, friend)
    category = call(port, "GET", "/closet/categories", token=sharer)["items"][0]["id"]
    item = call(port, "POST", "/closet/items", {"name": "Linen shirt", "categoryId": category}, sharer)["id"]
    return sharer, friend, f"friend_{tag}", item


async def measure(share_port: int, stream_port: int, shares: int) -> dict:
    sharer, friend, friend_name, item = two_friends(share_port)
    arrivals: list[float] = []
    stream, reading = await open_stream(stream_port, friend, lambda _id, at, _read: arrivals.append(at))
    await asyncio.sleep(0.5)
    loop = asyncio.get_running_loop()
    latencies: list[float] = []
    missing = 0
    for _ in range(shares):
        seen = len(arrivals)
        sent = time.time()  # the stream's arrivals are wall-clock times
        await loop.run_in_executor(None, lambda: call(
            share_port, "POST", "/shares", {"recipients": [friend_name], "itemIds": [item]}, sharer))
        deadline = time.monotonic() + 2.0
        while len(arrivals) == seen and time.monotonic() < deadline:
            await asyncio.sleep(0.0005)
        if len(arrivals) > seen:
            latencies.append((arrivals[seen] - sent) * 1000)
        else:
            missing += 1
        await asyncio.sleep(0.01)
    reading.cancel()
    stream.close()
    latencies.sort()
    return {"shares": shares, "events": len(latencies), "missing_within_2s": missing,
            "p50_ms": percentile(latencies, 0.5), "p99_ms": percentile(latencies, 0.99),
            "max_ms": percentile(latencies, 1.0)}


def sharing_phase(port: int, log, shares: int = 200, second_port: int | None = None) -> dict:
    """Share → event on one server, and across two when `second_port` is given."""
    result = {"one_server": asyncio.run(measure(port, port, shares))}
    r = result["one_server"]
    log(f"  share → friend's event, one server: p50 {r['p50_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms, "
        f"max {r['max_ms']:.1f} ms ({r['events']} of {shares}; {r['missing_within_2s']} later than 2 s)")
    if second_port:
        result["two_servers"] = asyncio.run(measure(port, second_port, shares))
        r = result["two_servers"]
        log(f"  share on one server → event on the other (PostgreSQL NOTIFY): p50 {r['p50_ms']:.1f} ms, "
            f"p99 {r['p99_ms']:.1f} ms, max {r['max_ms']:.1f} ms ({r['events']} of {shares}; "
            f"{r['missing_within_2s']} later than 2 s)")
    return result
