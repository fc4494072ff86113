"""Offline use (issue 19): pages opened online are kept by the service worker; with the server
gone, Today and the calendar open from the device, marked as saved copies, and a page never
opened shows the offline page listing the saved ones. Logging out clears everything the device
kept. Check-ins and a day entry made with no connection wait on the device and arrive once each
when it is back; a day changed meanwhile is shown beside the offline version to choose from.
(The server is stopped rather than the network emulated: Chromium's emulation does not reach a
service worker's own requests.)"""

from __future__ import annotations

import json as jsonlib
from datetime import datetime, timedelta, timezone

from selenium.webdriver.common.by import By

from helpers import wait
from test_accounts import click, fill, login, signup, submit, wait_path
from test_days import pick_mood
from test_photos import write_png

CACHED_PATHS = """
const done = arguments[arguments.length - 1];
caches.keys().then(names => Promise.all(names.map(name => caches.open(name).then(c => c.keys()))))
  .then(lists => done([].concat(...lists).map(r => new URL(r.url).pathname)))
  .catch(() => done(null));
"""

CACHED_PAGE = """
const [path, done] = [arguments[0], arguments[arguments.length - 1]];
caches.match(path, {ignoreVary: true}).then(r => r ? r.text() : "").then(done).catch(() => done(""));
"""


def controlled(driver) -> bool:
    return driver.execute_script("return !!(navigator.serviceWorker && navigator.serviceWorker.controller)")


def visit(driver, server, path: str) -> None:
    driver.get(server.url + path)
    wait_path(driver, path)


def test_saved_pages_open_offline_and_logging_out_clears_them(server, browser, new_user, screenshot):
    user = new_user("offline")
    signup(browser, server, user)
    wait(browser, 15).until(lambda d: controlled(d) or d.refresh() or False)
    for path in ("/today", "/calendar"):
        visit(browser, server, path)
    wait(browser).until(lambda d: {"/today", "/calendar", "/offline"} <= set(d.execute_async_script(CACHED_PATHS) or []))

    # Logging out leaves nothing behind (Clear-Site-Data).
    visit(browser, server, "/logout")
    submit(browser, 'form[action="/logout"]')
    wait_path(browser, "/login")
    wait(browser).until(lambda d: not [p for p in (d.execute_async_script(CACHED_PATHS) or []) if p != "/offline"])

    login(browser, server, user.username, user.password)
    wait(browser, 15).until(lambda d: controlled(d) or d.refresh() or False)
    for path in ("/today", "/calendar"):
        visit(browser, server, path)
    wait(browser).until(lambda d: {"/today", "/calendar"} <= set(d.execute_async_script(CACHED_PATHS) or []))
    title = browser.find_element(By.CSS_SELECTOR, ".month-title").text

    server.stop()
    browser.get(server.url + "/calendar")
    notice = wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-offline-notice]"))
    assert "Offline" in notice[0].text
    assert browser.find_element(By.CSS_SELECTOR, ".month-title").text == title
    screenshot(browser, "offline-calendar")
    browser.get(server.url + "/today")
    assert browser.find_elements(By.CSS_SELECTOR, "[data-offline-notice]")

    # A page never opened: the offline page, with links to the saved ones.
    browser.get(server.url + "/insights")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-offline-pages] a"))
    links = {a.get_attribute("pathname") for a in browser.find_elements(By.CSS_SELECTOR, "[data-offline-pages] a")}
    assert {"/today", "/calendar"} <= links, links
    screenshot(browser, "offline-page")


def api(server, method: str, path: str, token: str | None = None, body=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    status, _, data = server.request(method, "/api/v1" + path, json=body, headers=headers)
    return status, (jsonlib.loads(data) if data else None)


def make_checkin(browser, server, note: str) -> None:
    browser.get(server.url + "/today")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-offline-notice]"))
    click(browser, browser.find_elements(By.CSS_SELECTOR, "form.checkin-form label.chip")[0])
    fill(browser, "checkin-note", note)
    submit(browser, "form.checkin-form")
    wait_path(browser, "/offline")


def waiting(browser) -> list[str]:
    return [li.text for li in browser.find_elements(By.CSS_SELECTOR, "[data-outbox-list] li")]


