"""Days and check-ins in the browser (issue 3): log today's mood from Today, replace it, open it
from the calendar, edit, delete; add a check-in with a new person typed on the spot; the
check-in log shows it. Also: errors beside their fields, future dates, other users' data."""

from __future__ import annotations

import re

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from helpers import wait
from test_accounts import FormClient, click, field_error, fill, gone, register, signup, submit, wait_path


def pick_mood(driver, value: int) -> None:
    click(driver, driver.find_element(By.CSS_SELECTOR, f"label.mood-option.mood-{value}"))
    assert driver.find_element(By.CSS_SELECTOR, f"input[name=mood][value='{value}']").is_selected()


def toggle_chip(driver, form_selector: str, name: str) -> None:
    chips = driver.find_elements(By.CSS_SELECTOR, f"{form_selector} label.chip")
    matches = [c for c in chips if re.sub(r"[^a-z ]", "", c.text.lower()).strip() == name]
    assert matches, f"no chip {name!r} among {[c.text for c in chips]}"
    click(driver, matches[0])


def save(driver, form_selector: str) -> None:
    submit(driver, form_selector)


def today_date(driver) -> str:
    """Today's date in the user's zone, as the page's day form or edit link carries it."""
    links = driver.find_elements(By.CSS_SELECTOR, "a[href^='/days/'][href$='/edit']")
    if links:
        return re.search(r"/days/(\d{4}-\d{2}-\d{2})/edit", links[0].get_attribute("href")).group(1)
    return driver.execute_script(
        "const d = new Date(); return d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0')"
        " + '-' + String(d.getDate()).padStart(2, '0');")


def test_log_replace_open_from_calendar_edit_delete(server, browser, new_user, screenshot):
    user = new_user("days")
    signup(browser, server, user)

    # Nothing picked: the mood is named beside its picker, and what was typed stays.
    fill(browser, "note", "Forgot the mood")
    save(browser, "form.day-form")
    wait(browser).until(EC.presence_of_element_located((By.ID, "mood-error")))
    assert "awful" in field_error(browser, "mood")
    assert browser.find_element(By.ID, "note").get_attribute("value") == "Forgot the mood"

    # A bad song link is named beside the link field.
    pick_mood(browser, 4)
    fill(browser, "songLink", "javascript:alert(1)")
    save(browser, "form.day-form")
    wait(browser).until(EC.presence_of_element_located((By.ID, "songLink-error")))
    assert "http" in field_error(browser, "songLink")
    screenshot(browser, "today-form-errors")

    # Log today: a good day with a walk.
    pick_mood(browser, 4)
    toggle_chip(browser, "form.day-form", "walk")
    fill(browser, "note", "Long walk by the sea.\nThen tea.")
    fill(browser, "thoughts", "Quiet mind.")
    fill(browser, "gratitude-1", "Sunshine")
    fill(browser, "gratitude-2", "Good tea")
    fill(browser, "answer", "The light on the water.")
    fill(browser, "songTitle", "Here Comes the Sun")
    fill(browser, "songArtist", "The Beatles")
    fill(browser, "songLink", "https://example.com/song")
    save(browser, "form.day-form")
    wait(browser).until(lambda d: "notice=saved" in d.current_url)
    entry = browser.find_element(By.CSS_SELECTOR, ".entry")
    assert "good" in entry.text.lower() and "Long walk by the sea." in entry.text and "walk" in entry.text
    assert "Sunshine" in entry.text and "The light on the water." in entry.text
    assert "Here Comes the Sun" in entry.text
    screenshot(browser, "today-saved")
    date = today_date(browser)

    # Replace it: the edit page says so before saving.
    click(browser, browser.find_element(By.CSS_SELECTOR, f"a[href='/days/{date}/edit']"))
    wait_path(browser, f"/days/{date}/edit")
    notice = browser.find_element(By.CSS_SELECTOR, ".notice-warn").text
    assert notice.startswith("This will replace the entry you saved for")
    assert browser.find_element(By.CSS_SELECTOR, "input[name=mood][value='4']").is_selected()
    screenshot(browser, "day-edit")
    pick_mood(browser, 5)
    fill(browser, "note", "Even better in the evening.")
    save(browser, "form.day-form")
    wait_path(browser, f"/days/{date}")
    assert "rad" in browser.find_element(By.CSS_SELECTOR, ".entry-mood").text.lower()
    assert "Even better in the evening." in browser.find_element(By.CSS_SELECTOR, ".entry").text

    # Open it from the calendar: the day's cell carries the mood's colour.
    browser.get(server.url + "/calendar")
    cell = browser.find_element(By.CSS_SELECTOR, f"td a[href='/days/{date}']")
    td = cell.find_element(By.XPATH, "..")
    assert "mood-5" in td.get_attribute("class")
    screenshot(browser, "calendar")
    click(browser, cell)
    wait_path(browser, f"/days/{date}")
    screenshot(browser, "day")

    # Edit from the day page.
    click(browser, browser.find_element(By.LINK_TEXT, "Edit"))
    wait_path(browser, f"/days/{date}/edit")
    pick_mood(browser, 3)
    fill(browser, "note", "On second thought, just fine.")
    save(browser, "form.day-form")
    wait_path(browser, f"/days/{date}")
    assert "meh" in browser.find_element(By.CSS_SELECTOR, ".entry-mood").text.lower()

    # The moods list shows it; then delete, which asks first.
    browser.get(server.url + "/days")
    teaser = browser.find_element(By.CSS_SELECTOR, f"a.teaser[href='/days/{date}']")
    assert "On second thought, just fine." in teaser.text
    screenshot(browser, "days")
    click(browser, teaser)
    wait_path(browser, f"/days/{date}")
    confirm = browser.find_element(By.CSS_SELECTOR, "details.confirm")
    click(browser, confirm.find_element(By.TAG_NAME, "summary"))
    yes = confirm.find_element(By.CSS_SELECTOR, "button[type=submit]")
    wait(browser).until(lambda d: yes.is_displayed())
    screenshot(browser, "day-delete-confirm")
    click(browser, yes)
    wait(browser).until(gone(yes))
    wait_path(browser, "/days")
    assert "deleted" in browser.find_element(By.CSS_SELECTOR, ".notice").text
    assert not browser.find_elements(By.CSS_SELECTOR, "a.teaser")
    browser.get(server.url + f"/days/{date}")
    assert "not logged today" in browser.find_element(By.CSS_SELECTOR, "main").text

    # Back on Today the form is offered again.
    browser.get(server.url + "/today")
    assert browser.find_elements(By.CSS_SELECTOR, "form.day-form")


