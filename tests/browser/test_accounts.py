"""Accounts in the browser (issue 2): sign up, land on Today, log out, log in again, each
field's error message, the one generic login failure, throttling, and "keep me logged in"
across a browser restart. Screenshots of every page at 390x844 and 1280x800."""

from __future__ import annotations

import http.cookiejar
import re
import urllib.error
import urllib.parse
import urllib.request

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from helpers import wait

GENERIC_LOGIN_ERROR = "The email/username or password is wrong."


# --------------------------------------------------------------------------- helpers


def path_of(driver) -> str:
    return urllib.parse.urlsplit(driver.current_url).path


def wait_path(driver, path: str, timeout: float = 10) -> None:
    wait(driver, timeout).until(lambda d: path_of(d) == path)


def fill(driver, field_id: str, value: str) -> None:
    element = driver.find_element(By.ID, field_id)
    element.clear()
    element.send_keys(value)


def click(driver, element) -> None:
    """Clicks an element after scrolling it to the middle of the window, clear of the fixed tab
    bar at the bottom of a phone-sized window (where Selenium's own scrolling would leave it)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", element)
    element.click()


def gone(element):
    """A wait condition: the element's page has been replaced. Chromium reports a node of a
    page that is gone either as stale or as "does not belong to the document"."""
    def check(_driver):
        try:
            element.is_enabled()
            return False
        except (StaleElementReferenceException, WebDriverException):
            return True
    return check


def submit(driver, form_selector: str) -> None:
    """Submits a form with its button and waits for the answer to replace the page (which may
    have the same URL as the page with the form)."""
    button = driver.find_element(By.CSS_SELECTOR, f"{form_selector} button[type=submit]")
    click(driver, button)
    wait(driver).until(gone(button))


def field_error(driver, field_id: str) -> str:
    """The message shown beside a field, checking that the field points at it."""
    error = driver.find_element(By.ID, f"{field_id}-error")
    assert error.is_displayed()
    control = driver.find_elements(By.ID, field_id)
    if control and control[0].tag_name in ("input", "textarea", "select"):
        assert control[0].get_attribute("aria-invalid") == "true", field_id
        assert f"{field_id}-error" in (control[0].get_attribute("aria-describedby") or ""), field_id
    return error.text


def signup(driver, server, user, display_name: str = "") -> None:
    """Signs up through the page and waits for Today."""
    driver.get(server.url + "/signup")
    fill(driver, "email", user.email)
    fill(driver, "username", user.username)
    if display_name:
        fill(driver, "displayName", display_name)
    fill(driver, "password", user.password)
    submit(driver, "form[action='/signup']")
    wait_path(driver, "/today")


def login(driver, server, login_name: str, password: str, remember: bool = False) -> None:
    driver.get(server.url + "/login")
    fill(driver, "login", login_name)
    fill(driver, "password", password)
    box = driver.find_element(By.ID, "remember")
    if box.is_selected() != remember:
        click(driver, driver.find_element(By.CSS_SELECTOR, "label[for=remember]"))
    submit(driver, "form[action='/login']")


def logout(driver) -> None:
    driver.find_element(By.CSS_SELECTOR, ".topbar form[action='/logout'] button").click()
    wait_path(driver, "/login")


def register(server, user, time_zone: str = "UTC") -> None:
    """Creates an account through the sign-up form, outside the browser."""
    client = FormClient(server.url)
    status, _headers, body = client.post(
        "/signup", {"email": user.email, "username": user.username, "password": user.password,
                    "timeZone": time_zone})
    assert status == 303, (status, body[:500])


class FormClient:
    """A cookie-keeping HTTP client that sends forms the way a browser does (with the CSRF
    token), never following redirects: for checking status codes and headers."""

    class _NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    def __init__(self, base_url: str):
        self.base = base_url
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), self._NoRedirect())

    def _open(self, request):
        try:
            with self.opener.open(request, timeout=15) as response:
                return response.status, response.headers, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read().decode()

    def get(self, path: str):
        return self._open(urllib.request.Request(self.base + path))

    def csrf(self) -> str:
        """The token a page's forms carry, read from a page as a browser would: signed in, it is
        bound to the session (not the cookie's own value), so it is read anew each time."""
        for path in ("/profile", "/login"):
            status, _, body = self.get(path)
            found = re.search(r'name="csrf" value="([^"]+)"', body)
            if status == 200 and found:
                return found.group(1)
        raise AssertionError("no page carried a CSRF token")

    def post(self, path: str, fields):
        pairs = list(fields.items()) if isinstance(fields, dict) else list(fields)
        pairs.append(("csrf", self.csrf()))
        data = urllib.parse.urlencode(pairs).encode()
        request = urllib.request.Request(
            self.base + path, data=data, method="POST",
            headers={"Content-Type": "application/x-www-form-urlencoded"})
        return self._open(request)

    def login(self, login_name: str, password: str):
        status, headers, body = self.post("/login", {"login": login_name, "password": password})
        assert status == 303, (status, body[:500])
        return headers


# --------------------------------------------------------------------------- tests


def test_sign_up_land_on_today_log_out_and_in_again(server, browser, new_user, screenshot):
    user = new_user("signup")

    browser.get(server.url + "/")
    assert "Daybook" in browser.title
    screenshot(browser, "welcome")
    browser.find_element(By.LINK_TEXT, "Create an account").click()
    wait_path(browser, "/signup")
    screenshot(browser, "signup")

    signup(browser, server, user, display_name="Ada Lovelace")
    assert "Ada Lovelace" in browser.find_element(By.TAG_NAME, "h1").text
    current = browser.find_element(By.CSS_SELECTOR, '.tabs a[aria-current="page"]')
    assert current.get_attribute("href").endswith("/today")
    tabs = [a.text for a in browser.find_elements(By.CSS_SELECTOR, ".tabs a")]
    assert tabs == ["Today", "Journal", "Calendar", "Insights", "Closet", "Profile"]
    screenshot(browser, "today-new")

    # The time zone was preset from the browser.
    zone = browser.execute_script("return Intl.DateTimeFormat().resolvedOptions().timeZone")
    browser.get(server.url + "/profile")
    assert zone in browser.find_element(By.CSS_SELECTOR, ".details").text
    assert browser.find_element(By.CSS_SELECTOR, ".profile-card .avatar").text == "AL"

    # A logged-in visitor of the welcome, login and sign-up pages goes to Today.
    for path in ("/", "/login", "/signup"):
        browser.get(server.url + path)
        wait_path(browser, "/today")

    logout(browser)
    assert "You are logged out." in browser.find_element(By.CSS_SELECTOR, ".notice").text
    browser.get(server.url + "/today")
    wait_path(browser, "/login")
    screenshot(browser, "login")

    # Log in with the username, then with the email in another case.
    login(browser, server, user.username, user.password)
    wait_path(browser, "/today")
    logout(browser)
    login(browser, server, user.email.upper(), user.password)
    wait_path(browser, "/today")


def test_every_page_screenshot(server, browser, new_user, screenshot):
    """Each page a logged-in user can open renders inside the layout, with the right tab."""
    user = new_user("pages")
    signup(browser, server, user)
    pages = [
        ("/today", "Today"), ("/journal", "Journal"), ("/calendar", "Calendar"), ("/days", "Calendar"),
        ("/checkins", "Today"), ("/insights", "Insights"), ("/closet", "Closet"), ("/profile", "Profile"),
        ("/profile/edit", "Profile"), ("/profile/password", "Profile"), ("/profile/sessions", "Profile"),
        ("/profile/feelings", "Profile"), ("/profile/activities", "Profile"), ("/profile/people", "Profile"),
        ("/profile/delete", "Profile"),
    ]
    for path, tab in pages:
        browser.get(server.url + path)
        wait_path(browser, path)
        assert browser.find_element(By.CSS_SELECTOR, '.tabs a[aria-current="page"]').text == tab, path
        assert browser.find_elements(By.CSS_SELECTOR, "main h1"), path
        screenshot(browser, "page" + path.replace("/", "-"))


def test_sign_up_shows_each_bad_field_at_once(server, browser, screenshot):
    browser.get(server.url + "/signup")
    fill(browser, "email", "not-an-email")
    fill(browser, "username", "ab")
    fill(browser, "password", "qwertyuiop")
    submit(browser, "form[action='/signup']")
    wait(browser).until(EC.presence_of_element_located((By.ID, "email-error")))

    assert "email address" in field_error(browser, "email")
    assert "too short" in field_error(browser, "username")
    assert "common" in field_error(browser, "password")
    assert "3 fields" in browser.find_element(By.CSS_SELECTOR, ".alert").text
    # What was typed stays, except the password.
    assert browser.find_element(By.ID, "email").get_attribute("value") == "not-an-email"
    assert browser.find_element(By.ID, "username").get_attribute("value") == "ab"
    assert browser.find_element(By.ID, "password").get_attribute("value") == ""
    screenshot(browser, "signup-errors")

    # The same answer carries status 422.
    client = FormClient(server.url)
    status, _, body = client.post("/signup", {"email": "x", "username": "ab", "password": "qwertyuiop"})
    assert status == 422
    assert 'id="email-error"' in body and 'id="username-error"' in body and 'id="password-error"' in body


def test_sign_up_refuses_a_taken_username_and_email(server, browser, new_user):
    user = new_user("taken")
    register(server, user)
    browser.get(server.url + "/signup")
    fill(browser, "email", user.email)
    fill(browser, "username", user.username)
    fill(browser, "password", "a long enough passphrase")
    submit(browser, "form[action='/signup']")
    wait(browser).until(EC.presence_of_element_located((By.ID, "email-error")))
    assert "already exists" in field_error(browser, "email")
    assert "taken" in field_error(browser, "username")


def test_login_failure_says_one_generic_thing(server, browser, new_user, screenshot):
    user = new_user("login")
    register(server, user)

    login(browser, server, user.username, "not the right password")
    wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".alert")))
    assert browser.find_element(By.CSS_SELECTOR, ".alert").text == GENERIC_LOGIN_ERROR
    assert browser.find_element(By.ID, "login").get_attribute("value") == user.username
    assert browser.find_element(By.ID, "password").get_attribute("value") == ""
    screenshot(browser, "login-failed")

    # An unknown account gets exactly the same words.
    login(browser, server, "nobody_" + user.username, "whatever password")
    wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".alert")))
    assert browser.find_element(By.CSS_SELECTOR, ".alert").text == GENERIC_LOGIN_ERROR

    # Empty fields are named one by one.
    browser.get(server.url + "/login")
    submit(browser, "form[action='/login']")
    wait(browser).until(EC.presence_of_element_located((By.ID, "login-error")))
    assert field_error(browser, "login")
    assert field_error(browser, "password")

    client = FormClient(server.url)
    status, _, body = client.post("/login", {"login": user.username, "password": "wrong password!"})
    assert status == 401
    assert GENERIC_LOGIN_ERROR in body


