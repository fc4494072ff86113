"""The closet in the browser on a phone-sized window (seed 004, issue 14): photograph two items
(an upload through the camera-capable picker), accept the colours suggested from the photo, tag
them, find one by a tag typed into the search bar (the grid filters as you type), build an
outfit, put it on yesterday and plan it for next week, see both in the outfit calendar and the
month calendar, confirm and bad input beside the field, and remove an item after being asked."""

from __future__ import annotations

import datetime
import re
import struct
import zlib
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from helpers import wait
from test_accounts import click, field_error, fill, path_of, signup, submit, wait_path
from test_journal import fetch_status
from test_photos import image_loaded

ITEM_PATH = re.compile(r"^/closet/items/([0-9a-f-]{36})$")
OUTFIT_PATH = re.compile(r"^/closet/outfits/([0-9a-f-]{36})$")


def write_solid_png(path: Path, width: int, height: int, rgb: tuple[int, int, int]) -> Path:
    """A PNG of one colour framed by a white border (the wall behind a shirt), standard library only."""
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            border = x < width // 8 or x >= width - width // 8 or y < height // 8 or y >= height - height // 8
            rows += bytes((250, 250, 250) if border else rgb)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 6))
                     + chunk(b"IEND", b""))
    return path


def tick(driver, name: str, value: str) -> None:
    box = driver.find_element(By.CSS_SELECTOR, f'input[name="{name}"][value="{value}"]')
    if not box.is_selected():
        click(driver, box.find_element(By.XPATH, "./ancestor::label[1]"))
    assert box.is_selected()


def grid_names(driver) -> list[str]:
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, "[data-closet-results] .closet-card-name")]


def add_item(driver, server, tmp_path, name: str, category: str, rgb, colour: str, keywords, own: str) -> str:
    driver.get(server.url + "/closet/items/new")
    camera = driver.find_element(By.ID, "item-camera")
    assert camera.get_attribute("capture") == "environment" and camera.get_attribute("accept") == "image/*"
    driver.find_element(By.ID, "item-file").send_keys(str(write_solid_png(tmp_path / f"{colour}.png", 640, 800, rgb)))
    # The upload finishes and the photo's colour is offered; one tap ticks it.
    wait(driver, 30).until(lambda d: d.find_element(By.CSS_SELECTOR, "input[name=photoIds]").get_attribute("value"))
    suggestion = wait(driver, 20).until(
        lambda d: d.find_element(By.CSS_SELECTOR, f'[data-color-accept="{colour}"]'))
    click(driver, suggestion)
    assert driver.find_element(By.CSS_SELECTOR, f'input[name="colors"][value="{colour}"]').is_selected()
    fill(driver, "name", name)
    Select(driver.find_element(By.ID, "categoryId")).select_by_visible_text(category)
    for group, keyword in keywords:
        details = driver.find_element(By.XPATH, f'//details[summary[normalize-space()="{group}"]]')
        if not details.get_attribute("open"):
            click(driver, details.find_element(By.TAG_NAME, "summary"))
        tick(driver, "tags", keyword)
    fill(driver, "ownTags", own)
    submit(driver, "form.closet-form")
    match = ITEM_PATH.match(path_of(driver))
    assert match, driver.current_url
    return match.group(1)