def test_past_day_from_calendar_and_future_refused(server, browser, new_user):
    user = new_user("past")
    signup(browser, server, user)
    date = today_date(browser)

    # A future date: the message stands beside the date field.
    year, month, day = (int(x) for x in date.split("-"))
    browser.get(server.url + f"/days/{year + 1}-{month:02d}-01/edit")
    assert "future" in field_error(browser, "date")

    # The month before: an empty past day opens its page, which offers to log it.
    prev_month = f"{year - 1}-12" if month == 1 else f"{year}-{month - 1:02d}"
    browser.get(server.url + f"/calendar?month={prev_month}")
    assert browser.find_element(By.CSS_SELECTOR, ".month-title").text
    empty = browser.find_element(By.CSS_SELECTOR, f"td.empty a[href='/days/{prev_month}-01']")
    click(browser, empty)
    wait_path(browser, f"/days/{prev_month}-01")
    assert "Nothing was logged" in browser.find_element(By.CSS_SELECTOR, ".day-empty").text
    click(browser, browser.find_element(By.CSS_SELECTOR, ".day-empty a.button"))
    wait_path(browser, f"/days/{prev_month}-01/edit")
    assert browser.find_element(By.CSS_SELECTOR, "label[for='thoughts']").text == "Thoughts"
    assert not browser.find_elements(By.CSS_SELECTOR, ".notice-warn")
    pick_mood(browser, 2)
    save(browser, "form.day-form")
    wait_path(browser, f"/days/{prev_month}-01")
    browser.get(server.url + f"/calendar?month={prev_month}")
    td = browser.find_element(By.CSS_SELECTOR, f"td a[href='/days/{prev_month}-01']").find_element(By.XPATH, "..")
    assert "mood-2" in td.get_attribute("class")

    # Moving it onto a date that has an entry asks before replacing that one.
    browser.get(server.url + f"/days/{prev_month}-02/edit")
    pick_mood(browser, 4)
    save(browser, "form.day-form")
    wait_path(browser, f"/days/{prev_month}-02")
    browser.get(server.url + f"/days/{prev_month}-02/edit")
    browser.execute_script(f"document.getElementById('date').value = '{prev_month}-01'")
    save(browser, "form.day-form")
    wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".notice-warn")))
    assert "replace" in browser.find_element(By.CSS_SELECTOR, ".notice-warn").text
    save(browser, "form.day-form")
    wait_path(browser, f"/days/{prev_month}-01")
    assert "good" in browser.find_element(By.CSS_SELECTOR, ".entry-mood").text.lower()
    browser.get(server.url + f"/days/{prev_month}-02")
    assert "Nothing was logged" in browser.find_element(By.CSS_SELECTOR, "main").text


