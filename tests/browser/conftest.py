"""Fixtures for Daybook's browser tests.

Server (the real ``$DAYBOOK_BIN serve`` on a free 127.0.0.1 port, its own data dir,
DAYBOOK_BCRYPT_COST=4):
  server          a fresh server for this test (isolation: empty database)
  shared_server   one server for the whole session (faster; use unique users)
  make_server     factory: make_server(data_dir=None, env=None, args=()) -> started server;
                  server.restart() keeps the data directory

Browser (Debian's Chromium + chromedriver, headless, 390x844 unless asked):
  browser         a browser with a fresh profile
  make_browser    factory: make_browser(profile_dir=None, size=(390, 844));
                  driver.profile_dir is its profile, so
                  ``make_browser(profile_dir=old.profile_dir)`` after ``old.quit()``
                  is the same browser restarted (cookies kept as Chromium keeps them)
                  make_browser.restart(driver) does both steps.

Helpers (also importable: ``from helpers import screenshot, new_user, wait``):
  screenshot      fixture returning helpers.screenshot(driver, name)
  new_user        fixture returning helpers.new_user() -> User(email, username, password)

On a failed test, the report carries each server's log tail, and each open
browser's screenshot, URL and HTML are saved under test-output/failures/.
"""

from __future__ import annotations

import signal
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import helpers  # noqa: E402
from helpers import (  # noqa: E402
    FAILURE_DIR,
    LOG_DIR,
    DaybookServer,
    ServerError,
    safe_name,
    start_chrome,
)


def pytest_configure(config):
    # A SIGTERM (a CI time-out, `kill`) ends the run like Ctrl-C does, so that the
    # fixtures' teardown still stops every server and browser.
    def _interrupt(signum, frame):
        raise KeyboardInterrupt(f"signal {signum}")

    signal.signal(signal.SIGTERM, _interrupt)


# --------------------------------------------------------------------------- server


class ServerFactory:
    def __init__(self, tmp_path_factory, label: str):
        self._tmp = tmp_path_factory
        self._label = safe_name(label)
        self.servers: list[DaybookServer] = []

    def __call__(self, data_dir: Path | None = None, env: dict | None = None,
                 args: tuple[str, ...] = ()) -> DaybookServer:
        n = len(self.servers) + 1
        if data_dir is None:
            data_dir = self._tmp.mktemp("daybook-data") / "data"
        log_path = LOG_DIR / f"{self._label}-server{n}.log"
        log_path.parent.mkdir(parents=True, exist_ok=True)
        log_path.write_text("")
        server = DaybookServer(data_dir=data_dir, log_path=log_path, env=env, args=args)
        self.servers.append(server)
        error = None
        try:
            server.start()
        except (ServerError, FileNotFoundError) as caught:
            error = str(caught)
        if error is not None:
            pytest.fail(error, pytrace=False)
        return server

    def stop_all(self) -> list[DaybookServer]:
        """Stops every server; returns those that had exited by themselves (crashed)."""
        crashed = []
        for server in self.servers:
            server.stop()
            if server.crashed:
                crashed.append(server)
        return crashed


def _finish_servers(factory: ServerFactory) -> None:
    crashed = factory.stop_all()
    if crashed:
        details = "\n".join(
            f"--- {s.log_path} (exit {s.proc.returncode}) ---\n{s.log_tail()}" for s in crashed
        )
        pytest.fail(f"daybook serve exited during the test:\n{details}", pytrace=False)


@pytest.fixture
def make_server(request, tmp_path_factory):
    factory = ServerFactory(tmp_path_factory, request.node.nodeid)
    yield factory
    _finish_servers(factory)


@pytest.fixture
def server(make_server) -> DaybookServer:
    """A fresh ``daybook serve`` for this test only (empty database)."""
    return make_server()


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory):
    """One ``daybook serve`` for the whole session: faster, but tests must not
    assume an empty database (use new_user())."""
    factory = ServerFactory(tmp_path_factory, "session")
    yield factory()
    _finish_servers(factory)


# --------------------------------------------------------------------------- browser


class BrowserFactory:
    def __init__(self, tmp_path_factory):
        self._tmp = tmp_path_factory
        self.drivers: list = []

    def __call__(self, profile_dir: Path | None = None, size: tuple[int, int] = helpers.MOBILE):
        if profile_dir is None:
            profile_dir = self._tmp.mktemp("chrome-profile")
        driver = start_chrome(Path(profile_dir), size)
        self.drivers.append(driver)
        return driver

    def restart(self, driver, size: tuple[int, int] | None = None):
        """Quit ``driver`` (as a user closing the browser) and start it again on the same profile."""
        profile_dir = driver.profile_dir
        size = size or driver.daybook_size
        self.quit(driver)
        return self(profile_dir=profile_dir, size=size)

    @staticmethod
    def quit(driver) -> None:
        if getattr(driver, "daybook_quit", False):
            return
        driver.daybook_quit = True
        try:
            driver.quit()
        except Exception:  # noqa: BLE001 - already gone
            pass

    def live(self) -> list:
        return [d for d in self.drivers if not getattr(d, "daybook_quit", False)]

    def quit_all(self) -> None:
        for driver in self.drivers:
            self.quit(driver)


@pytest.fixture
def make_browser(tmp_path_factory):
    factory = BrowserFactory(tmp_path_factory)
    yield factory
    factory.quit_all()


@pytest.fixture
def browser(make_browser):
    return make_browser()


# --------------------------------------------------------------------------- helpers


@pytest.fixture
def screenshot():
    return helpers.screenshot


@pytest.fixture
def new_user():
    return helpers.new_user


# --------------------------------------------------------------------------- failure reports


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when not in ("setup", "call") or not report.failed:
        return
    funcargs = getattr(item, "funcargs", {}) or {}
    servers, browsers = [], []
    for value in funcargs.values():
        if isinstance(value, ServerFactory):
            servers.extend(value.servers)
        elif isinstance(value, DaybookServer):
            servers.append(value)
        elif isinstance(value, BrowserFactory):
            browsers.extend(value.live())
    seen = set()
    for server in servers:
        if id(server) in seen:
            continue
        seen.add(id(server))
        report.sections.append((f"daybook server log {server.log_path}", server.log_tail(100)))

    base = safe_name(item.nodeid)
    for n, driver in enumerate(browsers, start=1):
        try:
            FAILURE_DIR.mkdir(parents=True, exist_ok=True)
            stem = FAILURE_DIR / f"{base}-browser{n}"
            driver.save_screenshot(str(stem) + ".png")
            Path(str(stem) + ".html").write_text(driver.page_source)
            report.sections.append(
                (f"browser {n}", f"url: {driver.current_url}\nscreenshot: {stem}.png\nhtml: {stem}.html")
            )
        except Exception as error:  # noqa: BLE001 - the browser may be the thing that failed
            report.sections.append((f"browser {n}", f"could not capture: {error}"))
