"""Photos in the browser (issue 4): upload a profile picture (preview, then save) and see it in
the profile and the top bar; add photos of the day to two days (preview and upload before the
entry is saved), see them on the day pages and in the photo diary; a file that is not a photo is
refused with a message beside the picker."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from helpers import wait
from test_accounts import click, signup, submit, wait_path
from test_days import pick_mood


def write_png(path: Path, width: int, height: int, tint: int) -> Path:
    """A real RGB PNG (a colour gradient), written with the standard library only."""
    rows = bytearray()
    for y in range(height):
        rows.append(0)  # filter: none
        for x in range(width):
            rows += bytes(((x * 255 // width + tint) % 256, (y * 255 // height) % 256, tint % 256))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 6))
                     + chunk(b"IEND", b""))
    return path


def choose_file(driver, input_id: str, path: Path) -> None:
    """Gives a file to a picker's file input (visually hidden behind its label button)."""
    element = driver.find_element(By.ID, input_id)
    element.send_keys(str(path))


def image_loaded(driver, element) -> bool:
    return driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", element)


def wait_image(driver, selector: str):
    """Waits until an image matching the selector is in the page and has loaded; returns it."""
    def loaded(d):
        for element in d.find_elements(By.CSS_SELECTOR, selector):
            if image_loaded(d, element):
                return element
        return False
    return wait(driver, 20).until(loaded)


def attach_day_photo(driver, path: Path) -> str:
    choose_file(driver, "photo-file", path)
    preview = driver.find_element(By.CSS_SELECTOR, ".photo-field [data-photo-preview] img")
    wait(driver).until(lambda d: (preview.get_attribute("src") or "") != "")
    field = driver.find_element(By.CSS_SELECTOR, "input[name=photo]")
    wait(driver, 20).until(lambda d: field.get_attribute("value"))
    return field.get_attribute("value")


def test_profile_picture_and_photos_of_the_day(server, browser, new_user, screenshot, tmp_path):
    user = new_user("photos")
    signup(browser, server, user)

    # Profile picture: choose, see the preview in its circle, save, see it everywhere.
    browser.get(server.url + "/profile")
    assert browser.find_element(By.CSS_SELECTOR, "#avatar-file").get_attribute("accept") == "image/*"
    assert browser.find_element(By.CSS_SELECTOR, "#avatar-file").get_attribute("capture") == "user"
    for hidden in ("[data-photo-preview]", "[data-photo-status]", "[data-photo-confirm]"):
        assert not browser.find_element(By.CSS_SELECTOR, f".avatar-picker {hidden}").is_displayed(), hidden
    choose_file(browser, "avatar-file", write_png(tmp_path / "me.png", 800, 600, 40))
    preview = browser.find_element(By.CSS_SELECTOR, ".avatar-picker [data-photo-preview]")
    wait(browser).until(lambda d: preview.is_displayed())
    assert preview.find_element(By.TAG_NAME, "img").get_attribute("src").startswith("blob:")
    screenshot(browser, "profile-picture-preview")
    click(browser, browser.find_element(By.CSS_SELECTOR, "[data-photo-save]"))
    wait(browser, 20).until(lambda d: "notice=avatar" in d.current_url)
    avatar = wait_image(browser, ".profile-card .avatar img")
    assert "/avatar" in avatar.get_attribute("src")
    assert browser.execute_script("return arguments[0].naturalWidth", avatar) == 256
    assert "profile picture is saved" in browser.find_element(By.CSS_SELECTOR, ".notice").text
    assert not browser.find_element(By.CSS_SELECTOR, ".avatar-picker [data-photo-status]").is_displayed()
    wait_image(browser, ".topbar-avatar img")
    screenshot(browser, "profile-with-picture")

    # A photo of the day on Today: preview and upload before saving, then on the saved entry.
    browser.get(server.url + "/today")
    pick_mood(browser, 5)
    first = attach_day_photo(browser, write_png(tmp_path / "today.png", 1200, 900, 120))
    screenshot(browser, "today-photo-attached")
    submit(browser, "form.day-form")
    photo = wait_image(browser, ".entry-photo img")
    assert first in photo.get_attribute("src")

    # A second photo on yesterday's entry, through the day's edit page.
    yesterday = browser.execute_script(
        "const d = new Date(Date.now() - 86400000); return d.toISOString().slice(0, 10)")
    browser.get(server.url + f"/days/{yesterday}/edit")
    pick_mood(browser, 3)
    second = attach_day_photo(browser, write_png(tmp_path / "yesterday.png", 700, 1000, 200))
    assert second != first
    submit(browser, "form.day-form")
    browser.get(server.url + f"/days/{yesterday}")
    assert second in wait_image(browser, ".entry-photo img").get_attribute("src")

    # The photo diary shows both, newest first, loaded.
    browser.get(server.url + "/photos")
    tiles = browser.find_elements(By.CSS_SELECTOR, ".photo-grid img")
    assert len(tiles) == 2
    assert second in tiles[0].get_attribute("src") and first in tiles[1].get_attribute("src")
    for tile in tiles:
        wait(browser, 20).until(lambda d: image_loaded(d, tile))
    screenshot(browser, "photo-diary")