def test_check_in_with_a_new_person(server, browser, new_user, screenshot):
    user = new_user("checkin")
    signup(browser, server, user)

    # No feeling picked: named beside the feelings.
    fill(browser, "checkin-note", "Forgot the feeling")
    save(browser, "form.checkin-form")
    wait(browser).until(EC.presence_of_element_located((By.ID, "feeling-error")))
    assert browser.find_element(By.ID, "feeling-error").text
    assert browser.find_element(By.ID, "checkin-note").get_attribute("value") == "Forgot the feeling"

    toggle_chip(browser, "form.checkin-form", "calm")
    # Choosing a feeling answers the message: it goes at once (issue 63).
    wait(browser).until(lambda d: not d.find_elements(By.ID, "feeling-error"))
    Select(browser.find_element(By.ID, "checkin-activity")).select_by_visible_text("🚶 walk")
    fill(browser, "newPerson", "Ada")
    fill(browser, "checkin-note", "Sunny bench")
    save(browser, "form.checkin-form")
    wait(browser).until(lambda d: "notice=checkin" in d.current_url)
    item = browser.find_element(By.CSS_SELECTOR, ".checkin-list .checkin-item")
    assert "calm" in item.text.lower() and "with Ada" in item.text and "walk" in item.text and "Sunny bench" in item.text

    # Ada is now one of the chips; add Grace on the spot too.
    toggle_chip(browser, "form.checkin-form", "happy")
    toggle_chip(browser, "form.checkin-form", "ada")
    fill(browser, "newPerson", "Grace")
    save(browser, "form.checkin-form")
    wait(browser).until(lambda d: "notice=checkin" in d.current_url)
    assert len(browser.find_elements(By.CSS_SELECTOR, ".checkin-list .checkin-item")) == 2
    screenshot(browser, "today-checkins")

    browser.get(server.url + "/checkins")
    rows = browser.find_elements(By.CSS_SELECTOR, ".log-table tbody tr")
    assert len(rows) == 2
    assert "happy" in rows[0].text.lower() and "Ada, Grace" in rows[0].text
    assert "calm" in rows[1].text.lower() and "Ada" in rows[1].text and "Sunny bench" in rows[1].text
    screenshot(browser, "checkins")

    # The people list on the profile has both.
    browser.get(server.url + "/profile/people")
    names = [e.get_attribute("value") for e in browser.find_elements(By.CSS_SELECTOR, ".vocab-item input[name=name]")]
    assert names == ["Ada", "Grace"]


def test_manage_vocabulary(server, browser, new_user):
    user = new_user("vocab")
    signup(browser, server, user)
    browser.get(server.url + "/profile/activities")
    fill(browser, "add-emoji", "🧗")
    fill(browser, "add-name", "climbing")
    save(browser, "form.vocab-add")
    wait(browser).until(lambda d: "notice=added" in d.current_url)

    # A name that is taken is named beside the field.
    fill(browser, "add-emoji", "🚶")
    fill(browser, "add-name", "Walk")
    save(browser, "form.vocab-add")
    wait(browser).until(EC.presence_of_element_located((By.ID, "add-name-error")))
    assert "already" in browser.find_element(By.ID, "add-name-error").text

    # Archive "work": no longer offered on Today, kept in the archived list; then bring it back.
    item = next(li for li in browser.find_elements(By.CSS_SELECTOR, ".vocab-item")
                if li.find_element(By.CSS_SELECTOR, "input[name=name]").get_attribute("value") == "work")
    archive = item.find_element(By.CSS_SELECTOR, "button.vocab-archive")
    click(browser, archive)
    wait(browser).until(gone(archive))
    wait(browser).until(lambda d: "notice=archived" in d.current_url)
    assert "work" in browser.find_element(By.CSS_SELECTOR, ".is-archived").text
    browser.get(server.url + "/today")
    chips = [c.text for c in browser.find_elements(By.CSS_SELECTOR, "form.day-form label.chip")]
    assert any("climbing" in c for c in chips)
    assert not any(c.endswith(" work") for c in chips)
    browser.get(server.url + "/profile/activities")
    click(browser, browser.find_element(By.CSS_SELECTOR, ".is-archived button"))
    wait(browser).until(lambda d: "notice=restored" in d.current_url)
    assert not browser.find_elements(By.CSS_SELECTOR, ".is-archived")


