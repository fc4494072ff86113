"""Friends in the browser (issue 15), two people on phone-sized windows: Anna types Bob's username
and presses the button; Bob's open page hears of it at once; he accepts; Anna shares an outfit, Bob's
open page shows it within two seconds, he opens it with its photos, reacts; Anna withdraws it and
Bob gets a 404. Blocking hides a third user's later requests."""

from __future__ import annotations

from selenium.webdriver.common.by import By

from helpers import wait
from test_accounts import click, field_error, fill, signup, submit
from test_journal import fetch_status


def names(driver, label: str) -> list[str]:
    lists = driver.find_elements(By.CSS_SELECTOR, f'ul.friend-list[aria-label="{label}"] .friend-name .muted')
    return [e.text for e in lists]


def two_friends(server, make_browser, new_user):
    """Anna adds Bob by username on the Friends page; Bob accepts there."""
    anna_user, bob_user = new_user("anna"), new_user("bob")
    anna, bob = make_browser(), make_browser()
    signup(anna, server, anna_user, display_name="Anna Lind")
    signup(bob, server, bob_user, display_name="Bob Berg")
    anna.get(server.url + "/friends")
    fill(anna, "username", bob_user.username)
    submit(anna, "form[action='/friends']")
    bob.get(server.url + "/friends")
    click(bob, bob.find_element(By.CSS_SELECTOR, 'ul[aria-label="Requests received"] button.button'))
    wait(bob).until(lambda d: "notice=accepted" in d.current_url)
    return anna, bob, anna_user, bob_user


def test_ask_accept_and_block(server, make_browser, new_user, screenshot):
    anna_user, bob_user, eve_user = new_user("anna"), new_user("bob"), new_user("eve")
    anna, bob = make_browser(), make_browser()
    signup(anna, server, anna_user, display_name="Anna Lind")
    signup(bob, server, bob_user, display_name="Bob Berg")

    # Bob waits on Today; his bell is live.
    bob.get(server.url + "/today")
    wait(bob).until(lambda d: d.execute_script("return document.querySelector('[data-bell]') !== null"))

    anna.get(server.url + "/profile")
    click(anna, anna.find_element(By.CSS_SELECTOR, ".menu a[href=\"/friends\"]"))
    wait(anna).until(lambda d: d.current_url.endswith("/friends"))
    fill(anna, "username", "nobody_" + anna_user.username)
    submit(anna, "form[action='/friends']")
    assert "No one here has" in field_error(anna, "username")
    fill(anna, "username", "@" + bob_user.username.upper())
    submit(anna, "form[action='/friends']")
    assert "Request sent" in anna.find_element(By.CSS_SELECTOR, ".notice").text
    assert names(anna, "Requests sent") == ["@" + bob_user.username]

    count = wait(bob, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-bell-count]"))
    wait(bob, 10).until(lambda d: count.is_displayed() and count.text == "1")
    bob.get(server.url + "/friends")
    assert names(bob, "Requests received") == ["@" + anna_user.username]
    screenshot(bob, "friends-request")
    click(bob, bob.find_element(By.CSS_SELECTOR, 'ul[aria-label="Requests received"] button.button'))
    wait(bob).until(lambda d: "notice=accepted" in d.current_url)
    assert names(bob, "Friends") == ["@" + anna_user.username]
    anna.get(server.url + "/friends")
    assert names(anna, "Friends") == ["@" + bob_user.username]
    screenshot(anna, "friends")

    # Blocking: Eve's later request never shows up for Anna.
    eve = make_browser()
    signup(eve, server, eve_user)
    eve.get(server.url + "/friends")
    fill(eve, "username", anna_user.username)
    submit(eve, "form[action='/friends']")
    anna.get(server.url + "/friends")
    assert names(anna, "Requests received") == ["@" + eve_user.username]
    anna.execute_script("window.confirm = () => true")
    click(anna, anna.find_element(By.CSS_SELECTOR, 'ul[aria-label="Requests received"] .friend-actions form:last-child button'))
    wait(anna).until(lambda d: "notice=blocked" in d.current_url)
    assert names(anna, "Blocked") == ["@" + eve_user.username]
    eve.get(server.url + "/friends")
    fill(eve, "username", anna_user.username)
    submit(eve, "form[action='/friends']")
    assert "Request sent" in eve.find_element(By.CSS_SELECTOR, ".notice").text
    anna.get(server.url + "/friends")
    assert names(anna, "Requests received") == []


