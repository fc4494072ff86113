"""A photo's original keeps no place (issue 61): a real photo (from the Day One sample export)
given a GPS position, a camera serial number, an owner's name and an XMP packet by exiftool is
uploaded; the original Daybook serves back, read by exiftool again (a reader nobody here wrote),
has none of them, and still has its picture, orientation and camera. The journal's upload offers
the place once."""

from __future__ import annotations

import json
import shutil
import subprocess
import urllib.request
import uuid
import zipfile
from pathlib import Path

import pytest

from test_attack_findings import register

SAMPLE = Path(__file__).resolve().parents[3] / "shared" / "import-samples" / "dayone" / "marcdonald_dev_journal.zip"


def exif(path: Path) -> dict:
    out = subprocess.run(["exiftool", "-json", "-G", "-a", str(path)], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)[0]


@pytest.mark.skipif(not SAMPLE.exists(), reason="shared/import-samples is absent: no real photo to try")
@pytest.mark.skipif(shutil.which("exiftool") is None, reason="exiftool is not installed (make test installs it)")
def test_the_kept_original_has_no_place_and_the_place_is_offered_once(server, new_user, tmp_path):
    photo = tmp_path / "walk.jpeg"
    with zipfile.ZipFile(SAMPLE) as archive:
        photo.write_bytes(archive.read("photos/6b73e9bd86a91d3a7ead09268b0fb266.jpeg"))
    subprocess.run(["exiftool", "-q", "-overwrite_original", "-GPSLatitude=38.7223", "-GPSLatitudeRef=N",
                    "-GPSLongitude=9.1393", "-GPSLongitudeRef=W", "-Make=DaybookCam", "-Model=Test 1",
                    "-SerialNumber=SN-123456", "-OwnerName=Anna Secret", "-XMP:City=Lisbon",
                    "-DateTimeOriginal=2024:04:19 21:55:53", str(photo)], check=True)
    before = exif(photo)
    assert any(key.endswith(":GPSLatitude") for key in before) and "XMP:City" in before

    user = new_user("privacy")
    token = register(server, user)
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"walk.jpeg\"\r\n"
            f"Content-Type: image/jpeg\r\n\r\n").encode() + photo.read_bytes() + f"\r\n--{boundary}--\r\n".encode()
    request = urllib.request.Request(server.url + "/api/v1/media", data=body, method="POST", headers={
        "content-type": f"multipart/form-data; boundary={boundary}", "authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=60) as response:
        media = json.loads(response.read())
    request = urllib.request.Request(f"{server.url}/media/{media['id']}/original",
                                     headers={"authorization": f"Bearer {token}"})
    kept = tmp_path / "kept.jpeg"
    with urllib.request.urlopen(request, timeout=30) as response:
        kept.write_bytes(response.read())
    after = exif(kept)
    # Serial and owner tags may stay as empty values (scrubbed in place); nothing of them is left.
    leaked = sorted(key for key in after if "GPS" in key or key.startswith("XMP")
                    or (("Serial" in key or "Owner" in key) and str(after[key]).strip()))
    assert leaked == [], {key: after[key] for key in leaked}
    assert after.get("EXIF:Make") == "DaybookCam" and after.get("EXIF:Model") == "Test 1"
    assert after.get("EXIF:DateTimeOriginal") == "2024:04:19 21:55:53"
    assert after.get("File:ImageWidth") == before.get("File:ImageWidth")
    assert kept.stat().st_size == photo.stat().st_size, "scrubbed in place, nothing else changed"
    # The journal's upload (the page's) offers the place once, for the entry to take.
    from test_accounts import FormClient
    form = FormClient(server.url)
    form.login(user.username, user.password)
    request = urllib.request.Request(server.url + "/photos/upload", data=photo.read_bytes(), method="POST",
                                     headers={"Content-Type": "application/octet-stream", "X-CSRF-Token": form.csrf()})
    status, _, answer = form._open(request)
    assert status == 201, answer
    offered = json.loads(answer)
    assert (offered["latitude"], offered["longitude"]) == ("38.72230", "-9.13930"), offered
    print(f"exiftool: {len(before)} tags before, {len(after)} after; none of GPS, XMP, serial or owner left")
