"""Insights in the browser (issue 16): a few days logged through the day form, then Insights on a
phone-sized window: every chart is there, labelled (title and description) and followed by its
table of numbers; the range and year pickers redraw; a backwards range is named beside its field;
the thought diary opens the day it came from; a chart downloads as SVG and as PNG."""

from __future__ import annotations

import datetime
import urllib.request

from selenium.webdriver.common.by import By

from helpers import SCREENSHOT_DIR
from test_accounts import click, field_error, signup, submit, wait_path
from test_days import pick_mood, toggle_chip

CHARTS = ["week", "streaks", "year", "pixels", "trend", "distribution", "weekdays", "correlations",
          "checkin-hours", "checkin-weekdays"]


def log_day(driver, server, date: str, mood: int, walked: bool, thoughts: str = "") -> None:
    driver.get(server.url + f"/days/{date}/edit")
    pick_mood(driver, mood)
    if walked:
        toggle_chip(driver, "form.day-form", "walk")
    if thoughts:
        driver.find_element(By.ID, "thoughts").send_keys(thoughts)
    submit(driver, "form.day-form")
    wait_path(driver, f"/days/{date}")


def test_insights_draw_every_chart_with_its_numbers(server, browser, new_user, screenshot):
    user = new_user("insight")
    signup(browser, server, user)
    today = datetime.date.today()
    days = [(today - datetime.timedelta(days=back)).isoformat() for back in range(6, 0, -1)]
    for index, date in enumerate(days):
        log_day(browser, server, date, 5 if index % 2 else 2, walked=bool(index % 2),
                thoughts="The sea was calm." if index == len(days) - 1 else "")

    browser.get(server.url + "/insights")
    wait_path(browser, "/insights")
    assert browser.find_element(By.CSS_SELECTOR, '.tabs a[aria-current="page"]').text == "Insights"
    for name in CHARTS:
        section = browser.find_element(By.ID, name)
        svg = section.find_element(By.CSS_SELECTOR, "svg.chart[role=img]")
        assert svg.find_element(By.TAG_NAME, "title").get_attribute("textContent").strip(), name
        assert svg.find_element(By.TAG_NAME, "desc").get_attribute("textContent").strip(), name
        assert section.find_elements(By.CSS_SELECTOR, "table.numbers caption"), name
        # Legible on a phone: the chart fills the card's width, not more.
        assert 300 <= svg.size["width"] <= 400, (name, svg.size)
    # Six days logged: three rad, three bad, and the numbers say so.
    distribution = browser.find_element(By.ID, "distribution").text
    assert "3 (50 %)" in distribution or "50 %" in distribution
    streaks = browser.find_element(By.ID, "streaks").find_element(By.TAG_NAME, "table").text
    assert "6 days" in streaks
    screenshot(browser, "insights")
    # Each chart with its numbers, as a phone shows it.
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    for name in CHARTS:
        section = browser.find_element(By.ID, name)
        browser.execute_script("arguments[0].scrollIntoView()", section)
        section.screenshot(str(SCREENSHOT_DIR / f"insight-{name}-390.png"))

    # Dark mode: chart text takes the page's (light) text colour, the moods keep theirs.
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    trend = browser.find_element(By.ID, "trend")
    browser.execute_script("arguments[0].scrollIntoView()", trend)
    colours = browser.execute_script(
        "const t = arguments[0].querySelector('svg.chart text');"
        "return [getComputedStyle(t).fill, getComputedStyle(document.body).color];", trend)
    assert colours[0] == colours[1] and colours[0] != "rgb(0, 0, 0)", colours
    trend.screenshot(str(SCREENSHOT_DIR / "insight-trend-dark-390.png"))
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

    # The range picker: 30 days, then a backwards range named beside its field.
    click(browser, browser.find_element(By.CSS_SELECTOR, "#range a.chip[href*='range=30d']"))
    wait_path(browser, "/insights")
    assert "range=30d" in browser.current_url
    assert browser.find_element(By.CSS_SELECTOR, "#range a.chip-active").text == "30 days"
    trend_rows = browser.find_elements(By.CSS_SELECTOR, "#trend table.numbers tbody tr")
    assert len(trend_rows) == 6
    browser.get(server.url + "/insights?from=2025-02-01&to=2025-01-01")
    assert "before" in field_error(browser, "range-to")
    assert browser.find_element(By.ID, "range-from").get_attribute("value") == "2025-02-01"
    # The year picker offers the years with entries (and this one), nothing before.
    options = [o.text for o in browser.find_elements(By.CSS_SELECTOR, "#year-picker option")]
    assert set(options) == {str(today.year), days[0][:4]}

    # A chart downloads as SVG and PNG with this session.
    browser.get(server.url + "/insights")
    href = browser.find_element(By.CSS_SELECTOR, "#trend a[href$='.png']").get_attribute("href")
    cookie = "; ".join(f"{c['name']}={c['value']}" for c in browser.get_cookies())
    with urllib.request.urlopen(urllib.request.Request(href, headers={"Cookie": cookie})) as response:
        assert response.headers["Content-Type"] == "image/png"
        png = response.read()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        (SCREENSHOT_DIR / "insight-trend-download.png").write_bytes(png)
    svg_href = browser.find_element(By.CSS_SELECTOR, "#pixels a[href$='.svg']").get_attribute("href")
    with urllib.request.urlopen(urllib.request.Request(svg_href, headers={"Cookie": cookie})) as response:
        assert response.headers["Content-Type"].startswith("image/svg+xml")
        assert b"prefers-color-scheme:dark" in response.read()

    # The thought diary opens the day the thought came from.
    click(browser, browser.find_element(By.CSS_SELECTOR, "a[href='/diaries/thoughts']"))
    wait_path(browser, "/diaries/thoughts")
    assert "The sea was calm." in browser.find_element(By.CSS_SELECTOR, ".diary-list").text
    screenshot(browser, "diary-thoughts")
    click(browser, browser.find_element(By.CSS_SELECTOR, ".diary-list a.diary-date"))
    wait_path(browser, f"/days/{days[-1]}")