def test_share_an_item_with_a_friend(server, make_browser, new_user, screenshot, tmp_path):
    from test_closet import add_item
    from helpers import wait as wait_for
    anna, bob, anna_user, bob_user = two_friends(server, make_browser, new_user)
    bob.get(server.url + "/today")
    count = bob.find_element(By.CSS_SELECTOR, "[data-bell-count]")
    wait_for(bob, 10).until(lambda d: count.text == "1")  # the friend request, still unread

    item = add_item(anna, server, tmp_path, "Green linen dress", "Dresses", (40, 140, 60), "green",
                    [("Material", "linen")], "")
    click(anna, anna.find_element(By.PARTIAL_LINK_TEXT, "Share"))
    wait_for(anna).until(lambda d: "/shared/new" in d.current_url)
    box = anna.find_element(By.CSS_SELECTOR, "input[name=recipients]")
    click(anna, box.find_element(By.XPATH, "./ancestor::label[1]"))
    fill(anna, "message", "For the wedding?")
    screenshot(anna, "share-form")
    submit(anna, "form.share-form")
    assert "Shared" in anna.find_element(By.CSS_SELECTOR, ".notice").text

    # Bob's open page hears of it; the shared page shows the dress with its photo.
    wait_for(bob, 10).until(lambda d: count.is_displayed() and count.text == "2")
    bob.get(server.url + "/shared")
    row = bob.find_element(By.CSS_SELECTOR, 'ul[aria-label="Shared with me"] .share-thing')
    assert "Green linen dress" in row.text and "For the wedding?" in row.text
    image = row.find_element(By.TAG_NAME, "img")
    wait_for(bob, 20).until(lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image))
    screenshot(bob, "shared-with-me")
    thumbnail = image.get_attribute("src").replace(server.url, "")

    # Bob reacts with a heart; Anna is told, and sees it beside the share.
    click(bob, bob.find_element(By.CSS_SELECTOR, 'ul[aria-label="Shared with me"] button.reaction[value="❤️"]'))
    wait_for(bob).until(lambda d: "notice=reacted" in d.current_url)
    assert bob.find_element(By.CSS_SELECTOR, "button.reaction.is-chosen").get_attribute("value") == "❤️"
    anna.get(server.url + "/shared")
    assert anna.find_element(By.CSS_SELECTOR, 'ul[aria-label="Shared by me"] .share-reaction').text == "❤️"
    anna.get(server.url + "/notifications")
    assert "reacted ❤️" in anna.find_element(By.TAG_NAME, "main").text
    bob.get(server.url + "/shared")
    row = bob.find_element(By.CSS_SELECTOR, 'ul[aria-label="Shared with me"] .share-thing')
    click(bob, row)
    wait_for(bob).until(lambda d: d.current_url.endswith(f"/shared/items/{item}"))
    assert "Shared by Anna Lind" in bob.find_element(By.CSS_SELECTOR, ".closet-item").text

    # Anna withdraws it: Bob's next look is a 404, photo included.
    anna.get(server.url + "/shared")
    screenshot(anna, "shared-by-me-reaction")
    anna.execute_script("window.confirm = () => true")
    click(anna, anna.find_element(By.CSS_SELECTOR, 'ul[aria-label="Shared by me"] button'))
    wait_for(anna).until(lambda d: "notice=withdrawn" in d.current_url)
    bob.refresh()
    assert "Nothing like that was shared with you" in bob.find_element(By.TAG_NAME, "main").text
    assert fetch_status(bob, f"/shared/items/{item}") == 404
    assert fetch_status(bob, thumbnail) == 404


def test_share_an_outfit_phone_to_phone(server, make_browser, new_user, screenshot, tmp_path):
    """The issue's own walk-through, on two phone-sized browsers."""
    from test_closet import add_item, tick
    # A adds B by username; B accepts.
    anna, bob, anna_user, bob_user = two_friends(server, make_browser, new_user)

    # A makes an outfit of two photographed items.
    top = add_item(anna, server, tmp_path, "Striped top", "Tops", (30, 60, 160), "blue", [], "")
    skirt = add_item(anna, server, tmp_path, "Red skirt", "Bottoms", (190, 30, 40), "red", [], "")
    anna.get(server.url + "/closet/outfits/new")
    fill(anna, "name", "Saturday lunch")
    tick(anna, "itemIds", top)
    tick(anna, "itemIds", skirt)
    submit(anna, "form.outfit-form")
    outfit = anna.current_url.split("?")[0].rstrip("/").split("/")[-1]

    # B waits on Today, page open.
    bob.get(server.url + "/today")
    wait(bob).until(lambda d: d.execute_script("return document.querySelector('[data-bell]') !== null"))
    toast = bob.find_element(By.CSS_SELECTOR, "[data-toast]")
    assert not toast.is_displayed()

    # A shares the outfit from its page.
    click(anna, anna.find_element(By.CSS_SELECTOR, f'a[href="/shared/new?outfit={outfit}"]'))
    wait(anna).until(lambda d: "/shared/new" in d.current_url)
    click(anna, anna.find_element(By.CSS_SELECTOR, "input[name=recipients]").find_element(By.XPATH, "./ancestor::label[1]"))
    fill(anna, "message", "Lunch on Saturday?")
    submit(anna, "form.share-form")

    # B's open page shows it within two seconds, no reload.
    wait(bob, 2).until(lambda d: toast.is_displayed() and "Saturday lunch" in toast.text)
    assert "Anna Lind" in toast.text and "Lunch on Saturday?" in toast.text
    screenshot(bob, "share-toast")
    click(bob, bob.find_element(By.CSS_SELECTOR, "[data-toast-link]"))
    wait(bob).until(lambda d: d.current_url.endswith("/shared"))
    click(bob, bob.find_element(By.CSS_SELECTOR, 'ul[aria-label="Shared with me"] .share-thing'))
    wait(bob).until(lambda d: d.current_url.endswith(f"/shared/outfits/{outfit}"))
    images = bob.find_elements(By.CSS_SELECTOR, "main img")
    assert len(images) >= 2
    wait(bob, 20).until(lambda d: all(d.execute_script(
        "return arguments[0].complete && arguments[0].naturalWidth > 0", image) for image in images))
    assert "Striped top" in bob.find_element(By.TAG_NAME, "main").text
    screenshot(bob, "shared-outfit")
    photos = [image.get_attribute("src").replace(server.url, "") for image in images]

    # A withdraws it: B's next look is a 404, photos included.
    anna.get(server.url + "/shared")
    anna.execute_script("window.confirm = () => true")
    click(anna, anna.find_element(By.CSS_SELECTOR, 'ul[aria-label="Shared by me"] button'))
    wait(anna).until(lambda d: "notice=withdrawn" in d.current_url)
    bob.refresh()
    assert "Nothing like that was shared with you" in bob.find_element(By.TAG_NAME, "main").text
    assert fetch_status(bob, f"/shared/outfits/{outfit}") == 404
    for photo in photos:
        assert fetch_status(bob, photo) == 404
