"""Smoke tests for the harness itself: the server fixture and the browser start."""

from helpers import wait


def test_server_answers_healthz(server):
    status, _headers, _body = server.get("/healthz")
    assert status == 200


def test_browser_opens_server(server, browser):
    browser.get(server.url + "/healthz")
    wait(browser).until(lambda d: d.execute_script("return document.readyState") == "complete")
    assert browser.current_url.startswith(server.url)
    size = browser.execute_script("return [window.innerWidth, window.innerHeight]")
    assert size == [390, 844]
