"""Helpers for Daybook's browser tests: the real server, Chromium, screenshots, users.

Tests import what they need directly, e.g. ``from helpers import screenshot, new_user``;
the fixtures in conftest.py are built on these.
"""

from __future__ import annotations

import json as jsonlib
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
OUTPUT_DIR = REPO_ROOT / "test-output"
SCREENSHOT_DIR = OUTPUT_DIR / "screenshots"
LOG_DIR = OUTPUT_DIR / "logs"
FAILURE_DIR = OUTPUT_DIR / "failures"

CHROMIUM = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")

MOBILE = (390, 844)
DESKTOP = (1280, 800)
SCREENSHOT_SIZES = (MOBILE, DESKTOP)

HEALTH_TIMEOUT = 30.0  # seconds for `daybook serve` to answer /healthz


def safe_name(text: str) -> str:
    """A file-name-safe version of ``text`` (test ids, screenshot names)."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("_")[:150] or "unnamed"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that is free right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def daybook_bin() -> Path:
    """The server executable: $DAYBOOK_BIN, else the debug build in .build."""
    env = os.environ.get("DAYBOOK_BIN")
    path = Path(env) if env else REPO_ROOT / ".build" / "debug" / "daybook"
    if not (path.is_file() and os.access(path, os.X_OK)):
        raise FileNotFoundError(
            f"daybook executable not found at {path}: run `make test`, or "
            "`swift build --product daybook` and set DAYBOOK_BIN=$(swift build --show-bin-path)/daybook"
        )
    return path


# --------------------------------------------------------------------------- users


@dataclass(frozen=True)
class User:
    email: str
    username: str
    password: str


def new_user(prefix: str = "user") -> User:
    """Unique, valid sign-up data: username of a-z 0-9 _, a password of 10+ characters."""
    suffix = secrets.token_hex(4)
    username = f"{prefix}_{suffix}"[:30]
    return User(
        email=f"{username}@example.com",
        username=username,
        password=f"correct horse battery {secrets.randbelow(900) + 100}",
    )


# --------------------------------------------------------------------------- server


class ServerError(RuntimeError):
    pass


class DaybookServer:
    """One real ``daybook serve`` process on a free loopback port.

    ``url`` is its base URL (no trailing slash). Output goes to ``log_path``.
    ``stop()`` sends SIGTERM (clean shutdown), then SIGKILL after 10 s.
    ``restart()`` starts it again on the same data directory (and a new port
    unless ``same_port``).
    """

    def __init__(self, data_dir: Path, log_path: Path, env: dict | None = None,
                 args: tuple[str, ...] = ()):
        self.data_dir = Path(data_dir)
        self.log_path = Path(log_path)
        self.extra_env = dict(env or {})
        self.extra_args = tuple(args)
        self.host = "127.0.0.1"
        self.port: int | None = None
        self.proc: subprocess.Popen | None = None
        self.running = False  # started and healthy, not stopped since
        self.crashed = False  # exited by itself while it should have been running

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def _env(self) -> dict:
        env = os.environ.copy()
        # The flags below decide; no stray settings from the developer's shell.
        for key in ("DAYBOOK_HOST", "DAYBOOK_PORT", "DAYBOOK_DATA_DIR", "DAYBOOK_DATABASE_URL"):
            env.pop(key, None)
        env["DAYBOOK_BCRYPT_COST"] = "4"
        # Every test signs up from 127.0.0.1; the throttle has its own tests.
        env["DAYBOOK_SIGNUP_LIMIT"] = "100000"
        env.update(self.extra_env)
        return env

    def start(self, same_port: bool = False) -> "DaybookServer":
        binary = daybook_bin()
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        last_error = ""
        for _attempt in range(3):
            if not (same_port and self.port):
                self.port = free_port()
            cmd = [str(binary), "serve", "--host", self.host, "--port", str(self.port),
                   "--data-dir", str(self.data_dir), *self.extra_args]
            with open(self.log_path, "ab") as log:
                log.write(f"\n$ {' '.join(cmd)}\n".encode())
                log.flush()
                self.proc = subprocess.Popen(
                    cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                    env=self._env(), cwd=str(self.data_dir.parent),
                    # Same process group as pytest: a Ctrl-C or a kill of the whole
                    # run reaches the server too, so nothing is left running.
                )
            self.crashed = False
            try:
                self._wait_healthy(HEALTH_TIMEOUT)
                self.running = True
                return self
            except ServerError as error:
                last_error = str(error)
                exited = self.proc.poll() is not None
                self._terminate()
                # Another process took the port between our pick and its bind: try another.
                if exited and re.search(r"address already in use|EADDRINUSE|errno: 98",
                                        self.log_tail(), re.I) and not same_port:
                    continue
                break
        raise ServerError(f"{last_error}\n--- daybook log ({self.log_path}) ---\n{self.log_tail()}")

    def _wait_healthy(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        last = "no answer"
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise ServerError(f"daybook serve exited with status {self.proc.returncode} before it was ready")
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=2) as resp:
                    if resp.status == 200:
                        return
                    last = f"HTTP {resp.status}"
            except urllib.error.HTTPError as error:
                last = f"HTTP {error.code}"
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError) as error:
                last = str(error)
            time.sleep(0.05)
        raise ServerError(f"daybook serve did not answer 200 on /healthz within {timeout:.0f} s (last: {last})")

    def _terminate(self) -> None:
        proc = self.proc
        if proc is None or proc.poll() is not None:
            return
        try:
            proc.send_signal(signal.SIGTERM)  # clean shutdown
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        except ProcessLookupError:
            pass

    def stop(self) -> None:
        if self.running and self.proc is not None and self.proc.poll() is not None:
            self.crashed = True  # it was not asked to stop
        self.running = False
        self._terminate()

    def restart(self, same_port: bool = False) -> "DaybookServer":
        self.stop()
        return self.start(same_port=same_port)

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def log_tail(self, lines: int = 200) -> str:
        return "\n".join(self.log_text().splitlines()[-lines:])

    # A small HTTP client for API checks and set-up, no browser needed.
    def request(self, method: str, path: str, json=None, headers: dict | None = None,
                data: bytes | None = None, timeout: float = 10):
        """Returns (status, headers, body bytes); never raises on an HTTP error status."""
        hdrs = dict(headers or {})
        if json is not None:
            data = jsonlib.dumps(json).encode()
            hdrs.setdefault("Content-Type", "application/json")
        req = urllib.request.Request(self.url + path, data=data, method=method, headers=hdrs)
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return resp.status, resp.headers, resp.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()

    def get(self, path: str, **kwargs):
        return self.request("GET", path, **kwargs)


# --------------------------------------------------------------------------- browser


def chrome_options(profile_dir: Path, size: tuple[int, int] = MOBILE):
    from selenium.webdriver.chrome.options import Options

    options = Options()
    options.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",  # CI runs as root
        "--disable-dev-shm-usage",
        "--disable-gpu",
        f"--window-size={size[0]},{size[1]}",
        "--force-device-scale-factor=1",
        f"--user-data-dir={profile_dir}",
        "--lang=en-US",
        "--no-first-run",
        "--no-default-browser-check",
        "--password-store=basic",
        "--use-mock-keychain",
        # No network but loopback here: keep Chromium from calling home.
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-default-apps",
        "--disable-extensions",
        "--metrics-recording-only",
        "--disable-features=Translate,OptimizationHints,MediaRouter,AutofillServerCommunication",
    ):
        options.add_argument(arg)
    options.add_experimental_option("prefs", {
        "credentials_enable_service": False,
        "profile.password_manager_enabled": False,
        "intl.accept_languages": "en-US,en",
    })
    return options


def wait_profile_unlocked(profile_dir: Path, timeout: float = 10.0) -> None:
    """Wait until no Chromium holds ``profile_dir`` (after a quit it may take a moment)."""
    lock = Path(profile_dir) / "SingletonLock"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not (lock.exists() or lock.is_symlink()):
            return
        time.sleep(0.1)
    # A stale lock from a killed browser: Chromium would refuse the profile.
    for name in ("SingletonLock", "SingletonCookie", "SingletonSocket"):
        try:
            (Path(profile_dir) / name).unlink()
        except FileNotFoundError:
            pass


def start_chrome(profile_dir: Path, size: tuple[int, int] = MOBILE):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    wait_profile_unlocked(profile_dir)
    service = Service(executable_path=CHROMEDRIVER)
    driver = webdriver.Chrome(options=chrome_options(profile_dir, size), service=service)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    driver.profile_dir = Path(profile_dir)
    driver.daybook_size = tuple(size)
    set_viewport(driver, *size)
    return driver


def viewport(driver) -> tuple[int, int]:
    width, height = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    return int(width), int(height)


def set_viewport(driver, width: int, height: int) -> None:
    """Resize the window so that the page itself (the viewport, what a screenshot
    shows) is exactly width x height CSS pixels. Headless Chromium's window is
    taller than its viewport by its (invisible) toolbar."""
    extra = getattr(driver, "daybook_window_extra", None)
    if extra is None:
        driver.set_window_size(width, height)
        inner_w, inner_h = viewport(driver)
        extra = (width - inner_w, height - inner_h)
        driver.daybook_window_extra = extra
    driver.set_window_size(width + extra[0], height + extra[1])
    if viewport(driver) != (width, height):
        # The toolbar changed (or the page was mid-navigation): measure again once.
        driver.set_window_size(width, height)
        inner_w, inner_h = viewport(driver)
        driver.daybook_window_extra = (width - inner_w, height - inner_h)
        driver.set_window_size(width + width - inner_w, height + height - inner_h)


def settle(driver) -> None:
    """Let layout, fonts and a paint happen (after a resize or before a screenshot)."""
    try:
        driver.execute_async_script(
            """
            const done = arguments[arguments.length - 1];
            const fallback = setTimeout(done, 1000);
            const fonts = document.fonts ? document.fonts.ready : Promise.resolve();
            fonts.then(() => requestAnimationFrame(() => requestAnimationFrame(() => {
                clearTimeout(fallback); done();
            })));
            """
        )
    except Exception:  # noqa: BLE001 - a page mid-navigation; a short pause will do
        time.sleep(0.2)


def screenshot(driver, name: str, sizes=SCREENSHOT_SIZES) -> list[Path]:
    """Save the viewport at each size (default 390x844 and 1280x800) as
    test-output/screenshots/{name}-{w}x{h}.png, then restore the window size."""
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    original = driver.get_window_size()
    paths = []
    try:
        for width, height in sizes:
            set_viewport(driver, width, height)
            settle(driver)
            path = SCREENSHOT_DIR / f"{safe_name(name)}-{width}x{height}.png"
            if not driver.save_screenshot(str(path)):
                raise RuntimeError(f"screenshot {path} failed")
            paths.append(path)
    finally:
        driver.set_window_size(original["width"], original["height"])
        settle(driver)
    return paths


def wait(driver, timeout: float = 10):
    """``wait(driver).until(EC....)``"""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout)


def new_profile_dir(base: Path | None = None) -> Path:
    return Path(tempfile.mkdtemp(prefix="chrome-profile-", dir=base))


def remove_tree(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)