def test_too_many_failures_ask_to_wait(server, new_user):
    user = new_user("throttle")
    register(server, user)
    client = FormClient(server.url)
    for _ in range(10):
        status, _, _ = client.post("/login", {"login": user.username, "password": "wrong password!"})
        assert status == 401
    status, headers, body = client.post("/login", {"login": user.username, "password": user.password})
    assert status == 429
    assert int(headers["Retry-After"]) > 0
    assert re.search(r"Wait \d+ minutes? and try again", body)


def test_keep_me_logged_in_survives_a_browser_restart(server, make_browser, new_user):
    user = new_user("remember")
    register(server, user)

    browser = make_browser()
    login(browser, server, user.username, user.password, remember=True)
    wait_path(browser, "/today")
    browser = make_browser.restart(browser)
    browser.get(server.url + "/today")
    wait_path(browser, "/today")
    assert browser.find_elements(By.CSS_SELECTOR, ".tabs")

    # The sessions page lists this device, kept logged in.
    browser.get(server.url + "/profile/sessions")
    current = browser.find_element(By.CSS_SELECTOR, ".session.is-current")
    assert "This device" in current.text and "kept logged in" in current.text


def test_without_keep_me_logged_in_a_restart_logs_out(server, make_browser, new_user):
    user = new_user("forget")
    register(server, user)

    browser = make_browser()
    login(browser, server, user.username, user.password, remember=False)
    wait_path(browser, "/today")
    browser = make_browser.restart(browser)
    browser.get(server.url + "/today")
    wait_path(browser, "/login")


