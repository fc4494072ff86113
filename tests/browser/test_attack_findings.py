"""The attack on the surfaces built since the first one (issue 60), replayed against the real
server: each request that used to stop the process, or make it send where it should not, is
refused with a clear error, and the server answers the next person at once."""

from __future__ import annotations

import base64
import io
import json
import threading
import time
import uuid
import zipfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from test_accounts import FormClient
from test_crash import call


def register(server, user) -> str:
    status, body = call(server.url, "POST", "/auth/register", body={
        "email": user.email, "username": user.username, "password": user.password})
    assert status == 201, body
    return body["token"]


def still_up(server, token: str) -> None:
    assert server.proc.poll() is None, "the server process ended"
    status, me = call(server.url, "GET", "/me", token)
    assert status == 200, me


def upload(server, token: str, kind: str, data: bytes) -> tuple[int, dict]:
    import urllib.error
    import urllib.request
    boundary = uuid.uuid4().hex
    raw = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"kind\"\r\n\r\n{kind}\r\n"
           f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"f\"\r\n\r\n").encode()
    raw += data + f"\r\n--{boundary}--\r\n".encode()
    request = urllib.request.Request(server.url + "/api/v1/imports", data=raw, method="POST", headers={
        "content-type": f"multipart/form-data; boundary={boundary}", "authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_a_price_past_int_max_in_the_closet_form_is_a_message_beside_the_field(server, new_user):
    user = new_user("price")
    token = register(server, user)
    category = call(server.url, "GET", "/closet/categories", token)[1]["items"][0]["id"]
    form = FormClient(server.url)
    form.login(user.username, user.password)
    for price in ["99999999999999999999", "92233720368547758.07", "1e400"]:
        status, _, page = form.post("/closet/items/new", {"name": "Coat", "categoryId": category, "price": price})
        assert status == 422, (price, status, page[:300])
        assert "price" in page.lower() and ("too high" in page or "number" in page), price
        still_up(server, token)
    # The API's price is a JSON number: the same values, as numbers.
    for price in [99999999999999999999, 92233720368547758.07, 1e300, -1e300]:
        status, problem = call(server.url, "POST", "/closet/items", token,
                               {"name": "Coat", "categoryId": category, "price": price})
        assert status in (400, 422) and [e["field"] for e in problem["errors"]] == ["price"], (price, problem)
        still_up(server, token)


def daylio_backup(entry: dict) -> bytes:
    document = {"customMoods": [{"id": 1, "mood_group_id": 1, "predefined_name_id": 1}], "tags": [],
                "dayEntries": [dict({"id": 1, "mood": 1, "year": 2024, "month": 2, "day": 3, "hour": 10,
                                     "minute": 0}, **entry),
                               {"id": 2, "mood": 1, "year": 2024, "month": 2, "day": 4, "hour": 10, "minute": 0}]}
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as archive:
        archive.writestr("backup.daylio", base64.b64encode(json.dumps(document).encode()))
    return packed.getvalue()


def test_import_files_at_the_ends_of_their_numbers_do_not_stop_the_server(server, new_user):
    user = new_user("numbers")
    token = register(server, user)
    big = 9223372036854775807
    for entry in [{"month": big}, {"hour": big}, {"hour": big, "datetime": None}, {"datetime": big},
                  {"datetime": -big}]:
        entry = {k: v for k, v in entry.items() if v is not None}
        status, preview = upload(server, token, "daylio-backup", daylio_backup(entry))
        assert status == 201, (entry, preview)
        assert preview["preview"]["found"]["moments"] == 1 and preview["preview"]["problemCount"] == 1, preview
        status, ran = call(server.url, "POST", f"/imports/{preview['id']}/run", token, {"moodMapping": {"rad": 5}})
        assert status in (200, 202), ran
        still_up(server, token)
    # A Daybook export whose closet item costs Int.max: the item is left out, the rest comes.
    export = {"format": "daybook-export", "version": 1, "exportedAt": "2024-01-01T00:00:00Z",
              "closet": {"categories": ["Coats"], "items": [{"id": "1", "name": "Coat", "category": "Coats",
                                                             "priceCents": big, "createdAt": "2024-01-01T00:00:00Z"}]}}
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as archive:
        archive.writestr("daybook.json", json.dumps(export))
    status, answer = upload(server, token, "daybook", packed.getvalue())
    assert status in (201, 422), answer
    still_up(server, token)


def test_a_flood_of_tiny_entries_is_refused_quickly_and_others_are_served(server, new_user):
    """600,000 tiny Day One entries: refused at the record limit as they are read."""
    user = new_user("flood")
    token = register(server, user)
    entry = '{"uuid":"A","creationDate":"2024-01-01T10:00:00Z","text":"x"}'
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("Journal.json", '{"entries":[' + ",".join([entry] * 600_000) + "]}")
    answers: list[tuple[int, dict]] = []
    started = time.monotonic()
    uploads = [threading.Thread(target=lambda: answers.append(
        upload(server, token, "dayone", packed.getvalue()))) for _ in range(2)]
    for thread in uploads:
        thread.start()
    # Meanwhile somebody else's requests are answered.
    other = register(server, new_user("bystander"))
    slowest = 0.0
    while any(thread.is_alive() for thread in uploads):
        begun = time.monotonic()
        assert call(server.url, "GET", "/me", other, timeout=10)[0] == 200
        slowest = max(slowest, time.monotonic() - begun)
        time.sleep(0.05)
    for thread in uploads:
        thread.join()
    print(f"two floods refused in {time.monotonic() - started:.1f} s; slowest GET /me meanwhile {slowest * 1000:.0f} ms")
    assert [status for status, _ in answers] == [422, 422], answers
    assert all("records" in answer["detail"] for _, answer in answers), answers
    assert slowest < 2, f"GET /me took {slowest:.1f} s while the files were read"


class Recorder:
    """A local HTTP server that records what it is sent and answers each POST with `answer`."""

    def __init__(self, answer: int = 201, location: str | None = None):
        self.received: list[str] = []
        self.headers: list[dict] = []
        recorder = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("content-length") or 0)
                recorder.headers.append({k.lower(): v for k, v in self.headers.items()})
                recorder.received.append(self.rfile.read(length).decode(errors="replace"))
                self.send_response(answer)
                if location:
                    self.send_header("Location", location)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def test_push_urls_on_this_machine_are_refused(server, new_user):
    token = register(server, new_user("ssrf"))
    for url in ["https://127.0.0.1/x", "https://localhost/x", "https://[::1]/x", "https://127.1/x",
                "https://2130706433/x", "https://169.254.169.254/latest", "https://10.0.0.5/x"]:
        status, problem = call(server.url, "POST", "/push/subscriptions", token, {"endpoint": url})
        assert status == 422, (url, problem)
        assert [e["field"] for e in problem["errors"]] == ["endpoint"], problem
    assert call(server.url, "GET", "/push/subscriptions", token)[1]["items"] == []


def test_a_push_app_that_redirects_is_not_followed(make_server, new_user):
    """With the operator's leave for a private push server, a push app answering 307 gets the
    notification once, and the address it points to gets nothing."""
    server = make_server(env={"DAYBOOK_PUSH_ALLOW_HTTP": "1", "DAYBOOK_PUSH_ALLOW_PRIVATE": "1"})
    elsewhere = Recorder()
    app = Recorder(answer=307, location=elsewhere.url + "/stolen")
    try:
        token = register(server, new_user("redirect"))
        status, device = call(server.url, "POST", "/push/subscriptions", token, {"endpoint": app.url + "/topic"})
        assert status == 201, device
        assert call(server.url, "POST", "/notifications/test", token, {})[0] == 201
        deadline = time.monotonic() + 10
        while not app.received and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(2)
        assert len(app.received) == 1
        assert elsewhere.received == [], "the redirect was followed"
    finally:
        app.close()
        elsewhere.close()


def test_devices_and_test_notifications_are_capped(make_server, new_user):
    """Only ever loopback: the devices are one local push app's topics."""
    server = make_server(env={"DAYBOOK_PUSH_ALLOW_HTTP": "1", "DAYBOOK_PUSH_ALLOW_PRIVATE": "1"})
    app = Recorder()
    try:
        token = register(server, new_user("caps"))
        statuses = [call(server.url, "POST", "/push/subscriptions", token,
                         {"endpoint": f"{app.url}/topic-{index}"})[0] for index in range(21)]
        assert statuses == [201] * 20 + [429], statuses
        tests = [call(server.url, "POST", "/notifications/test", token, {})[0] for _ in range(6)]
        assert tests == [201] * 5 + [429], tests
    finally:
        app.close()


def test_a_csrf_cookie_and_field_planted_together_are_refused(server, new_user):
    """A sibling subdomain can set a cookie and post a form with the same value: the form token is
    bound to the session, so the pair is worth nothing."""
    user = new_user("csrf")
    register(server, user)
    form = FormClient(server.url)
    form.login(user.username, user.password)
    planted = next(c.value for c in form.jar if c.name == "daybook_csrf")
    import urllib.parse
    import urllib.request
    data = urllib.parse.urlencode({"csrf": planted, "displayName": "Mallory was here"}).encode()
    request = urllib.request.Request(server.url + "/profile", data=data, method="POST",
                                     headers={"Content-Type": "application/x-www-form-urlencoded"})
    status, _, page = form._open(request)
    assert status == 403, (status, page[:200])
    # The page's own token works.
    status, _, _ = form.post("/notifications/read-all", {})
    assert status == 303


def test_wearing_one_more_item_on_a_full_day_is_a_message_not_a_500(server, new_user):
    user = new_user("wear")
    token = register(server, user)
    category = call(server.url, "GET", "/closet/categories", token)[1]["items"][0]["id"]
    items = [call(server.url, "POST", "/closet/items", token, {"name": f"Sock {n}", "categoryId": category})[1]["id"]
             for n in range(51)]
    import datetime
    today = datetime.date.today().isoformat()
    status, day = call(server.url, "PUT", f"/outfit-calendar/{today}", token, {"itemIds": items[:50]})
    assert status in (200, 201), day
    form = FormClient(server.url)
    form.login(user.username, user.password)
    status, _, page = form.post(f"/closet/items/{items[50]}/wear", {})
    assert status == 422, (status, page[:300])
    assert "at most 50" in page
    still_up(server, token)
