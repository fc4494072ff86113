"""Web Push end to end with real cryptography on both sides (issue 13): a stand-in push service
holding a subscription's private key checks the VAPID JWT's ES256 signature against the public key
from the API, decrypts the payload per RFC 8291, and answers 410 once to see the subscription
dropped."""

from __future__ import annotations

import json

from push_service import PushService, Subscriber, b64url, verify_vapid
from test_crash import call
from test_notifications import register


def test_a_notification_reaches_the_device_encrypted_and_signed(make_server, new_user):
    server = make_server(env={"DAYBOOK_PUSH_ALLOW_HTTP": "1", "DAYBOOK_PUSH_ALLOW_PRIVATE": "1", "DAYBOOK_PUSH_CONTACT": "mailto:ops@example.org"})
    service = PushService()
    try:
        token = register(server, "pushed", new_user)
        status, key = call(server.url, "GET", "/push/public-key", token)
        assert status == 200 and len(key["publicKey"]) == 87  # 65 bytes, base64url
        browser = Subscriber()
        subscription = {"endpoint": service.url + "/push/device-1",
                        "keys": {"p256dh": b64url(browser.public_bytes), "auth": b64url(browser.auth)},
                        "deviceName": "Test phone"}
        status, device = call(server.url, "POST", "/push/subscriptions", token, subscription)
        assert status == 201, device
        assert device["deviceName"] == "Test phone" and device["pushService"] == "127.0.0.1"
        # The same endpoint again is the same device.
        status, again = call(server.url, "POST", "/push/subscriptions", token, subscription)
        assert status == 201 and again["id"] == device["id"]

        status, made = call(server.url, "POST", "/notifications/test", token, {})
        assert status == 201
        push = service.wait(1)[0]
        headers = {k.lower(): v for k, v in push["headers"].items()}
        assert push["path"] == "/push/device-1"
        assert headers["content-encoding"] == "aes128gcm"
        assert int(headers["ttl"]) > 0
        assert headers["topic"] == made["id"].replace("-", "")
        claims = verify_vapid(headers["authorization"], key["publicKey"], service.url)
        assert claims["sub"] == "mailto:ops@example.org"
        message = json.loads(browser.decrypt(push["body"]))
        assert message["body"] == made["text"] and message["link"] == made["link"] and message["id"] == made["id"]

        # The push service says the device is gone: it is dropped, and nothing more is sent.
        service.answers.append(410)
        call(server.url, "POST", "/notifications/test", token, {})
        service.wait(2)
        import time
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            if call(server.url, "GET", "/push/subscriptions", token)[1]["items"] == []:
                break
            time.sleep(0.1)
        assert call(server.url, "GET", "/push/subscriptions", token)[1]["items"] == []
        call(server.url, "POST", "/notifications/test", token, {})
        time.sleep(2)
        assert len(service.received) == 2
    finally:
        service.close()


def test_bad_subscriptions_name_their_field(server, new_user):
    token = register(server, "badpush", new_user)
    good_key = b64url(Subscriber().public_bytes)
    cases = [
        ({"endpoint": "http://push.example/x", "keys": {"p256dh": good_key, "auth": b64url(b"1234567890abcdef")}}, "endpoint"),
        ({"endpoint": "https://push.example/x", "keys": {"p256dh": "bm90IGEga2V5", "auth": b64url(b"1234567890abcdef")}}, "keys.p256dh"),
        ({"endpoint": "https://push.example/x", "keys": {"p256dh": good_key, "auth": "c2hvcnQ"}}, "keys.auth"),
    ]
    for body, field in cases:
        status, problem = call(server.url, "POST", "/push/subscriptions", token, body)
        assert status == 422, (field, problem)
        assert [e["field"] for e in problem["errors"]] == [field], problem
    other = register(server, "otherpush", new_user)
    status, device = call(server.url, "POST", "/push/subscriptions", token, {
        "endpoint": "https://push.example/mine", "keys": {"p256dh": good_key, "auth": b64url(b"1234567890abcdef")}})
    assert status == 201
    assert call(server.url, "DELETE", f"/push/subscriptions/{device['id']}", other)[0] == 404
    assert call(server.url, "DELETE", f"/push/subscriptions/{device['id']}", token)[0] == 204


