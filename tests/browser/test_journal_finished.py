"""The journal, finished, in the browser (issue 17): an entry in Markdown with a tag, a place and
a date last week is found by a word from the search bar; its tag is renamed on the tags page; made
public it shows on the author's profile to another user, made private again it is gone; and a
tab closed while typing a new entry gives the draft back when the form is opened again."""

from __future__ import annotations

import datetime

from selenium.webdriver.common.by import By

from helpers import wait
from test_accounts import click, fill, signup, submit, wait_path
from test_journal import entry_id


def set_value(driver, field_id: str, value: str) -> None:
    """Sets a field the way a picker would (a date input), and says so to the page's script."""
    element = driver.find_element(By.ID, field_id)
    driver.execute_script(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input', {bubbles: true}))",
        element, value)


def choose_visibility(driver, value: str) -> None:
    radio = driver.find_element(By.CSS_SELECTOR, f"input[name=visibility][value={value}]")
    click(driver, radio.find_element(By.XPATH, ".."))


def profile_titles(driver) -> list[str]:
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".journal-card-title")]


def test_write_find_tidy_publish_and_keep_a_draft(server, make_browser, new_user, screenshot):
    anna_user, bob_user = new_user("anna"), new_user("bob")
    anna, bob = make_browser(), make_browser()
    signup(anna, server, anna_user, display_name="Anna Lind")
    signup(bob, server, bob_user)
    last_week = (datetime.date.today() - datetime.timedelta(days=7)).isoformat()

    # Write: Markdown, a tag, a place with coordinates, a date last week.
    anna.get(server.url + "/journal/new")
    fill(anna, "title", "Harbour walk")
    fill(anna, "body", "A **windy** day by the *harbour*.\n\n- gulls\n- ferries")
    fill(anna, "tags", "seaside")
    fill(anna, "location", "Vaasa")
    fill(anna, "latitude", "63.0951")
    fill(anna, "longitude", "21.6165")
    set_value(anna, "date", last_week)
    submit(anna, "form.journal-form")
    wait(anna).until(lambda d: "notice=created" in d.current_url)
    entry = entry_id(anna)
    page = anna.find_element(By.CSS_SELECTOR, ".journal-entry")
    assert page.find_element(By.CSS_SELECTOR, ".journal-body strong").text == "windy"
    assert [li.text for li in page.find_elements(By.CSS_SELECTOR, ".journal-body li")] == ["gulls", "ferries"]
    assert page.find_element(By.CSS_SELECTOR, ".journal-meta time").get_attribute("datetime") == last_week
    place = page.find_element(By.CSS_SELECTOR, ".journal-location a")
    assert place.text == "Vaasa" and "mlat=63.0951" in place.get_attribute("href")
    screenshot(anna, "journal-entry-markdown")

    # Find it from the search bar in the top bar.
    click(anna, anna.find_element(By.CSS_SELECTOR, ".topbar-search"))
    wait_path(anna, "/search")
    fill(anna, "q", "ferr")
    submit(anna, "form.search-form")
    results = anna.find_elements(By.CSS_SELECTOR, ".search-result")
    assert len(results) == 1
    assert results[0].find_element(By.CSS_SELECTOR, ".search-title").text == "Harbour walk"
    assert [m.text.lower() for m in results[0].find_elements(By.TAG_NAME, "mark")] == ["ferries"]
    screenshot(anna, "search-journal")
    click(anna, results[0].find_element(By.TAG_NAME, "a"))
    wait_path(anna, f"/journal/{entry}")

    # Filters alone: journal entries with the tag.
    anna.get(server.url + "/search?kind=journal&tag=seaside")
    assert [r.text for r in anna.find_elements(By.CSS_SELECTOR, ".search-title")] == ["Harbour walk"]
    anna.get(server.url + "/search?q=harbour&from=yesterday")
    assert "YYYY-MM-DD" in anna.find_element(By.ID, "from-error").text

    # Rename its tag on the tags page.
    anna.get(server.url + "/journal/tags")
    click(anna, anna.find_element(By.CSS_SELECTOR, ".tag-admin details summary"))
    fill(anna, "rename-seaside", "coast")
    submit(anna, "form[action='/journal/tags/rename']")
    wait(anna).until(lambda d: "notice=renamed" in d.current_url)
    assert [c.text for c in anna.find_elements(By.CSS_SELECTOR, ".tag-admin .chip")] == ["#coast"]
    screenshot(anna, "journal-tags")
    anna.get(server.url + f"/journal/{entry}")
    assert [c.text for c in anna.find_elements(By.CSS_SELECTOR, ".journal-tags .chip")] == ["#coast"]

    # Public: Bob sees it on Anna's profile; private again: gone.
    anna.get(server.url + f"/journal/{entry}/edit")
    choose_visibility(anna, "public")
    submit(anna, "form.journal-form")
    bob.get(server.url + f"/u/{anna_user.username}")
    assert bob.find_element(By.CSS_SELECTOR, "h1").text == "Anna Lind"
    assert profile_titles(bob) == ["Harbour walk"]
    screenshot(bob, "public-profile")
    anna.get(server.url + f"/journal/{entry}/edit")
    choose_visibility(anna, "private")
    submit(anna, "form.journal-form")
    bob.get(server.url + f"/u/{anna_user.username}")
    assert profile_titles(bob) == []
    bob.get(server.url + "/u/nobody_at_all")
    assert "Nobody here has" in bob.find_element(By.TAG_NAME, "main").text

    # A draft survives a closed tab.
    original = anna.current_window_handle
    anna.switch_to.new_window("tab")
    anna.get(server.url + "/journal/new")
    fill(anna, "title", "Half-written")
    fill(anna, "body", "Words I would hate to lose")
    anna.execute_script("return new Promise(r => setTimeout(r, 600))")
    assert "Half-written" in anna.execute_script("return localStorage.getItem('draft:/journal/new')")
    anna.close()
    anna.switch_to.window(original)
    anna.get(server.url + "/journal/new")
    offer = wait(anna).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-draft-offer]"))
    wait(anna).until(lambda d: offer.is_displayed())
    assert anna.find_element(By.ID, "body").get_attribute("value") == ""
    screenshot(anna, "journal-draft-offer")
    click(anna, anna.find_element(By.CSS_SELECTOR, "[data-draft-restore]"))
    assert anna.find_element(By.ID, "title").get_attribute("value") == "Half-written"
    assert anna.find_element(By.ID, "body").get_attribute("value") == "Words I would hate to lose"
    submit(anna, "form.journal-form")
    wait(anna).until(lambda d: "notice=created" in d.current_url)
    # Saved, so the next new entry starts empty with nothing offered.
    anna.get(server.url + "/journal/new")
    assert not anna.find_element(By.CSS_SELECTOR, "[data-draft-offer]").is_displayed()
    errors = [e for e in anna.get_log("browser") if e["source"] == "javascript"]
    assert errors == []
