"""The journal in the browser (seed 001): a profile picture in its circle; an entry with two
photos chosen at once through the picker (previews, uploads, reordering), seen on the entry page in
a row that scrolls sideways and as the feed card's cover; an edit that removes a photo; the
message beside the body of an empty entry; a public entry in another user's Explore feed; someone
else's private entry is a 404 page."""

from __future__ import annotations

import re

from selenium.webdriver.common.by import By

from helpers import wait
from test_accounts import FormClient, click, field_error, fill, path_of, signup, submit, wait_path
from test_photos import choose_file, image_loaded, wait_image, write_png

ENTRY_PATH = re.compile(r"^/journal/([0-9a-f-]{36})$")


def set_profile_picture(driver, server, path) -> None:
    """Chooses a profile picture on the profile page, saves it, and waits until it shows."""
    driver.get(server.url + "/profile")
    choose_file(driver, "avatar-file", path)
    click(driver, driver.find_element(By.CSS_SELECTOR, "[data-photo-save]"))
    wait(driver, 20).until(lambda d: "notice=avatar" in d.current_url)
    wait_image(driver, ".profile-card .avatar img")


def photo_items(driver):
    return driver.find_elements(By.CSS_SELECTOR, "[data-photo-strip] [data-photo-item]")


def chosen_ids(driver) -> list[str]:
    """The photo ids the form will post, in order."""
    return [field.get_attribute("value") for field in driver.find_elements(By.CSS_SELECTOR, "input[name=photoIds]")]


def add_photos(driver, paths) -> list[str]:
    """Chooses several files at once in the picker; waits for their previews and uploads."""
    before = len(photo_items(driver))
    driver.find_element(By.ID, "photos-file").send_keys("\n".join(str(p) for p in paths))
    wait(driver).until(lambda d: len(photo_items(d)) == before + len(paths))
    for item in photo_items(driver)[before:]:
        preview = item.find_element(By.TAG_NAME, "img")
        assert preview.get_attribute("src").startswith("blob:")
        wait(driver).until(lambda d: image_loaded(d, preview))
    wait(driver, 30).until(lambda d: all(chosen_ids(d)))
    assert not driver.find_element(By.ID, "photos-error").is_displayed()
    return chosen_ids(driver)[before:]


def entry_id(driver) -> str:
    match = ENTRY_PATH.match(path_of(driver))
    assert match, driver.current_url
    return match.group(1)


def row_photos(driver):
    return driver.find_elements(By.CSS_SELECTOR, ".photo-row img")


def wait_all_loaded(driver, images) -> None:
    for image in images:
        wait(driver, 20).until(lambda d: image_loaded(d, image))