def test_revoking_a_session_logs_that_device_out(server, make_browser, new_user, screenshot):
    user = new_user("revoke")
    register(server, user)
    phone = make_browser()
    login(phone, server, user.username, user.password)
    wait_path(phone, "/today")
    desktop = make_browser(size=(1280, 800))
    login(desktop, server, user.email, user.password)
    wait_path(desktop, "/today")

    desktop.get(server.url + "/profile/sessions")
    sessions = desktop.find_elements(By.CSS_SELECTOR, ".session")
    assert len(sessions) >= 2
    screenshot(desktop, "sessions")
    listing = desktop.find_element(By.CSS_SELECTOR, ".sessions").text
    other = desktop.find_element(By.CSS_SELECTOR, ".session:not(.is-current) button")
    click(desktop, other)
    wait(desktop).until(gone(other))  # the same URL comes back: wait for the new page
    wait_path(desktop, "/profile/sessions")
    assert len(desktop.find_elements(By.CSS_SELECTOR, ".session")) == len(sessions) - 1

    phone.get(server.url + "/today")
    assert path_of(phone) == "/login", listing
    desktop.get(server.url + "/today")
    wait_path(desktop, "/today")


def test_profile_changes_and_their_errors(server, browser, new_user):
    user = new_user("profile")
    signup(browser, server, user)
    browser.get(server.url + "/profile/edit")
    fill(browser, "displayName", "Grace Hopper")
    fill(browser, "bio", "Writes compilers.\nLikes nanoseconds.")
    fill(browser, "email", "not an email")
    submit(browser, "form[action='/profile/edit']")
    wait(browser).until(EC.presence_of_element_located((By.ID, "email-error")))
    assert "email address" in field_error(browser, "email")
    # What was typed is kept.
    assert browser.find_element(By.ID, "displayName").get_attribute("value") == "Grace Hopper"

    fill(browser, "email", "grace." + user.email)
    Select(browser.find_element(By.ID, "timeZone")).select_by_value("Europe/Helsinki")
    submit(browser, "form[action='/profile/edit']")
    wait_path(browser, "/profile")
    text = browser.find_element(By.CSS_SELECTOR, "main").text
    assert "Grace Hopper" in text and "Likes nanoseconds." in text and "Europe/Helsinki" in text
    assert browser.find_element(By.CSS_SELECTOR, ".avatar").text == "GH"

    # Change the password: the wrong current one is named, then it works.
    browser.get(server.url + "/profile/password")
    fill(browser, "currentPassword", "wrong password here")
    fill(browser, "newPassword", "a brand new passphrase")
    submit(browser, "form[action='/profile/password']")
    wait(browser).until(EC.presence_of_element_located((By.ID, "currentPassword-error")))
    assert field_error(browser, "currentPassword")
    fill(browser, "currentPassword", user.password)
    fill(browser, "newPassword", "a brand new passphrase")
    submit(browser, "form[action='/profile/password']")
    wait_path(browser, "/profile")
    logout(browser)
    login(browser, server, user.username, "a brand new passphrase")
    wait_path(browser, "/today")