def test_a_file_that_is_not_a_photo_is_refused_beside_the_picker(server, browser, new_user, tmp_path):
    user = new_user("notphoto")
    signup(browser, server, user)
    fake = tmp_path / "holiday.jpg"
    fake.write_text("this is not a photo at all\n")
    choose_file(browser, "photo-file", fake)
    error = browser.find_element(By.ID, "photo-error")
    wait(browser, 20).until(lambda d: error.is_displayed() and error.text)
    assert "JPEG" in error.text and "HEIC" in error.text
    assert browser.find_element(By.CSS_SELECTOR, "input[name=photo]").get_attribute("value") == ""


def test_another_users_photo_is_not_found_in_the_pages(server, new_user, tmp_path):
    """The web's photo routes: someone else's photo cannot be deleted or seen (404), and an
    upload without a login or with an empty body is refused with a message, never a 500."""
    import json
    import urllib.error
    import urllib.request

    from test_accounts import FormClient, register

    anna, bob = new_user("anna"), new_user("bob")
    register(server, anna)
    register(server, bob)
    owner, other = FormClient(server.url), FormClient(server.url)
    owner.login(anna.username, anna.password)
    other.login(bob.username, bob.password)

    def upload(client, body: bytes):
        request = urllib.request.Request(
            server.url + "/photos/upload", data=body, method="POST",
            headers={"Content-Type": "application/octet-stream", "X-CSRF-Token": client.csrf()})
        return client._open(request)

    status, _headers, body = upload(owner, write_png(tmp_path / "a.png", 200, 150, 10).read_bytes())
    assert status == 201, body
    photo = json.loads(body)

    def status_of(client, path: str) -> int:
        """Only the status: a photo's bytes are not text."""
        try:
            with client.opener.open(server.url + path, timeout=15) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    status, _h, _b = other.post(f"/photos/{photo['id']}/delete", {})
    assert status == 404
    assert status_of(other, photo["small"]) == 404
    assert status_of(owner, photo["small"]) == 200

    status, _h, body = upload(owner, b"")
    assert status == 400 and json.loads(body)["field"] == "file"
    status, _h, body = upload(owner, b"GIF89a not accepted")
    assert status == 415 and "JPEG" in json.loads(body)["message"]
    stranger = FormClient(server.url)
    status, _h, _b = upload(stranger, b"\xff\xd8\xff")
    assert status in (401, 403)

    status, headers, _b = owner.post(f"/photos/{photo['id']}/delete", {})
    assert status == 303
    assert status_of(owner, photo["small"]) == 404