def fetch_status(driver, path: str) -> int:
    """The status of a GET made by the page itself (with its cookies)."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0], {cache: 'no-store'}).then(r => done(r.status), () => done(-1));", path)


def test_journal_entries_with_photos_public_feed_and_privacy(server, make_browser, new_user, screenshot, tmp_path):
    anna_user, bob_user = new_user("anna"), new_user("bob")
    anna = make_browser()
    signup(anna, server, anna_user, display_name="Anna Lind")

    # A profile picture, in its circle in the profile and the top bar.
    set_profile_picture(anna, server, write_png(tmp_path / "anna.png", 600, 600, 30))
    top = wait_image(anna, ".topbar-avatar img")
    assert anna.execute_script("return getComputedStyle(arguments[0]).borderRadius", top) == "50%"

    # The journal starts empty and says how to begin.
    anna.get(server.url + "/journal")
    assert anna.find_element(By.CSS_SELECTOR, '.tabs a[aria-current="page"]').text == "Journal"
    assert "journal is empty" in anna.find_element(By.CSS_SELECTOR, ".journal-empty").text
    screenshot(anna, "journal-empty")
    click(anna, anna.find_element(By.LINK_TEXT, "New entry"))
    wait_path(anna, "/journal/new")

    # An empty entry: the message is beside the body field.
    picker = anna.find_element(By.ID, "photos-file")
    assert picker.get_attribute("accept") == "image/*" and picker.get_attribute("multiple") == "true"
    assert anna.find_element(By.ID, "photos-camera").get_attribute("capture") == "environment"
    submit(anna, "form.journal-form")
    assert "Write something or add a photo" in field_error(anna, "body")
    screenshot(anna, "journal-form-empty-error")

    # Write an entry with two photos chosen at once; both show, then the second is moved first.
    fill(anna, "title", "A day in Lisbon")
    fill(anna, "body", "Trams up the hill, then custard tarts.\nThe light at dusk was golden.")
    fill(anna, "tags", "travel, #Food")
    fill(anna, "location", "Lisbon, Portugal")
    first, second = add_photos(anna, [write_png(tmp_path / "tram.png", 1200, 900, 60),
                                      write_png(tmp_path / "tarts.png", 900, 1200, 170)])
    assert first != second
    items = photo_items(anna)
    assert "is-cover" in items[0].get_attribute("class")
    assert items[0].find_element(By.CSS_SELECTOR, '[data-photo-move="-1"]').get_attribute("disabled")
    screenshot(anna, "journal-form-two-photos")
    click(anna, items[1].find_element(By.CSS_SELECTOR, '[data-photo-move="-1"]'))
    assert chosen_ids(anna) == [second, first]
    assert "is-cover" in photo_items(anna)[0].get_attribute("class")
    submit(anna, "form.journal-form")

    # The entry: both photos, loaded, in the new order, in a row that scrolls sideways.
    lisbon = entry_id(anna)
    assert anna.find_element(By.CSS_SELECTOR, "main h1").text == "A day in Lisbon"
    images = row_photos(anna)
    assert len(images) == 2
    assert second in images[0].get_attribute("src") and first in images[1].get_attribute("src")
    assert all("/large" in image.get_attribute("src") for image in images)
    wait_all_loaded(anna, images)
    row = anna.find_element(By.CSS_SELECTOR, ".photo-row")
    style = anna.execute_script(
        "const s = getComputedStyle(arguments[0]); return [s.overflowX, s.scrollSnapType]", row)
    assert style[0] == "auto" and style[1].startswith("x")
    assert anna.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", row)
    text = anna.find_element(By.CSS_SELECTOR, ".journal-entry").text
    assert "Lisbon, Portugal" in text and "#travel" in text and "#food" in text and "Private" in text
    assert "custard tarts" in text
    screenshot(anna, "journal-entry")
    anna.execute_script("arguments[0].scrollLeft = arguments[0].scrollWidth", row)
    wait(anna).until(lambda d: d.execute_script("return arguments[0].scrollLeft", row) > 0)
    screenshot(anna, "journal-entry-scrolled", sizes=((390, 844),))

    # A second, private entry without photos.
    anna.get(server.url + "/journal/new")
    fill(anna, "body", "Quiet thoughts nobody else should read.\nMore of them.")
    fill(anna, "tags", "private")
    submit(anna, "form.journal-form")
    secret = entry_id(anna)
    assert not row_photos(anna)

    # The feed: newest first; the Lisbon card's cover is its first photo; tags filter it.
    anna.get(server.url + "/journal")
    cards = anna.find_elements(By.CSS_SELECTOR, ".journal-card")
    assert len(cards) == 2
    assert "Quiet thoughts" in cards[0].text and "A day in Lisbon" in cards[1].text
    cover = cards[1].find_element(By.CSS_SELECTOR, ".journal-cover img")
    assert second in cover.get_attribute("src")
    wait(anna, 20).until(lambda d: image_loaded(d, cover))
    assert "Public" not in cards[1].text and "Lisbon, Portugal" in cards[1].text
    screenshot(anna, "journal-feed")
    click(anna, cards[1].find_element(By.LINK_TEXT, "#travel"))
    wait(anna).until(lambda d: "tag=travel" in d.current_url)
    cards = anna.find_elements(By.CSS_SELECTOR, ".journal-card")
    assert len(cards) == 1 and "A day in Lisbon" in cards[0].text
    assert anna.find_element(By.CSS_SELECTOR, '.tag-filter a[aria-current="page"]').text == "#travel"

    # Edit: remove the cover photo; the entry keeps one, and the removed photo is gone.
    anna.get(server.url + f"/journal/{lisbon}/edit")
    assert chosen_ids(anna) == [second, first]
    assert anna.find_element(By.ID, "title").get_attribute("value") == "A day in Lisbon"
    assert anna.find_element(By.ID, "tags").get_attribute("value") == "travel, food"
    wait_all_loaded(anna, anna.find_elements(By.CSS_SELECTOR, "[data-photo-strip] img"))
    screenshot(anna, "journal-edit")
    click(anna, photo_items(anna)[0].find_element(By.CSS_SELECTOR, "[data-photo-drop]"))
    assert chosen_ids(anna) == [first]
    submit(anna, "form.journal-form")
    wait_path(anna, f"/journal/{lisbon}")
    images = row_photos(anna)
    assert len(images) == 1 and first in images[0].get_attribute("src")
    wait_all_loaded(anna, images)
    assert fetch_status(anna, f"/media/{second}/small") == 404

    # An edit that is wrong keeps what was typed and the photos chosen.
    anna.get(server.url + f"/journal/{lisbon}/edit")
    fill(anna, "tags", " ".join(f"t{n}" for n in range(21)))
    submit(anna, "form.journal-form")
    assert "at most 20 tags" in field_error(anna, "tags")
    assert anna.find_element(By.ID, "title").get_attribute("value") == "A day in Lisbon"
    assert chosen_ids(anna) == [first]
    assert anna.find_element(By.ID, "body").get_attribute("value").startswith("Trams up the hill")

    # Make it public.
    fill(anna, "tags", "travel, food")
    click(anna, anna.find_element(By.CSS_SELECTOR, "input[name=visibility][value=public]"))
    submit(anna, "form.journal-form")
    wait_path(anna, f"/journal/{lisbon}")
    assert "Public" in anna.find_element(By.CSS_SELECTOR, ".journal-entry .journal-meta").text

    # Another user sees it in Explore, with its photo and its author, and can read but not edit it.
    bob = make_browser()
    signup(bob, server, bob_user)
    bob.get(server.url + "/journal")
    click(bob, bob.find_element(By.CSS_SELECTOR, ".head-actions a[href='/explore']"))
    wait_path(bob, "/explore")
    cards = bob.find_elements(By.CSS_SELECTOR, ".journal-card")
    assert len(cards) == 1 and "A day in Lisbon" in cards[0].text
    assert "Anna Lind" in cards[0].text and "@" + anna_user.username in cards[0].text
    assert "Quiet thoughts" not in bob.page_source
    cover = cards[0].find_element(By.CSS_SELECTOR, ".journal-cover img")
    assert first in cover.get_attribute("src")
    wait(bob, 20).until(lambda d: image_loaded(d, cover))
    screenshot(bob, "journal-explore")
    click(bob, cards[0].find_element(By.CSS_SELECTOR, ".journal-card-title a"))
    wait_path(bob, f"/journal/{lisbon}")
    wait_all_loaded(bob, row_photos(bob))
    author = bob.find_element(By.CSS_SELECTOR, ".journal-entry .author")
    assert "Anna Lind" in author.text
    assert bob.execute_script(
        "return getComputedStyle(arguments[0]).borderRadius", author.find_element(By.CSS_SELECTOR, ".avatar")) == "50%"
    assert not bob.find_elements(By.LINK_TEXT, "Edit")
    assert not bob.find_elements(By.CSS_SELECTOR, f"form[action='/journal/{lisbon}/delete']")
    screenshot(bob, "journal-entry-someone-elses")

    # Anna's private entry is not found for him, and neither are its edit form or an unknown id.
    for path in (f"/journal/{secret}", f"/journal/{secret}/edit", f"/journal/{lisbon}/edit",
                 "/journal/00000000-0000-4000-8000-000000000000", "/journal/not-an-id"):
        bob.get(server.url + path)
        assert bob.find_element(By.CSS_SELECTOR, "main h1").text == "Not found", path
        assert "Quiet thoughts" not in bob.page_source
    assert fetch_status(bob, f"/journal/{secret}") == 404
    screenshot(bob, "journal-not-found")

    # Anna deletes the private entry after confirming.
    anna.get(server.url + f"/journal/{secret}")
    click(anna, anna.find_element(By.CSS_SELECTOR, "details.confirm summary"))
    submit(anna, f"form[action='/journal/{secret}/delete']")
    wait_path(anna, "/journal")
    assert "deleted" in anna.find_element(By.CSS_SELECTOR, ".notice").text
    assert len(anna.find_elements(By.CSS_SELECTOR, ".journal-card")) == 1


def test_someone_elses_entries_cannot_be_changed(server, new_user):
    """Edits and deletes of another user's entry, public or not, are 404 and change nothing;
    forms need a login and the CSRF token."""
    from test_accounts import register

    anna, bob = new_user("anna"), new_user("bob")
    register(server, anna)
    register(server, bob)
    owner, other = FormClient(server.url), FormClient(server.url)
    owner.login(anna.username, anna.password)
    other.login(bob.username, bob.password)

    status, headers, _ = owner.post("/journal/new", {"title": "Mine", "body": "Words", "visibility": "public"})
    assert status == 303
    path = headers["Location"].split("?")[0]
    assert ENTRY_PATH.match(path)

    assert other.get(path)[0] == 200
    assert other.post(path + "/edit", {"title": "Taken", "body": "Over"})[0] == 404
    assert other.post(path + "/delete", {})[0] == 404
    status, _, body = owner.get(path)
    assert status == 200 and "Mine" in body and "Taken" not in body

    stranger = FormClient(server.url)
    status, headers, _ = stranger.get(path)
    assert status in (302, 303) and headers["Location"].startswith("/login")
    status, _, body = owner.post("/journal/new", {"title": "", "body": ""})
    assert status == 422 and "Write something or add a photo" in body