def test_another_users_days_and_check_ins_are_not_found(server, new_user):
    owner, other = new_user("owner"), new_user("other")
    register(server, owner)
    register(server, other)
    mine = FormClient(server.url)
    mine.login(owner.username, owner.password)
    status, _, body = mine.post("/today", {"mood": "4", "note": "private"})
    assert status == 303, body[:300]
    status, _, page = mine.get("/today")
    date = re.search(r"/days/(\d{4}-\d{2}-\d{2})/edit", page).group(1)
    status, _, page = mine.get("/checkins")
    feeling = re.search(r'name="feeling" value="([0-9a-f-]{36})"', page).group(1)
    status, _, _ = mine.post("/checkins", {"feeling": feeling, "back": "/checkins"})
    assert status == 303
    status, _, page = mine.get("/checkins")
    checkin_id = re.search(r'/checkins/([0-9a-f-]{36})/delete', page).group(1)

    theirs = FormClient(server.url)
    theirs.login(other.username, other.password)
    # A date is nobody's secret: it opens the other person's own (empty) day, nothing of the owner's.
    status, _, page = theirs.get(f"/days/{date}")
    assert status == 200 and "private" not in page and "not logged today" in page
    status, _, _ = theirs.post(f"/days/{date}/delete", {})
    assert status == 404
    status, _, _ = theirs.post(f"/checkins/{checkin_id}/delete", {})
    assert status == 404
    # Someone else's feeling id is refused like an unknown one.
    status, _, page = theirs.post("/checkins", {"feeling": feeling, "back": "/checkins"})
    assert status == 422 and 'id="feeling-error"' in page

    # The owner still has both.
    status, _, page = mine.get(f"/days/{date}")
    assert status == 200 and "private" in page
    status, _, page = mine.get("/checkins")
    assert checkin_id in page


def test_a_day_is_one_page_and_the_calendar_agrees(server, make_browser, new_user, screenshot, tmp_path):
    """Issue 63: a date with a day entry, check-ins, a journal entry, an outfit and a photo. The
    calendar marks all of it, and the day's page, opened from the calendar, shows all of it, at
    phone width and on a desktop."""
    import datetime
    from test_accounts import login
    from test_attack_findings import register
    from test_crash import call
    from test_ownership import multipart
    from test_photos import write_png

    user = new_user("oneday")
    token = register(server, user)
    date = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
    body, content_type = multipart(write_png(tmp_path / "soup.png", 640, 480, tint=60).read_bytes())
    import json
    import urllib.request
    request = urllib.request.Request(server.url + "/api/v1/media", data=body, method="POST",
                                     headers={"content-type": content_type, "authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=30) as response:
        photo = json.loads(response.read())["id"]
    assert call(server.url, "PUT", f"/days/{date}", token, {"mood": 4, "note": "A quiet day."})[0] == 201
    feeling = call(server.url, "GET", "/feelings", token)[1]["items"][0]["id"]
    for at, note in ((f"{date}T18:30:00Z", "evening tea"), (f"{date}T07:15:00Z", "early run"),
                     (f"{date}T12:00:00Z", "lunch")):
        assert call(server.url, "POST", "/checkins", token, {"feelingId": feeling, "at": at, "note": note})[0] == 201
    status, entry = call(server.url, "POST", "/journal", token, {"title": "Soup & a river walk", "body": "Lentils.",
                                                                 "date": date, "photoIds": [photo]})
    assert status == 201, entry
    category = call(server.url, "GET", "/closet/categories", token)[1]["items"][0]["id"]
    item = call(server.url, "POST", "/closet/items", token, {"name": "Green scarf", "categoryId": category})[1]["id"]
    assert call(server.url, "PUT", f"/outfit-calendar/{date}", token, {"itemIds": [item]})[0] == 200

    for width, height, label in ((390, 844, "phone"), (1280, 900, "desktop")):
        browser = make_browser(size=(width, height))
        login(browser, server, user.username, user.password)
        browser.get(server.url + f"/calendar?month={date[:7]}")
        cell = browser.find_element(By.CSS_SELECTOR, f"td a[href='/days/{date}']").find_element(By.XPATH, "..")
        for marker in (".day-emoji", ".day-dot", ".day-journal", ".day-outfit"):
            assert cell.find_elements(By.CSS_SELECTOR, marker), (label, marker)
        click(browser, cell.find_element(By.TAG_NAME, "a"))
        wait_path(browser, f"/days/{date}")
        main = browser.find_element(By.CSS_SELECTOR, "main").text
        assert "A quiet day." in main
        notes = [el.text for el in browser.find_elements(By.CSS_SELECTOR, ".checkin-note")]
        assert notes == ["early run", "lunch", "evening tea"], notes
        assert "Soup & a river walk" in main and "Green scarf" in main
        assert browser.find_elements(By.CSS_SELECTOR, ".day-photos img")
        screenshot(browser, f"day-page-{label}")
        browser.execute_script("document.getElementById('journal-heading').scrollIntoView()")
        screenshot(browser, f"day-page-{label}-journal-outfit-photos")
        make_browser.quit(browser)