def test_a_push_app_gets_plain_text(make_server, new_user):
    server = make_server(env={"DAYBOOK_PUSH_ALLOW_HTTP": "1", "DAYBOOK_PUSH_ALLOW_PRIVATE": "1"})
    service = PushService()
    try:
        token = register(server, "ntfy", new_user)
        status, app = call(server.url, "POST", "/push/subscriptions", token, {"endpoint": service.url + "/my-daybook"})
        assert status == 201, app
        status, made = call(server.url, "POST", "/notifications/test", token, {})
        push = service.wait(1)[0]
        headers = {k.lower(): v for k, v in push["headers"].items()}
        assert push["path"] == "/my-daybook"
        assert push["body"].decode() == made["text"]
        assert headers["title"] == "Daybook" and headers["content-type"].startswith("text/plain")
    finally:
        service.close()


def test_devices_in_the_profile_and_the_service_worker(server, browser, new_user, screenshot):
    from selenium.webdriver.common.by import By

    from helpers import wait
    from test_accounts import fill, signup, submit, wait_path

    user = new_user("devices")
    signup(browser, server, user)
    status, headers, body = server.get("/sw.js")
    assert status == 200 and headers["Service-Worker-Allowed"] == "/" and b"showNotification" in body
    # The service worker takes over the site.
    scope = browser.execute_async_script(
        "var done = arguments[0]; navigator.serviceWorker.ready.then(function (r) { done(r.scope); });")
    assert scope == server.url + "/"

    browser.get(server.url + "/profile/reminders")
    assert browser.find_element(By.CSS_SELECTOR, "[data-push-subscribe]").is_displayed()
    fill(browser, "pushAppURL", "http://ntfy.example.org/mine")
    submit(browser, "form[action='/profile/push-app']")
    assert "https" in browser.find_element(By.ID, "pushAppURL-error").text
    fill(browser, "pushAppURL", "https://ntfy.example.org/mine")
    submit(browser, "form[action='/profile/push-app']")
    wait_path(browser, "/profile/reminders")
    rows = browser.find_elements(By.CSS_SELECTOR, "[data-push-devices] li")
    assert len(rows) == 1 and "ntfy.example.org" in rows[0].text
    screenshot(browser, "notification-devices")
    browser.execute_script("document.querySelectorAll('form[data-confirm]').forEach(function (f) { delete f.dataset.confirm; })")
    submit(browser, "[data-push-devices] form")
    wait_path(browser, "/profile/reminders")
    assert browser.find_elements(By.CSS_SELECTOR, "[data-push-devices] li") == []


def test_push_apps_are_spoken_to_in_their_own_protocols(make_server, new_user):
    """ntfy gets the text with an absolute Click link and a priority; a Gotify URL
    (`/message?token=…`) gets Gotify's JSON."""
    import time
    from test_attack_findings import Recorder
    server = make_server(env={"DAYBOOK_PUSH_ALLOW_HTTP": "1", "DAYBOOK_PUSH_ALLOW_PRIVATE": "1",
                              "DAYBOOK_PUBLIC_URL": "https://daybook.example.org"})
    app = Recorder()
    try:
        token = register(server, "apps", new_user)
        for endpoint in (app.url + "/my-topic", app.url + "/message?token=AppToken1"):
            status, device = call(server.url, "POST", "/push/subscriptions", token, {"endpoint": endpoint})
            assert status == 201, device
        status, made = call(server.url, "POST", "/notifications/test", token, {})
        assert status == 201
        deadline = time.monotonic() + 10
        while len(app.received) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(app.received) == 2, app.received
        by_type = {h["content-type"].split(";")[0]: (h, body) for h, body in zip(app.headers, app.received)}
        ntfy_headers, ntfy_body = by_type["text/plain"]
        assert ntfy_body == made["text"]
        assert ntfy_headers["click"] == "https://daybook.example.org" + made["link"]
        assert ntfy_headers["priority"] == "high" and ntfy_headers["title"] == "Daybook"
        _, gotify_body = by_type["application/json"]
        message = json.loads(gotify_body)
        assert message["message"] == made["text"] and message["title"] == "Daybook" and message["priority"] == 5
        assert message["extras"]["client::notification"]["click"]["url"] == "https://daybook.example.org" + made["link"]
    finally:
        app.close()