def test_closet_items_search_outfit_calendar_and_removal(server, browser, new_user, screenshot, tmp_path):
    driver = browser
    signup(driver, server, new_user("dresser"))
    driver.get(server.url + "/closet")
    assert driver.find_element(By.CSS_SELECTOR, '.tabs a[aria-current="page"]').text == "Closet"
    assert "closet is empty" in driver.find_element(By.CSS_SELECTOR, "main").text

    # A bad price is refused beside its field, and what was typed stays.
    driver.get(server.url + "/closet/items/new")
    fill(driver, "name", "Test coat")
    fill(driver, "price", "-12")
    submit(driver, "form.closet-form")
    assert "below 0" in field_error(driver, "price")
    assert driver.find_element(By.ID, "name").get_attribute("value") == "Test coat"
    assert driver.find_element(By.ID, "price").get_attribute("value") == "-12"
    screenshot(driver, "closet-item-form-error")

    shirt = add_item(driver, server, tmp_path, "Navy linen shirt", "Shirts", (25, 35, 85), "navy",
                     [("Material", "linen"), ("Occasion", "work")], "summer office")
    assert "Added to your closet" in driver.find_element(By.CSS_SELECTOR, ".notice").text
    assert "navy" in driver.find_element(By.CSS_SELECTOR, ".closet-item").text
    # The colour's dot is navy (#1b2a57), not the grey of the insights' mood swatch.
    dot = driver.find_element(By.CSS_SELECTOR, ".closet-item .swatch-navy")
    assert dot.value_of_css_property("background-color") == "rgba(27, 42, 87, 1)"
    screenshot(driver, "closet-item")
    skirt = add_item(driver, server, tmp_path, "Red wool skirt", "Bottoms", (200, 30, 30), "red",
                     [("Material", "wool")], "")

    # The grid, with lazy thumbnails and category counts.
    driver.get(server.url + "/closet")
    assert grid_names(driver) == ["Red wool skirt", "Navy linen shirt"]
    thumbs = driver.find_elements(By.CSS_SELECTOR, ".closet-card img")
    assert len(thumbs) == 2 and all(t.get_attribute("loading") == "lazy" for t in thumbs)
    for image in thumbs:
        wait(driver, 20).until(lambda d: image_loaded(d, image))
    categories = " ".join(driver.find_element(By.CSS_SELECTOR, ".tag-filter").text.split())
    assert "Shirts 1" in categories and "Bottoms 1" in categories
    screenshot(driver, "closet-grid")

    # Typing a tag filters the grid without submitting; two tags must both match.
    search = driver.find_element(By.ID, "closet-q")
    search.send_keys("linen")
    wait(driver).until(lambda d: grid_names(d) == ["Navy linen shirt"])
    assert path_of(driver) == "/closet" and "q=linen" in driver.current_url
    search.send_keys(" red")
    wait(driver).until(lambda d: grid_names(d) == [])
    search.clear()
    search.send_keys("navy work")
    wait(driver).until(lambda d: grid_names(d) == ["Navy linen shirt"])
    screenshot(driver, "closet-search")

    # An outfit of both, shirt first.
    driver.get(server.url + "/closet/outfits/new")
    fill(driver, "name", "Office Monday")
    tick(driver, "itemIds", shirt)
    tick(driver, "itemIds", skirt)
    screenshot(driver, "closet-outfit-form")
    submit(driver, "form.outfit-form")
    assert OUTFIT_PATH.match(path_of(driver)), driver.current_url
    outfit = OUTFIT_PATH.match(path_of(driver)).group(1)
    assert [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".outfit-items .closet-card-name")] == [
        "Navy linen shirt", "Red wool skirt"]

    # Worn yesterday, planned for next week.
    today = datetime.date.today()
    yesterday, next_week = today - datetime.timedelta(days=1), today + datetime.timedelta(days=7)
    for day in (yesterday, next_week):
        driver.get(f"{server.url}/closet/calendar/{day.isoformat()}?outfit={outfit}")
        assert driver.find_element(By.CSS_SELECTOR, f'input[name=outfitId][value="{outfit}"]').is_selected()
        if day == next_week:
            screenshot(driver, "closet-plan-day")
        submit(driver, f"form[action='/closet/calendar/{day.isoformat()}']")
        assert "Saved" in driver.find_element(By.CSS_SELECTOR, ".notice").text
    assert "Planned: Office Monday" in driver.find_element(By.CSS_SELECTOR, ".outfit-current").text

    for day, state in ((yesterday, "worn"), (next_week, "planned")):
        driver.get(f"{server.url}/closet/calendar?month={day.isoformat()[:7]}")
        cell = driver.find_element(By.CSS_SELECTOR, f'a[href="/closet/calendar/{day.isoformat()}"]')
        assert state in cell.get_attribute("aria-label")
        assert f"outfit-{state}" in cell.find_element(By.XPATH, "..").get_attribute("class")
        if day == next_week:
            screenshot(driver, "closet-calendar")
    driver.get(f"{server.url}/calendar?month={yesterday.isoformat()[:7]}")
    cell = driver.find_element(By.XPATH, f'//td[.//*[contains(@aria-label, "{yesterday.day} ")]]')
    assert "outfit" in cell.find_element(By.CSS_SELECTOR, "a, span").get_attribute("aria-label")

    # The shirt knows it was worn once (the plan does not count).
    driver.get(f"{server.url}/closet/items/{shirt}")
    assert "Worn once" in driver.find_element(By.CSS_SELECTOR, ".closet-wear").text

    # Removing asks first; "keep it" keeps it; then it goes, out of the outfit too.
    click(driver, driver.find_element(By.LINK_TEXT, "Remove…"))
    assert "Remove “Navy linen shirt”?" in driver.find_element(By.TAG_NAME, "h1").text
    screenshot(driver, "closet-remove-confirm")
    click(driver, driver.find_element(By.LINK_TEXT, "Keep it"))
    wait_path(driver, f"/closet/items/{shirt}")
    click(driver, driver.find_element(By.LINK_TEXT, "Remove…"))
    submit(driver, f"form[action='/closet/items/{shirt}/delete']")
    wait_path(driver, "/closet")
    assert grid_names(driver) == ["Red wool skirt"]
    assert fetch_status(driver, f"/closet/items/{shirt}") == 404
    driver.get(f"{server.url}/closet/outfits/{outfit}")
    assert [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".outfit-items .closet-card-name")] == ["Red wool skirt"]
