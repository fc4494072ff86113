"""Search in the browser (issue 5): words from a saved day are found, highlighted, and lead to
the day; nothing searchable is named beside the field."""

from __future__ import annotations

from selenium.webdriver.common.by import By

from helpers import wait
from test_accounts import fill, signup, submit, wait_path
from test_days import pick_mood


def test_search_finds_a_days_words(server, browser, new_user, screenshot):
    user = new_user("search")
    signup(browser, server, user)
    pick_mood(browser, 4)
    fill(browser, "note", "Picnic at the lighthouse with Maria")
    submit(browser, "form.day-form")

    browser.get(server.url + "/search")
    fill(browser, "q", "light mar")
    submit(browser, "form.search-form")
    assert browser.find_element(By.ID, "q").get_attribute("value") == "light mar"
    results = browser.find_elements(By.CSS_SELECTOR, ".search-result")
    assert len(results) == 1
    marks = [m.text.lower() for m in results[0].find_elements(By.TAG_NAME, "mark")]
    assert marks == ["lighthouse", "maria"]
    assert results[0].find_element(By.CSS_SELECTOR, ".search-snippet").text == "Picnic at the lighthouse with Maria"
    screenshot(browser, "search-results")
    results[0].find_element(By.TAG_NAME, "a").click()
    wait(browser).until(lambda d: "/days/" in d.current_url)
    assert "lighthouse" in browser.find_element(By.CSS_SELECTOR, ".entry").text

    # Typed but not a word: nothing found, not an error; a bad filter is named beside its field.
    browser.get(server.url + "/search?q=%21%21")
    assert "Nothing found" in browser.find_element(By.CSS_SELECTOR, ".empty").text
    browser.get(server.url + "/search?q=picnic&to=someday")
    assert "YYYY-MM-DD" in browser.find_element(By.ID, "to-error").text
    assert browser.find_element(By.ID, "to").get_attribute("aria-invalid") == "true"

    browser.get(server.url + "/search?q=zebra")
    assert "Nothing found" in browser.find_element(By.CSS_SELECTOR, ".empty").text
