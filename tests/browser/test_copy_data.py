"""Moving an instance from SQLite to PostgreSQL (issue 5): `daybook copy-data` copies every account
and its data, verifies the counts, and refuses a target that is not empty; the same data directory
then serves the same user, days, check-ins, journal entries, photos and search from PostgreSQL.

Runs when DAYBOOK_TEST_POSTGRES_URL is set (as `make test` arranges); skipped otherwise."""

from __future__ import annotations

import os
import subprocess

import pytest

from helpers import daybook_bin, new_user
from test_photos import write_png
from test_postgres_multiserver import PG_URL, _call, pg_database_url  # noqa: F401  (fixture)

pytestmark = pytest.mark.skipif(
    not PG_URL, reason="DAYBOOK_TEST_POSTGRES_URL is not set (no PostgreSQL server to test against)"
)


def upload(server, token: str, data: bytes) -> dict:
    boundary = "copy-data-test"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n"
            f"Content-Type: image/png\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    status, _headers, answer = server.request(
        "POST", "/api/v1/media", data=body,
        headers={"Content-Type": f"multipart/form-data; boundary={boundary}", "Authorization": f"Bearer {token}"},
        timeout=60)
    assert status == 201, answer
    import json
    return json.loads(answer)


def copy_data(source: str, target: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DAYBOOK_DATABASE_URL")}
    return subprocess.run([str(daybook_bin()), "copy-data", "--from", source, "--to", target],
                          capture_output=True, text=True, timeout=300, env=env)


def test_copy_an_instance_to_postgres(pg_database_url, make_server, tmp_path):  # noqa: F811
    # An instance on SQLite with a user who has a day with a photo and a check-in.
    data_dir = tmp_path / "data"
    sqlite_server = make_server(data_dir=data_dir)
    user = new_user("mover")
    status, body = _call(sqlite_server.url, "POST", "/auth/register",
                         {"email": user.email, "username": user.username, "password": user.password})
    assert status == 201, body
    token = body["token"]
    photo = upload(sqlite_server, token, write_png(tmp_path / "p.png", 300, 200, 90).read_bytes())
    status, body = _call(sqlite_server.url, "PUT", "/days/2024-05-01",
                         {"mood": 5, "note": "Moving day, boxes everywhere", "photoId": photo["id"]}, token=token)
    assert status == 201, body
    status, feelings = _call(sqlite_server.url, "GET", "/feelings", token=token)
    status, body = _call(sqlite_server.url, "POST", "/checkins",
                         {"feelingId": feelings["items"][0]["id"], "note": "unpacking the kettle"}, token=token)
    assert status == 201, body
    second = upload(sqlite_server, token, write_png(tmp_path / "q.png", 200, 300, 40).read_bytes())
    status, entry = _call(sqlite_server.url, "POST", "/journal",
                          {"title": "New flat", "body": "Light in every room", "tags": ["home"],
                           "photoIds": [second["id"], photo["id"]], "isPublic": True}, token=token)
    assert status == 201, entry
    sqlite_server.stop()

    result = copy_data(f"sqlite:{data_dir}/daybook.sqlite", pg_database_url)
    assert result.returncode == 0, result.stdout + result.stderr
    for table in ("users", "day_entries", "checkins", "media", "journal_entries"):
        assert table in result.stdout, result.stdout

    # The same data directory, now on PostgreSQL: the session, the data, the photo and search.
    pg_server = make_server(data_dir=data_dir, env={"DAYBOOK_DATABASE_URL": pg_database_url})
    status, me = _call(pg_server.url, "GET", "/me", token=token)
    assert status == 200 and me["username"] == user.username
    status, body = _call(pg_server.url, "POST", "/auth/login", {"login": user.username, "password": user.password})
    assert status == 200, body
    status, day = _call(pg_server.url, "GET", "/days/2024-05-01", token=token)
    assert status == 200 and day["note"] == "Moving day, boxes everywhere" and day["photoId"] == photo["id"]
    status, _headers, image = pg_server.request("GET", photo["small"]["url"], headers={"Authorization": f"Bearer {token}"})
    assert status == 200 and len(image) > 0
    status, copied = _call(pg_server.url, "GET", f"/journal/{entry['id']}", token=token)
    assert status == 200 and copied["photoIds"] == [second["id"], photo["id"]] and copied["isPublic"], copied
    status, found = _call(pg_server.url, "GET", "/search?q=kettle", token=token)
    assert status == 200 and [hit["kind"] for hit in found["items"]] == ["checkin"], found
    pg_server.stop()

    # A second copy into the now non-empty database is refused, and changes nothing.
    again = copy_data(f"sqlite:{data_dir}/daybook.sqlite", pg_database_url)
    assert again.returncode != 0
    assert "already holds" in (again.stdout + again.stderr)
