"""Kill -9 under write load (issue 20): every write the server acknowledged is there after a
restart. SQLite in WAL mode with synchronous=NORMAL survives a process crash without losing a
committed transaction; this checks it on the real binary, several times over."""

from __future__ import annotations

import http.client
import json
import threading
import time
import urllib.error
import urllib.request

from helpers import new_user

KILLS = 4
WRITERS = 6
LOAD_SECONDS = 1.5


def call(base: str, method: str, path: str, token: str | None = None, body=None, timeout: float = 5):
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + "/api/v1" + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        try:
            return error.code, json.loads(error.read() or b"null")
        except ValueError:
            return error.code, None


def test_acknowledged_writes_survive_sigkill(make_server):
    server = make_server()
    user = new_user("crash")
    status, body = call(server.url, "POST", "/auth/register", body={
        "email": user.email, "username": user.username, "password": user.password})
    assert status == 201
    token = body["token"]
    feeling = call(server.url, "GET", "/feelings", token)[1]["items"][0]["id"]

    acknowledged_checkins: list[str] = []
    acknowledged_days: dict[str, str] = {}
    lock = threading.Lock()
    serial = iter(range(10**9))

    def writer(base: str, stop: threading.Event):
        while not stop.is_set():
            with lock:
                n = next(serial)
            try:
                if n % 3 == 0:
                    # A day of its own per write: the one acknowledged answer is the one to find.
                    year, day = 2000 + n // 360, n % 360
                    date = f"{year:04d}-{day // 30 + 1:02d}-{day % 30 + 1:02d}"
                    status, body = call(base, "PUT", f"/days/{date}", token, {"mood": 1 + n % 5, "note": f"write {n}"})
                    if status in (200, 201):
                        with lock:
                            acknowledged_days[date] = f"write {n}"
                else:
                    status, body = call(base, "POST", "/checkins", token, {"feelingId": feeling, "note": f"write {n}"})
                    if status == 201:
                        with lock:
                            acknowledged_checkins.append(body["id"])
            except (urllib.error.URLError, http.client.HTTPException, ConnectionError, TimeoutError, OSError):
                # A write cut off mid-answer (IncompleteRead) was not acknowledged: nothing to check.
                if stop.is_set():
                    return
                time.sleep(0.01)

    for kill in range(KILLS):
        stop = threading.Event()
        threads = [threading.Thread(target=writer, args=(server.url, stop)) for _ in range(WRITERS)]
        for thread in threads:
            thread.start()
        time.sleep(LOAD_SECONDS)
        server.proc.kill()  # SIGKILL: no shutdown, no flush
        server.proc.wait(timeout=10)
        stop.set()
        for thread in threads:
            thread.join(timeout=10)
        server.running = False
        server.start()

    print(f"{KILLS} kills, {len(acknowledged_checkins)} check-ins and {len(acknowledged_days)} days acknowledged")
    assert len(acknowledged_checkins) > 50 and len(acknowledged_days) > 20
    missing = [i for i in acknowledged_checkins if call(server.url, "GET", f"/checkins/{i}", token)[0] != 200]
    assert not missing, f"{len(missing)} acknowledged check-ins lost"
    for date, note in acknowledged_days.items():
        status, body = call(server.url, "GET", f"/days/{date}", token)
        assert status == 200 and body["note"] == note, (date, status, body)
