"""Another user's data is invisible (issue 20): an ownership matrix built from the OpenAPI
document itself, so an operation added later is covered without anyone remembering to add it.

Anna makes one of everything. Then, for every operation of the contract:
- without a token, anything but the public operations is 401;
- as Bob, an operation whose path names one of Anna's ids is 404, whatever the method;
- as Bob, a body that refers to Anna's ids (a photo, activities, people) is refused (4xx);
and at the end everything of Anna's reads back exactly as before.
"""

from __future__ import annotations

import datetime
import json
import tempfile
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import yaml

from helpers import new_user
from test_photos import write_png

DOCUMENT = Path(__file__).resolve().parents[2] / "Sources" / "DaybookAPI" / "openapi.yaml"
METHODS = ("get", "post", "put", "patch", "delete")


class Client:
    def __init__(self, server, token: str | None = None):
        self.base = server.url + "/api/v1"
        self.token = token

    def call(self, method: str, path: str, body=None, raw: bytes | None = None, content_type: str | None = None):
        headers = {}
        data = raw
        if body is not None:
            data = json.dumps(body).encode()
            content_type = "application/json"
        if content_type:
            headers["content-type"] = content_type
        if self.token:
            headers["authorization"] = f"Bearer {self.token}"
        request = urllib.request.Request(self.base + path, data=data, method=method.upper(), headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                text = response.read()
                return response.status, json.loads(text) if text else None
        except urllib.error.HTTPError as error:
            text = error.read()
            try:
                return error.code, json.loads(text) if text else None
            except ValueError:
                return error.code, text.decode(errors="replace")


def register(server, prefix: str) -> Client:
    user = new_user(prefix)
    status, body = Client(server).call(
        "post", "/auth/register", {"email": user.email, "username": user.username, "password": user.password})
    assert status == 201, body
    return Client(server, body["token"])


def multipart(data: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.png\"\r\n"
            f"Content-Type: image/png\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def anna_id(client: Client) -> str:
    return client.call("get", "/me")[1]["id"]


def carol_name(client: Client) -> str:
    return client.call("get", "/me")[1]["username"]


def befriend(asker: Client, friend: Client) -> None:
    status, asked = asker.call("post", "/friend-requests", {"username": carol_name(friend)})
    assert status == 201, asked
    status, answer = friend.call("post", f"/friend-requests/{asked['id']}/accept", {})
    assert status == 204, answer


# ----------------------------------------------------------------------------- the document


class Document:
    def __init__(self):
        self.spec = yaml.safe_load(DOCUMENT.read_text())

    def resolve(self, node):
        while isinstance(node, dict) and "$ref" in node:
            target = self.spec
            for part in node["$ref"].lstrip("#/").split("/"):
                target = target[part]
            node = target
        return node

    def operations(self):
        for path, item in self.spec["paths"].items():
            for method in METHODS:
                if method in item:
                    op = item[method]
                    parameters = [self.resolve(p) for p in item.get("parameters", []) + op.get("parameters", [])]
                    yield method, path, op, parameters

    def example(self, schema, ids=None):
        """A small valid value for a schema: examples, enums, required fields only."""
        schema = self.resolve(schema)
        for key in ("allOf", "oneOf", "anyOf"):
            if key in schema:
                return self.example(schema[key][0], ids)
        if "example" in schema:
            return schema["example"]
        if schema.get("examples"):
            return schema["examples"][0]
        if "enum" in schema:
            return schema["enum"][0]
        kind = schema.get("type")
        if isinstance(kind, list):
            kind = next(k for k in kind if k != "null")
        if kind == "object" or "properties" in schema:
            return {name: self.example(schema["properties"][name], ids) for name in schema.get("required", [])}
        if kind == "array":
            count = schema.get("minItems", 0)
            return [self.example(schema["items"], ids) for _ in range(count)]
        if kind == "integer":
            return schema.get("minimum", 1)
        if kind == "number":
            return schema.get("minimum", 1)
        if kind == "boolean":
            return False
        if schema.get("format") == "date-time":
            return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        if schema.get("format") == "uuid":
            return str(uuid.uuid4())
        return "x" * max(1, schema.get("minLength", 1)) if schema.get("minLength") else "text"

    def body_schema(self, op):
        body = op.get("requestBody")
        if not body:
            return None, None
        content = self.resolve(body)["content"]
        if "application/json" in content:
            return "json", content["application/json"]["schema"]
        return "multipart", None

    def id_fields(self, schema, prefix=""):
        """Body properties that refer to records by id: `photoId`, `activityIds`, …"""
        schema = self.resolve(schema)
        for name, prop in (schema.get("properties") or {}).items():
            if name.endswith("Id") or name.endswith("Ids"):
                yield name


# ----------------------------------------------------------------------------- the matrix


def test_every_operation_refuses_another_users_ids_and_anonymous_callers(server):
    doc = Document()
    anna = register(server, "anna")
    bob = register(server, "bob")
    anonymous = Client(server)
    today = datetime.date.today().isoformat()

    # Anna's things, one of each.
    photo = write_png(Path(tempfile.mkdtemp()) / "anna.png", 64, 48, tint=40)
    raw, content_type = multipart(photo.read_bytes())
    status, media = anna.call("post", "/media", raw=raw, content_type=content_type)
    assert status == 201, media
    status, feeling = anna.call("post", "/feelings", {"name": "anna's feeling", "emoji": "🫧"})
    assert status == 201, feeling
    status, activity = anna.call("post", "/activities", {"name": "anna's activity", "emoji": "🪁"})
    assert status == 201, activity
    status, person = anna.call("post", "/people", {"name": "Anna's friend"})
    assert status in (200, 201), person
    status, day = anna.call("put", f"/days/{today}", {"mood": 4, "note": "Anna's day", "photoId": media["id"]})
    assert status in (200, 201), day
    status, checkin = anna.call("post", "/checkins", {"feelingId": feeling["id"], "activityId": activity["id"],
                                                      "personIds": [person["id"]], "note": "Anna's moment"})
    assert status == 201, checkin
    status, entry = anna.call("post", "/journal", {"title": "Anna's secret", "body": "private",
                                                   "photoIds": [media["id"]], "tags": ["annas"]})
    assert status == 201, entry
    status, sessions = anna.call("get", "/me/sessions")
    session_id = sessions["items"][0]["id"]
    status, notification = anna.call("post", "/notifications/test", {})
    assert status == 201, notification
    from push_service import Subscriber, b64url
    device_key = Subscriber()
    status, device = anna.call("post", "/push/subscriptions", {
        "endpoint": "https://push.example/anna", "deviceName": "Anna's phone",
        "keys": {"p256dh": b64url(device_key.public_bytes), "auth": b64url(device_key.auth)}})
    assert status == 201, device

    status, categories = anna.call("get", "/closet/categories")
    category = categories["items"][0]
    status, item = anna.call("post", "/closet/items", {"name": "Anna's coat", "categoryId": category["id"],
                                                      "photoId": media["id"], "price": 120})
    assert status == 201, item
    status, outfit = anna.call("post", "/outfits", {"name": "Anna's outfit", "itemIds": [item["id"]]})
    assert status == 201, outfit
    status, worn = anna.call("put", f"/outfit-calendar/{today}", {"outfitId": outfit["id"], "note": "Anna's day"})
    assert status == 200, worn

    status, export = anna.call("post", "/exports", {})
    assert status == 202, export
    boundary = uuid.uuid4().hex
    csv = b"full_date,date,weekday,time,mood,activities,note_title,note\n2020-01-01,x,y,10:00,rad,,,Anna's import\n"
    raw = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"kind\"\r\n\r\ndaylio-csv\r\n"
           f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"d.csv\"\r\n\r\n").encode()
    raw += csv + f"\r\n--{boundary}--\r\n".encode()
    status, imported = anna.call("post", "/imports", raw=raw, content_type=f"multipart/form-data; boundary={boundary}")
    assert status == 201, imported

    carol = register(server, "carol")
    befriend(anna, carol)
    status, shared = anna.call("post", "/shares", {"itemIds": [item["id"]], "recipients": [carol_name(carol)],
                                                   "message": "Anna's share"})
    assert status == 201, shared
    dave = register(server, "dave")
    status, pending = anna.call("post", "/friend-requests", {"username": carol_name(dave)})
    assert status == 201, pending

    owned = {
        "username": carol_name(carol), "requestId": pending["id"], "shareId": shared["items"][0]["id"],
        "itemId": item["id"], "categoryId": category["id"], "outfitId": outfit["id"], "itemIds": [item["id"]],
        "mediaId": media["id"], "feelingId": feeling["id"], "activityId": activity["id"],
        "personId": person["id"], "checkinId": checkin["id"], "entryId": entry["id"],
        "sessionId": session_id, "date": today, "notificationId": notification["id"],
        "subscriptionId": device["id"], "tag": "annas", "name": "week", "exportId": export["id"],
        "importId": imported["id"],
        # Ids inside bodies.
        "photoId": media["id"], "photoIds": [media["id"]], "avatarMediaId": media["id"],
        "activityIds": [activity["id"]], "personIds": [person["id"]], "feelingIds": [feeling["id"]],
    }
    reads = {  # how each of Anna's things reads back, to compare at the end
        f"/media/{media['id']}", f"/checkins/{checkin['id']}", f"/journal/{entry['id']}", f"/days/{today}",
        "/feelings?includeArchived=true", "/activities?includeArchived=true", "/people?includeArchived=true",
        "/me/sessions", "/me", "/notifications", "/push/subscriptions", "/reminders",
        f"/closet/items/{item['id']}", f"/outfits/{outfit['id']}", f"/outfit-calendar/{today}", "/closet/categories",
        "/friends", "/friend-requests", "/blocks", "/shares?direction=sent", "/journal/tags",
        f"/imports/{imported['id']}",
    }
    before = {path: anna.call("get", path) for path in reads}

    checked = 0
    for method, path, op, parameters in doc.operations():
        public = op.get("security") == []
        path_params = [p for p in parameters if p.get("in") == "path"]
        names = [p["name"] for p in path_params]
        missing = [n for n in names if n not in owned]
        assert not missing, f"{method.upper()} {path}: give Anna a record for {missing} in this test"
        kind, schema = doc.body_schema(op)
        body = doc.example(schema) if kind == "json" else None
        concrete = path
        for name in names:
            concrete = concrete.replace("{" + name + "}", owned[name])
        label = f"{method.upper()} {path}"

        if not public:
            status, answer = anonymous.call(method, concrete, body)
            assert status == 401, f"{label} anonymously: {status} {answer}"

        # Dates are not secrets: Bob may keep his own day of any date. What his calls must not do
        # is touch Anna's (checked at the end). A chart's name is not one either: Bob's chart of
        # that name draws his own days (APIInsightsTests checks it counts none of Anna's).
        if "users" in op.get("tags", []):
            # Public profiles are public by design; that they show public entries only is
            # tested beside them (APIJournalFinishedTests, test_journal_finished.py).
            status, answer = bob.call(method, concrete, body)
            assert status == 200, f"{label} as Bob: {status} {answer}"
        elif path_params and not set(names) <= {"date", "name"}:
            status, answer = bob.call(method, concrete, body)
            assert status == 404, f"{label} as Bob with Anna's ids: {status} {answer}"
            checked += 1

        if kind == "json":
            for field in doc.id_fields(schema):
                if field not in owned:
                    continue
                tampered = dict(body or {})
                tampered[field] = owned[field]
                own_path = path
                for name in names:
                    own_path = own_path.replace("{" + name + "}", today if name == "date" else str(uuid.uuid4()))
                status, answer = bob.call(method, own_path, tampered)
                assert 400 <= status < 500, f"{label} as Bob with Anna's {field} in the body: {status} {answer}"
                checked += 1

    assert checked >= 20, checked
    print(f"ownership matrix: {checked} requests as Bob")
    after = {path: anna.call("get", path) for path in reads}
    for path in reads:
        if path in ("/me/sessions", "/reminders"):
            continue  # last-seen times move; the next reminder times move with the clock
        assert after[path] == before[path], path


# ----------------------------------------------------------------------------- owner, friend, stranger


def test_a_friend_sees_exactly_what_was_shared_until_withdrawn_unfriended_or_blocked(server):
    """Issue 15: Anna (owner) shares with Carol (friend); Bob (stranger) sees none of it. After a
    withdrawal, an unfriending and a block, Carol sees nothing either: every read 404, photos too."""
    anna, carol, bob = register(server, "anna"), register(server, "carol"), register(server, "bob")
    befriend(anna, carol)
    photo = write_png(Path(tempfile.mkdtemp()) / "coat.png", 64, 48, tint=90)
    raw, content_type = multipart(photo.read_bytes())
    media = anna.call("post", "/media", raw=raw, content_type=content_type)[1]
    hidden = anna.call("post", "/media", raw=raw, content_type=content_type)[1]
    category = anna.call("get", "/closet/categories")[1]["items"][0]["id"]

    def item(name, photo_id=None):
        body = {"name": name, "categoryId": category} | ({"photoId": photo_id} if photo_id else {})
        status, made = anna.call("post", "/closet/items", body)
        assert status == 201, made
        return made["id"]

    coat, scarf, secret = item("Coat", media["id"]), item("Scarf"), item("Secret", hidden["id"])
    outfit = anna.call("post", "/outfits", {"name": "Walk", "itemIds": [scarf]})[1]["id"]
    entry = anna.call("post", "/journal", {"body": "For friends", "visibility": "friends"})[1]["id"]
    private_entry = anna.call("post", "/journal", {"body": "Mine"})[1]["id"]

    def share(**body):
        status, made = anna.call("post", "/shares", {"recipients": [carol_name(carol)], **body})
        assert status == 201, made
        return made["items"][0]["id"]

    def reads(share_ids):
        paths = [f"/shared/items/{coat}", f"/shared/items/{scarf}", f"/shared/outfits/{outfit}",
                 f"/journal/{entry}"] + [f"/shares/{s}" for s in share_ids]
        return paths

    def photo_status(client, media_id):
        request = urllib.request.Request(f"{server.url}/media/{media_id}/small",
                                         headers={"authorization": f"Bearer {client.token}"})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    def assert_sees(client, paths, seen: bool):
        for path in paths:
            status, answer = client.call("get", path)
            assert status == (200 if seen else 404), f"{path}: {status} {answer}"

    def assert_never(client):
        for path in (f"/shared/items/{secret}", f"/closet/items/{coat}", f"/outfits/{outfit}",
                     f"/journal/{private_entry}"):
            status, answer = client.call("get", path)
            assert status == 404, f"{path}: {status} {answer}"
        assert photo_status(client, hidden["id"]) == 404

    for ending in ("withdraw", "unfriend", "block"):
        shares = [share(itemIds=[coat], message="Warm?"), share(outfitId=outfit)]
        assert_sees(carol, reads(shares), True)
        assert photo_status(carol, media["id"]) == 200
        assert_never(carol)
        assert_sees(bob, reads(shares), False)
        assert photo_status(bob, media["id"]) == 404
        assert_never(bob)
        received = carol.call("get", "/shares")[1]["items"]
        assert sorted(r["name"] for r in received) == ["Coat", "Walk"], received
        assert bob.call("get", "/shares")[1]["items"] == []

        if ending == "withdraw":
            for s in shares:
                assert anna.call("delete", f"/shares/{s}")[0] == 204
            assert_sees(carol, [f"/shared/items/{coat}", f"/shared/outfits/{outfit}"] + [f"/shares/{s}" for s in shares],
                        False)
        elif ending == "unfriend":
            assert carol.call("delete", f"/friends/{carol_name(anna)}")[0] == 204
            assert_sees(carol, reads(shares), False)
            befriend(carol, anna)
        else:
            assert carol.call("post", "/blocks", {"username": carol_name(anna)})[0] == 201
            assert_sees(carol, reads(shares), False)
            status, answer = anna.call("post", "/shares", {"itemIds": [coat], "recipients": [carol_name(carol)]})
            assert status == 422 and answer["errors"][0]["field"] == "recipients", answer
        assert photo_status(carol, media["id"]) == 404
        assert carol.call("get", "/shares")[1]["items"] == []
