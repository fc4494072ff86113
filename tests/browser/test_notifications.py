"""Notifications (issue 13): the live stream, and the bell in the browser.

- A stream open on the server hears of a new notification at once (well within a second), and a
  reconnect with Last-Event-ID gets what was made while it was away.
- The bell's count rises on an open page without reloading; the notifications page lists the
  notification; opening it marks it read."""

from __future__ import annotations

import json
import signal
import time

from selenium.webdriver.common.by import By

from helpers import wait
from sse import EventStream
from test_accounts import signup, submit, wait_path
from test_crash import call


def register(server, prefix: str, new_user) -> str:
    user = new_user(prefix)
    status, body = call(server.url, "POST", "/auth/register", body={
        "email": user.email, "username": user.username, "password": user.password})
    assert status == 201
    return body["token"]


def test_a_stream_hears_new_notifications_at_once_and_catches_up(server, new_user):
    token = register(server, "stream", new_user)
    other = register(server, "other", new_user)
    stream = EventStream(server.url, token)
    assert stream.status == 200 and stream.content_type.startswith("text/event-stream")
    stream.wait_for("unread")  # the count, straight away

    sent = time.monotonic()
    status, made = call(server.url, "POST", "/notifications/test", token, {})
    assert status == 201
    event = stream.wait_for("notification", timeout=2)[0]
    assert event["received"] - sent < 1.0
    assert event["id"] == made["id"]
    data = json.loads(event["data"])
    assert data["text"] == made["text"] and data["unreadCount"] == 1

    # Someone else's notification is not on this stream.
    call(server.url, "POST", "/notifications/test", other, {})
    time.sleep(0.3)
    assert len([e for e in stream.events if e.get("event") == "notification"]) == 1
    stream.close()

    # Away for a while: two made meanwhile come first on reconnecting.
    missed = [call(server.url, "POST", "/notifications/test", token, {})[1]["id"] for _ in range(2)]
    again = EventStream(server.url, token, last_event_id=made["id"])
    replayed = again.wait_for("notification", count=2, timeout=2)
    assert [e["id"] for e in replayed] == missed
    again.close()

    # No token, no stream.
    assert EventStream(server.url).status == 401


def test_a_server_asked_to_stop_ends_open_streams_and_stops(server, new_user):
    """An open stream never ends by itself; the server must still stop promptly when asked (a
    deploy, a restart), closing the streams, so clients reconnect to the next one."""
    token = register(server, "stopping", new_user)
    streams = [EventStream(server.url, token) for _ in range(3)]
    for stream in streams:
        stream.wait_for("unread")
    asked = time.monotonic()
    server.proc.send_signal(signal.SIGTERM)
    server.proc.wait(timeout=8)
    assert time.monotonic() - asked < 5, "the server waited for the open streams"
    assert server.proc.returncode == 0, server.log_tail()
    server.running = False


def test_the_bell_counts_without_reloading(server, browser, new_user, screenshot):
    user = new_user("bell")
    signup(browser, server, user)
    status, body = call(server.url, "POST", "/auth/login", body={"login": user.username, "password": user.password})
    token = body["token"]
    bell = browser.find_element(By.CSS_SELECTOR, "[data-bell]")
    wait(browser).until(lambda d: bell.get_attribute("data-unread") == "0")
    count = bell.find_element(By.CSS_SELECTOR, "[data-bell-count]")
    assert not count.is_displayed()

    call(server.url, "POST", "/notifications/test", token, {})
    wait(browser, 5).until(lambda d: bell.get_attribute("data-unread") == "1")
    assert count.is_displayed() and count.text == "1"
    screenshot(browser, "notifications-bell")

    bell.click()
    wait_path(browser, "/notifications")
    items = browser.find_elements(By.CSS_SELECTOR, "[data-notifications] li")
    assert len(items) == 1 and "unread" in items[0].get_attribute("class")
    screenshot(browser, "notifications-page")
    items[0].find_element(By.TAG_NAME, "a").click()
    wait_path(browser, "/notifications")  # the test notification leads back here
    item = browser.find_element(By.CSS_SELECTOR, "[data-notifications] li")
    assert "unread" not in (item.get_attribute("class") or "")
    wait(browser, 5).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "[data-bell]").get_attribute("data-unread") == "0")


def test_reminder_settings_show_what_comes(server, browser, new_user, screenshot):
    user = new_user("remind")
    signup(browser, server, user)
    browser.get(server.url + "/profile/reminders")
    browser.find_element(By.CSS_SELECTOR, "label[for=checkinReminders]").click()
    for field, value in (("wakingStart", "08:00"), ("wakingEnd", "08:00")):
        element = browser.find_element(By.ID, field)
        browser.execute_script("arguments[0].value = arguments[1]", element, value)
    submit(browser, "form[action='/profile/reminders']")
    assert "another time" in browser.find_element(By.ID, "wakingEnd-error").text
    browser.execute_script("document.getElementById('wakingEnd').value = '22:00'")
    browser.execute_script("document.getElementById('dailyReminder').value = '21:30'")
    submit(browser, "form[action='/profile/reminders']")
    wait_path(browser, "/profile/reminders")
    upcoming = browser.find_elements(By.CSS_SELECTOR, "[data-next-reminders] li")
    assert len(upcoming) == 5
    assert any(time_ in li.text for li in upcoming for time_ in ("10:48", "13:36", "16:24", "19:12", "21:30", "22:00"))
    screenshot(browser, "reminders")
