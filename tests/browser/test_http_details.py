"""What a client or a spreadsheet reads off Daybook's answers (issue 61): HEAD says the length GET
sends, 405 names HEAD among the methods, the API's download is named as the page's is, and the
export's spreadsheets are quoted, neutralised against formulas, and hold the closet."""

from __future__ import annotations

import csv
import io
import json
import tempfile
import time
import urllib.request
import zipfile
from pathlib import Path

from test_attack_findings import register
from test_crash import call
from test_ownership import multipart
from test_photos import write_png


def raw(server, method: str, path: str, token: str) -> tuple[int, dict, bytes]:
    request = urllib.request.Request(server.url + path, method=method, headers={"authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_head_allow_download_name_and_the_exports_spreadsheets(server, new_user):
    token = register(server, new_user("http"))
    photo = write_png(Path(tempfile.mkdtemp()) / "p.png", 120, 90, tint=30)
    body, content_type = multipart(photo.read_bytes())
    request = urllib.request.Request(server.url + "/api/v1/media", data=body, method="POST",
                                     headers={"content-type": content_type, "authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=30) as response:
        media = json.loads(response.read())
    status, get_headers, get_body = raw(server, "GET", f"/media/{media['id']}/small", token)
    status, head_headers, head_body = raw(server, "HEAD", f"/media/{media['id']}/small", token)
    assert status == 200 and head_body == b""
    assert int(head_headers["Content-Length"]) == len(get_body) == int(get_headers["Content-Length"])

    status, headers, _ = raw(server, "DELETE", "/api/v1/journal/public", token)
    assert status == 405 and "HEAD" in headers["Allow"].split(", "), headers

    # Something of every kind the spreadsheets hold, formulas among the text.
    category = call(server.url, "GET", "/closet/categories", token)[1]["items"][0]["id"]
    status, item = call(server.url, "POST", "/closet/items", token,
                        {"name": "=HYPERLINK(\"http://evil.example\",\"coat\")", "categoryId": category, "price": 49.9})
    assert status == 201, item
    status, entry = call(server.url, "POST", "/journal", token, {"title": "@SUM(1+1)", "body": "-2+3",
                                                                 "latitude": -9.1393, "longitude": 38.7223})
    assert status == 201, entry
    status, export = call(server.url, "POST", "/exports", token, {})
    assert status == 202, export
    for _ in range(100):
        job = call(server.url, "GET", f"/exports/{export['id']}", token)[1]
        if job["status"] == "done":
            break
        time.sleep(0.2)
    status, headers, data = raw(server, "GET", f"/api/v1/exports/{export['id']}/download", token)
    assert status == 200
    assert headers["Content-Disposition"] == f'attachment; filename="{job["fileName"]}"', headers

    archive = zipfile.ZipFile(io.BytesIO(data))
    closet_csv = archive.read("closet.csv").decode("utf-8-sig")
    assert closet_csv.startswith('"name","category",'), closet_csv[:80]
    rows = list(csv.DictReader(io.StringIO(closet_csv)))
    assert rows[0]["name"].startswith("'=HYPERLINK") and rows[0]["price"] == "49.90", rows
    journal = list(csv.DictReader(io.StringIO(archive.read("journal.csv").decode("utf-8-sig"))))
    assert journal[0]["title"] == "'@SUM(1+1)" and journal[0]["body"] == "'-2+3", journal
    assert journal[0]["latitude"] == "-9.1393", journal
    document = json.loads(archive.read("daybook.json"))
    assert list(document)[:3] == ["format", "version", "exportedAt"]
    item_id = document["closet"]["items"][0]["id"]
    assert item_id == item["id"] == item_id.lower()
    assert document["closet"]["items"][0]["name"].startswith("=HYPERLINK"), "the JSON keeps the text exactly"
    assert "closet.csv" in archive.read("README.txt").decode()
