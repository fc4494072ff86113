"""Hardening checks from outside, against the real server binary (issue 20): what an attacker
measures and sends over the network."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

from helpers import new_user


def post_json(server, path: str, body: dict, headers: dict | None = None) -> tuple[int, dict]:
    request = urllib.request.Request(
        server.url + path, data=json.dumps(body).encode(), method="POST",
        headers={"content-type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def test_unknown_and_known_accounts_take_the_same_time_to_refuse(make_server):
    """A wrong password costs one bcrypt verification whether or not the account exists. Before
    the fix an unknown account took twice as long (a fresh decoy hash, then its verification).
    bcrypt at cost 10 so it dominates; each guess from another address (through a trusted proxy's
    X-Forwarded-For) so the address limit stays out of the way; known and unknown alternate, and the
    fastest of each counts, since other work on the machine only ever adds time."""
    server = make_server(env={"DAYBOOK_BCRYPT_COST": "10", "DAYBOOK_TRUSTED_PROXIES": "127.0.0.1"})
    user = new_user("timing")
    status, _ = post_json(server, "/api/v1/auth/register",
                          {"email": user.email, "username": user.username, "password": user.password})
    assert status == 201
    known, unknown = [], []
    for round_ in range(8):
        for login, times in ((user.username, known), (f"nobody_{round_}", unknown)):
            headers = {"x-forwarded-for": f"198.51.100.{len(known) + len(unknown)}"}
            started = time.perf_counter()
            status, body = post_json(server, "/api/v1/auth/login",
                                     {"login": login, "password": "wrong guess 42"}, headers)
            times.append(time.perf_counter() - started)
            assert status == 401, body
    ratio = min(unknown) / min(known)
    assert 0.7 < ratio < 1.4, (ratio, known, unknown)
