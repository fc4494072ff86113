"""Two-factor sign-in in the browser (issue 20): turn it on by scanning the QR code the page
shows (read off a screenshot by zbarimg, as a phone's camera would), type the app's code, save the
recovery codes, log out, log in with password and code, and once with a recovery code."""

from __future__ import annotations

import base64
import hmac
import struct
import subprocess
import time
import urllib.parse

from selenium.webdriver.common.by import By

from test_accounts import fill, login, logout, path_of, signup, submit, wait_path


def totp(secret: str, at: float | None = None) -> str:
    """RFC 6238 with SHA-1, 30 s, 6 digits: what an authenticator app computes."""
    key = base64.b32decode(secret + "=" * (-len(secret) % 8))
    step = int((time.time() if at is None else at) // 30)
    mac = hmac.new(key, struct.pack(">Q", step), "sha1").digest()
    offset = mac[-1] & 0x0F
    number = (struct.unpack(">I", mac[offset:offset + 4])[0] & 0x7FFFFFFF) % 1_000_000
    return f"{number:06d}"


def scan_qr(driver) -> str:
    """Screenshots the QR code element and decodes it with zbarimg."""
    element = driver.find_element(By.CSS_SELECTOR, "[data-qr] svg")
    png = element.screenshot_as_png
    result = subprocess.run(["zbarimg", "--quiet", "--raw", "-"], input=png, capture_output=True, timeout=30)
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout.decode().strip()


def fresh_code(secret: str, used: set[str]) -> str:
    """The app's current code, waiting for the next step if this one was used already."""
    while (code := totp(secret)) in used:
        time.sleep(1)
    used.add(code)
    return code


def test_turn_on_log_in_with_a_code_and_a_recovery_code(server, browser, new_user, screenshot):
    user = new_user("twofa")
    signup(browser, server, user)
    browser.get(server.url + "/profile")
    assert "Two-factor sign-in" in browser.find_element(By.TAG_NAME, "main").text
    browser.get(server.url + "/profile/two-factor")
    screenshot(browser, "two-factor-off")
    submit(browser, "form[action='/profile/two-factor/start']")
    wait_path(browser, "/profile/two-factor")
    screenshot(browser, "two-factor-scan")

    address = scan_qr(browser)
    parsed = urllib.parse.urlsplit(address)
    assert parsed.scheme == "otpauth" and parsed.netloc == "totp"
    assert urllib.parse.unquote(parsed.path) == f"/Daybook:{user.username}"
    query = urllib.parse.parse_qs(parsed.query)
    secret = query["secret"][0]
    assert query["issuer"] == ["Daybook"]
    shown = browser.find_element(By.CSS_SELECTOR, "[data-secret]").text.replace(" ", "")
    assert shown == secret

    used: set[str] = set()
    fill(browser, "code", "000000" if totp(secret) != "000000" else "111111")
    submit(browser, "form[action='/profile/two-factor/confirm']")
    assert "not right" in browser.find_element(By.ID, "code-error").text
    code = fresh_code(secret, used)
    fill(browser, "code", code[:3] + " " + code[3:])
    submit(browser, "form[action='/profile/two-factor/confirm']")
    codes = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "[data-recovery-codes] li")]
    assert len(codes) == 10 and all(len(c) == 11 for c in codes), codes
    screenshot(browser, "two-factor-recovery-codes")

    # Password alone no longer logs in: the code page comes next.
    logout(browser)
    login(browser, server, user.username, user.password)
    assert path_of(browser) == "/login"
    assert browser.find_element(By.ID, "code").is_displayed()
    screenshot(browser, "two-factor-login-code")
    fill(browser, "code", "123456" if totp(secret) != "123456" else "654321")
    submit(browser, "form[action='/login/code']")
    assert "not right" in browser.find_element(By.ID, "code-error").text
    fill(browser, "code", fresh_code(secret, used))
    submit(browser, "form[action='/login/code']")
    wait_path(browser, "/today")

    # A recovery code, once.
    logout(browser)
    login(browser, server, user.username, user.password)
    fill(browser, "code", codes[0])
    submit(browser, "form[action='/login/code']")
    wait_path(browser, "/today")
    browser.get(server.url + "/profile/two-factor")
    assert "9 of 10 recovery codes left" in browser.find_element(By.TAG_NAME, "main").text
    screenshot(browser, "two-factor-on")

    # Off again, with the password.
    fill(browser, "off-password", "not my password")
    submit(browser, "form[action='/profile/two-factor/disable']")
    assert "not right" in browser.find_element(By.ID, "off-password-error").text
    fill(browser, "off-password", user.password)
    submit(browser, "form[action='/profile/two-factor/disable']")
    wait_path(browser, "/profile")
    logout(browser)
    login(browser, server, user.username, user.password)
    wait_path(browser, "/today")