def test_made_offline_arrives_once_and_a_changed_day_offers_a_choice(server, browser, new_user, screenshot,
                                                                     tmp_path):
    user = new_user("outbox")
    signup(browser, server, user)
    wait(browser, 15).until(lambda d: controlled(d) or d.refresh() or False)
    status, body = api(server, "POST", "/auth/login", body={"login": user.username, "password": user.password})
    assert status == 200, body
    token = body["token"]
    yesterday = (datetime.now(timezone.utc) - timedelta(days=1)).date().isoformat()
    edit = f"/days/{yesterday}/edit"
    for path in ("/today", "/calendar", edit, "/journal/new"):
        visit(browser, server, path)
    wait(browser).until(
        lambda d: {"/today", edit, "/journal/new"} <= set(d.execute_async_script(CACHED_PATHS) or []))

    # No connection: two check-ins and yesterday's entry, kept on the device and listed.
    server.stop()
    make_checkin(browser, server, "Offline one")
    assert browser.find_element(By.CSS_SELECTOR, "[data-outbox-kept]").is_displayed()
    make_checkin(browser, server, "Offline two")
    browser.get(server.url + edit)
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-offline-notice]"))
    pick_mood(browser, 4)
    fill(browser, "note", "A day written offline")
    submit(browser, "form.day-form")
    wait_path(browser, "/offline")
    # A journal entry with a photo: the photo is kept on the device with it.
    browser.get(server.url + "/journal/new")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-offline-notice]"))
    fill(browser, "title", "Train notes")
    fill(browser, "body", "Written underground.")
    browser.find_element(By.ID, "photos-file").send_keys(str(write_png(tmp_path / "tunnel.png", 320, 240, 40)))
    wait(browser, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-photo-item][data-kept]"))
    submit(browser, "form.journal-form")
    wait_path(browser, "/offline")
    wait(browser).until(lambda d: len(waiting(d)) == 4)
    assert all("Waiting to sync" in text for text in waiting(browser)), waiting(browser)
    assert "Check-in: Offline one" in waiting(browser)[0]
    assert f"Day entry for {yesterday}" in waiting(browser)[2]
    assert "Journal entry: Train notes (1 photo)" in waiting(browser)[3]
    screenshot(browser, "offline-waiting")

    # Back online: the next page sends them, once each.
    server.start(same_port=True)
    browser.get(server.url + "/today")
    # The list starts hidden and shows only once the worker answers, so wait for the last kept form
    # (the journal entry, sent after its photo) to reach the server, then for the list to empty.
    wait(browser, 20).until(lambda d: api(server, "GET", "/journal", token)[1]["items"])
    wait(browser, 20).until(lambda d: not waiting(d))
    browser.get(server.url + "/today")
    _, checkins = api(server, "GET", "/checkins", token)
    assert sorted(c["note"] for c in checkins["items"]) == ["Offline one", "Offline two"]
    status, day = api(server, "GET", f"/days/{yesterday}", token)
    assert status == 200 and day["note"] == "A day written offline" and day["mood"] == 4
    entries = api(server, "GET", "/journal", token)[1]["items"]
    assert [e["title"] for e in entries] == ["Train notes"] and len(entries[0]["photoIds"]) == 1, entries
    assert len(api(server, "GET", "/media", token)[1]["items"]) == 1

    # An offline edit of the day meets a newer one from another device: both shown, the user picks.
    visit(browser, server, edit)
    wait(browser).until(lambda d: "A day written offline" in d.execute_async_script(CACHED_PAGE, edit))
    server.stop()
    browser.get(server.url + edit)
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-offline-notice]"))
    fill(browser, "note", "Edited on the train")
    submit(browser, "form.day-form")
    wait_path(browser, "/offline")
    server.start(same_port=True)
    assert api(server, "PUT", f"/days/{yesterday}", token, {"mood": 5, "note": "From the phone"})[0] == 200
    browser.get(server.url + "/today")
    opener = wait(browser, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-outbox-open]"))
    assert "Changed meanwhile" in browser.find_element(By.CSS_SELECTOR, "[data-outbox-item=attention]").text
    click(browser, opener[0])
    conflict = wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-conflict]"))
    assert "From the phone" in conflict[0].text
    assert browser.find_element(By.ID, "note").get_attribute("value") == "Edited on the train"
    screenshot(browser, "offline-conflict")
    submit(browser, "form.day-form")
    wait_path(browser, f"/days/{yesterday}")
    assert "Edited on the train" in browser.find_element(By.CSS_SELECTOR, "main").text
    assert api(server, "GET", f"/days/{yesterday}", token)[1]["note"] == "Edited on the train"
    assert len(api(server, "GET", "/checkins", token)[1]["items"]) == 2
