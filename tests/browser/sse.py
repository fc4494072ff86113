"""A small Server-Sent Events reader for tests: connects to /api/v1/events and collects events in
a background thread, as a browser's EventSource would."""

from __future__ import annotations

import http.client
import threading
import time
import urllib.parse


class EventStream:
    def __init__(self, base_url: str, token: str | None = None, last_event_id: str | None = None,
                 cookie: str | None = None):
        parts = urllib.parse.urlsplit(base_url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        headers = {"Accept": "text/event-stream"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if cookie:
            headers["Cookie"] = cookie
        if last_event_id:
            headers["Last-Event-ID"] = last_event_id
        self.connection.request("GET", "/api/v1/events", headers=headers)
        self.response = self.connection.getresponse()
        self.status = self.response.status
        self.content_type = self.response.getheader("content-type", "")
        self.events: list[dict] = []
        self.lock = threading.Lock()
        if self.status == 200:
            threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        event: dict = {}
        # Its own reference: `close()` on another thread sets the response's `fp` to None, and a
        # read of the closed file then ends this loop (ValueError) instead of failing on None.
        stream = self.response.fp
        try:
            while True:
                line = stream.readline()
                if not line:
                    return
                text = line.decode().rstrip("\n")
                if text == "":
                    if event:
                        event["received"] = time.monotonic()
                        with self.lock:
                            self.events.append(event)
                    event = {}
                elif text.startswith(":"):
                    continue
                else:
                    field, _, value = text.partition(": ")
                    event[field] = value
        except (OSError, ValueError):
            return

    def wait_for(self, name: str, count: int = 1, timeout: float = 5.0) -> list[dict]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                found = [e for e in self.events if e.get("event") == name]
            if len(found) >= count:
                return found
            time.sleep(0.01)
        with self.lock:
            raise AssertionError(f"no {count} {name!r} events within {timeout} s: {self.events}")

    def close(self):
        try:
            self.connection.sock.shutdown(2)
        except OSError:
            pass
        self.connection.close()
