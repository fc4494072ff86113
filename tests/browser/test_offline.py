"""Offline reading (issue 19, its first half): pages opened online are kept by the service worker;
with the server gone, Today and the calendar open from the device, marked as saved copies, and a
page never opened shows the offline page listing the saved ones. Logging out clears everything
the device kept."""

from __future__ import annotations

from selenium.webdriver.common.by import By

from helpers import wait
from test_accounts import login, signup, submit, wait_path

CACHED_PATHS = """
const done = arguments[arguments.length - 1];
caches.keys().then(names => Promise.all(names.map(name => caches.open(name).then(c => c.keys()))))
  .then(lists => done([].concat(...lists).map(r => new URL(r.url).pathname)))
  .catch(() => done(null));
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
