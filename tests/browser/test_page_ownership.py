"""Another user's data is invisible in the pages too (issue 60): every page route with an id in
its path, read from the web app's sources so that a route added later is covered without anyone
remembering to add it, is tried by Bob, signed in, with Anna's ids: each is 404 and changes
nothing of Anna's. A route whose parameter is not mapped here fails the test until it is decided.
"""

from __future__ import annotations

import datetime
import re
import tempfile
import uuid
from pathlib import Path

from helpers import new_user
from test_accounts import FormClient
from test_ownership import Client, befriend, carol_name, multipart, register
from test_photos import write_png

WEB = Path(__file__).resolve().parents[2] / "Sources" / "DaybookWeb"
ROUTE = re.compile(r'router\.(get|post)\("([^"]*\{[^"]*)"')

# Parameters that are not secrets, decided once: Bob's own date, chart names, files, usernames
# (a public profile is public; friends/{username} act on Bob's own relation to that person).
NOT_RECORDS = {"date", "name", "username"}


def page_routes() -> list[tuple[str, str]]:
    routes = set()
    for source in WEB.glob("*.swift"):
        routes.update(ROUTE.findall(source.read_text()))
    return sorted(routes, key=lambda route: (route[1], route[0]))


def test_every_page_with_an_id_refuses_another_persons_record(server):
    anna = register(server, "panna")
    today = datetime.date.today().isoformat()
    photo = write_png(Path(tempfile.mkdtemp()) / "anna.png", 64, 48, tint=40)
    raw, content_type = multipart(photo.read_bytes())
    media = anna.call("post", "/media", raw=raw, content_type=content_type)[1]
    feeling = anna.call("get", "/feelings")[1]["items"][0]["id"]
    checkin = anna.call("post", "/checkins", {"feelingId": feeling, "note": "Anna's moment"})[1]
    entry = anna.call("post", "/journal", {"title": "Anna's secret", "body": "private"})[1]
    category = anna.call("get", "/closet/categories")[1]["items"][0]["id"]
    item = anna.call("post", "/closet/items", {"name": "Anna's coat", "categoryId": category,
                                               "photoId": media["id"]})[1]
    outfit = anna.call("post", "/outfits", {"name": "Anna's outfit", "itemIds": [item["id"]]})[1]
    notification = anna.call("post", "/notifications/test", {})[1]
    device = anna.call("post", "/push/subscriptions", {"endpoint": "https://push.example/panna"})[1]
    session = anna.call("get", "/me/sessions")[1]["items"][0]["id"]
    export = anna.call("post", "/exports", {})[1]
    boundary = uuid.uuid4().hex
    csv = b"full_date,date,weekday,time,mood,activities,note_title,note\n2020-01-01,x,y,10:00,rad,,,Anna's import\n"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"kind\"\r\n\r\ndaylio-csv\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"d.csv\"\r\n\r\n").encode()
    body += csv + f"\r\n--{boundary}--\r\n".encode()
    imported = anna.call("post", "/imports", raw=body, content_type=f"multipart/form-data; boundary={boundary}")[1]
    carol = register(server, "pcarol")
    befriend(anna, carol)
    share = anna.call("post", "/shares", {"itemIds": [item["id"]], "recipients": [carol_name(carol)]})[1]
    dave = register(server, "pdave")
    pending = anna.call("post", "/friend-requests", {"username": carol_name(dave)})[1]

    # Which of Anna's ids each route's `{id}` names, by the path it is under.
    owners = [
        ("/closet/items/", item["id"]), ("/closet/outfits/", outfit["id"]), ("/closet/categories/", category),
        ("/journal/", entry["id"]), ("/checkins/", checkin["id"]), ("/notifications/", notification["id"]),
        ("/profile/export/", export["id"]), ("/profile/transfers/", export["id"]),
        ("/profile/import/", imported["id"]), ("/shared/items/", item["id"]), ("/shared/outfits/", outfit["id"]),
        ("/shared/", share["items"][0]["id"]), ("/friend-requests/", pending["id"]), ("/photos/", media["id"]),
        ("/profile/push/", device["id"]), ("/profile/sessions/", session),
    ]
    reads = [f"/checkins/{checkin['id']}", f"/journal/{entry['id']}", f"/closet/items/{item['id']}",
             f"/outfits/{outfit['id']}", "/closet/categories", "/notifications", "/push/subscriptions",
             "/friend-requests", "/shares?direction=sent", f"/imports/{imported['id']}", f"/media/{media['id']}"]
    before = {path: anna.call("get", path) for path in reads}

    bob_user = new_user("pbob")
    Client(server).call("post", "/auth/register", {
        "email": bob_user.email, "username": bob_user.username, "password": bob_user.password})
    bob = FormClient(server.url)
    bob.login(bob_user.username, bob_user.password)

    checked = []
    wrong = []
    # Fields a real form would send, so that a form's own checks do not answer before ownership.
    fields = {"name": "Bob's", "title": "Bob's", "body": "Bob's", "mood": "3", "reaction": "👍", "direction": "up",
              "itemIds": item["id"], "status": "worn"}
    for method, path in page_routes():
        names = re.findall(r"\{(\w+)\}", path)
        if set(names) <= NOT_RECORDS or path.startswith("/static/"):
            continue
        owner = next((record for prefix, record in owners if path.startswith(prefix)), None)
        assert owner is not None, f"{method.upper()} {path}: map its {{id}} to one of Anna's records in this test"
        concrete = re.sub(r"\{id\}", owner, path)
        status, _, page = bob.get(concrete) if method == "get" else bob.post(concrete, fields)
        if status != 404:
            wrong.append(f"{method.upper()} {path} as Bob with Anna's id: {status}")
        checked.append(f"{method.upper()} {path}")
    assert not wrong, "\n".join(wrong)
    print(f"page ownership: {len(checked)} routes as Bob")
    assert len(checked) >= 30, checked
    after = {path: anna.call("get", path) for path in reads}
    for path in reads:
        assert after[path] == before[path], path
