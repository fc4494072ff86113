"""A soak of mixed traffic with a bound on the server's memory (issue 20): reads, writes,
searches, photo uploads and page views from several clients for a few minutes
(DAYBOOK_SOAK_SECONDS, 120 by default), sampling the server's RSS. After a warm-up, memory must
level off: a leak shows as steady growth long before it shows as a crash."""

from __future__ import annotations

import json
import os
import random
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

from helpers import new_user
from test_crash import call
from test_photos import write_png

SECONDS = float(os.environ.get("DAYBOOK_SOAK_SECONDS", "120"))
CLIENTS = 6
GROWTH_LIMIT_MB = 48
ABSOLUTE_LIMIT_MB = 512


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def upload(base: str, token: str, data: bytes) -> int:
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.png\"\r\n"
            f"Content-Type: image/png\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    request = urllib.request.Request(
        base + "/api/v1/media", data=body, method="POST",
        headers={"authorization": f"Bearer {token}", "content-type": f"multipart/form-data; boundary={boundary}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_memory_levels_off_under_mixed_traffic(make_server):
    server = make_server(env={"DAYBOOK_LOG_LEVEL": "warning"})
    photo = write_png(Path(tempfile.mkdtemp()) / "soak.png", 800, 600, tint=90).read_bytes()
    tokens = []
    for _ in range(CLIENTS):
        user = new_user("soak")
        status, body = call(server.url, "POST", "/auth/register", body={
            "email": user.email, "username": user.username, "password": user.password})
        assert status == 201
        tokens.append(body["token"])

    counts = {"requests": 0, "errors": 0}
    lock = threading.Lock()
    stop = threading.Event()

    def client(token: str, seed: int):
        rng = random.Random(seed)
        feeling = call(server.url, "GET", "/feelings", token)[1]["items"][0]["id"]
        while not stop.is_set():
            roll = rng.random()
            if roll < 0.25:
                status, _ = call(server.url, "GET", "/me", token)
            elif roll < 0.40:
                status, _ = call(server.url, "GET", "/days?limit=50", token)
            elif roll < 0.55:
                status, _ = call(server.url, "POST", "/checkins", token,
                                 {"feelingId": feeling, "note": f"soak {rng.random()} walking the dog"})
            elif roll < 0.65:
                date = f"2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
                status, _ = call(server.url, "PUT", f"/days/{date}", token, {"mood": rng.randint(1, 5), "note": "soak"})
            elif roll < 0.75:
                status, _ = call(server.url, "GET", "/search?q=dog", token)
            elif roll < 0.85:
                status, _ = call(server.url, "POST", "/journal", token, {"title": "Soak", "body": "x" * rng.randint(1, 4000)})
            elif roll < 0.88:
                status = upload(server.url, token, photo)
            else:
                status, _ = call(server.url, "GET", "/checkins?limit=50", token)
            with lock:
                counts["requests"] += 1
                if status >= 500:
                    counts["errors"] += 1

    threads = [threading.Thread(target=client, args=(token, i)) for i, token in enumerate(tokens)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    samples = []
    while (elapsed := time.monotonic() - started) < SECONDS:
        time.sleep(5)
        samples.append((round(elapsed), rss_mb(server.proc.pid)))
    stop.set()
    for thread in threads:
        thread.join(timeout=30)

    print(f"soak: {counts['requests']} requests in {SECONDS:.0f} s, {counts['errors']} 5xx; RSS MB by second: {samples}")
    assert counts["errors"] == 0
    assert counts["requests"] > SECONDS * 20
    warm = [rss for second, rss in samples if second >= SECONDS / 4]
    assert max(warm) - warm[0] < GROWTH_LIMIT_MB, samples
    assert max(rss for _, rss in samples) < ABSOLUTE_LIMIT_MB, samples