def test_delete_account_asks_for_the_password(server, browser, new_user):
    user = new_user("delete")
    signup(browser, server, user)
    browser.get(server.url + "/profile/delete")
    fill(browser, "password", user.password)
    submit(browser, "form[action='/profile/delete']")
    wait(browser).until(EC.presence_of_element_located((By.ID, "confirm-error")))
    assert field_error(browser, "confirm")

    click(browser, browser.find_element(By.CSS_SELECTOR, "label[for=confirm]"))
    fill(browser, "password", "not my password")
    submit(browser, "form[action='/profile/delete']")
    wait(browser).until(EC.presence_of_element_located((By.ID, "password-error")))
    assert field_error(browser, "password")

    fill(browser, "password", user.password)
    if not browser.find_element(By.ID, "confirm").is_selected():
        click(browser, browser.find_element(By.CSS_SELECTOR, "label[for=confirm]"))
    submit(browser, "form[action='/profile/delete']")
    wait_path(browser, "/")
    assert "deleted" in browser.find_element(By.CSS_SELECTOR, ".notice").text
    login(browser, server, user.username, user.password)
    wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".alert")))
    assert browser.find_element(By.CSS_SELECTOR, ".alert").text == GENERIC_LOGIN_ERROR


def test_pages_need_a_login_and_come_back_after_it(server, browser, new_user):
    user = new_user("next")
    register(server, user)
    browser.get(server.url + "/calendar")
    wait_path(browser, "/login")
    fill(browser, "login", user.username)
    fill(browser, "password", user.password)
    submit(browser, "form[action='/login']")
    wait_path(browser, "/calendar")


def test_manifest_icons_and_static_caching(server):
    status, headers, body = server.get("/manifest.webmanifest")
    assert status == 200
    assert headers["Content-Type"].startswith("application/manifest+json")
    import json

    manifest = json.loads(body)
    assert manifest["name"] == "Daybook"
    assert manifest["start_url"] == "/today"
    assert manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        status, headers, data = server.get(icon["src"])
        assert status == 200, icon
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            assert "immutable" in headers["Cache-Control"]

    status, headers, body = server.get("/login")
    html = body.decode()
    css = re.search(r'href="(/static/app\.css\?v=[0-9a-f]+)"', html).group(1)
    status, headers, _ = server.get(css)
    assert status == 200
    assert headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert headers["Content-Type"].startswith("text/css")
    status, _, _ = server.get("/favicon.ico")
    assert status == 200
    # No inline script or style anywhere: the page works under the CSP.
    assert "<style" not in html and ' style="' not in html
    assert re.search(r"<script(?![^>]*\bsrc=)", html) is None
