"""The live-notification figures of `make bench` (issue 13): many open Server-Sent Events streams
on one server, how long a notification takes from "made" to "received" on each of them, and what
idle streams cost in memory and CPU.

One user holds every stream, so each notification wakes all of them: the worst case of fan-out.
The client is asyncio on raw sockets, so thousands of streams cost it little."""

from __future__ import annotations

import asyncio
import resource
import socket
import struct
import time
from datetime import datetime
import urllib.request


def raise_open_files() -> None:
    """Streams are sockets: allow as many as the hard limit lets us (the server inherits it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


# The kernel's receive time of a socket's data (`SO_TIMESTAMPNS`: a `struct timespec` per read).
SO_TIMESTAMPNS = getattr(socket, "SO_TIMESTAMPNS", 35)
TIMESPEC = struct.Struct("qq")


async def open_stream(port: int, token: str, on_event):
    """Opens `GET /api/v1/events` and calls `on_event(id, received, read)` for every notification
    event: `received` is when its bytes reached this machine's socket (the kernel's timestamp; what
    "received" means for the server's latency), `read` when this client got to them. Both are
    wall-clock times, compared with the server's `createdAt`. They differ by the client's own
    queueing: one Python thread reads every stream on the same two cores as the server, so reading
    1,000 sockets after a notification takes it longer than the server takes to write them.

    Returns (stream, task): `stream.close()` closes it; the task ends when it is closed."""
    loop = asyncio.get_running_loop()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setblocking(False)
    sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
    await loop.sock_connect(sock, ("127.0.0.1", port))
    await loop.sock_sendall(sock, (f"GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                   f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = await loop.sock_recv(sock, 1 << 16)
        if not chunk:
            raise RuntimeError("stream closed before its headers")
        head += chunk
    status = head.split(b"\r\n", 1)[0]
    if b" 200 " not in status:
        raise RuntimeError(f"stream refused: {status!r}")
    stream = _Stream(loop, sock, on_event)
    stream.take(head.split(b"\r\n\r\n", 1)[1], time.time())
    loop.add_reader(sock.fileno(), stream.readable)
    return stream, loop.create_task(stream.wait())


class _Stream:
    """One open stream, read whenever its socket is readable: whole chunks, events cut at the blank
    line (the chunked encoding's size lines are ignored with every other line)."""

    def __init__(self, loop, sock, on_event):
        self.loop, self.sock, self.on_event = loop, sock, on_event
        self.pending = b""
        self.closed = loop.create_future()

    def readable(self):
        try:
            data, ancillary, _, _ = self.sock.recvmsg(1 << 16, socket.CMSG_SPACE(TIMESPEC.size))
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data, ancillary = b"", []
        if not data:
            self.close()
            return
        read = time.time()
        received = read
        for level, kind, value in ancillary:
            if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS and len(value) >= TIMESPEC.size:
                seconds, nanoseconds = TIMESPEC.unpack(value[:TIMESPEC.size])
                received = seconds + nanoseconds / 1e9
        self.take(data, read, received)

    def take(self, data: bytes, read: float, received: float | None = None):
        self.pending += data
        while (end := self.pending.find(b"\n\n")) >= 0:
            event, self.pending = self.pending[:end], self.pending[end + 2:]
            name = event_id = None
            for line in event.split(b"\n"):
                if line.startswith(b"event: "):
                    name = line[7:].strip()
                elif line.startswith(b"id: "):
                    event_id = line[4:].strip()
            if name == b"notification" and event_id:
                self.on_event(event_id.decode(), received or read, read)

    def close(self):
        if not self.closed.done():
            self.loop.remove_reader(self.sock.fileno())
            self.sock.close()
            self.closed.set_result(None)

    async def wait(self):
        try:
            await self.closed
        except asyncio.CancelledError:
            self.close()


def percentile(ordered: list[float], p: float) -> float:
    """The value at fraction `p` (0…1) of a sorted list; NaN for an empty one."""
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else float("nan")


def post(port: int, token: str, path: str) -> dict:
    import json
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=b"{}", method="POST",
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


async def measure(port: int, token: str, streams: int, notifications: int, idle_streams: int, memory, cpu_seconds,
                  log) -> dict:
    received: dict[str, list[float]] = {}
    read: dict[str, list[float]] = {}

    def on_event(notification_id: str, at: float, read_at: float):
        received.setdefault(notification_id, []).append(at)
        read.setdefault(notification_id, []).append(read_at)

    # What the server holds before any stream: the phases before this one (the photo burst) leave
    # memory with glibc, which the streams must not be charged for.
    rss_start = memory().get("VmRSS", 0) / 1024
    opened = []
    started = time.monotonic()
    for batch in range(0, streams, 200):
        opened += await asyncio.gather(*(open_stream(port, token, on_event) for _ in range(min(200, streams - batch))))
    log(f"  {streams} streams open in {time.monotonic() - started:.1f} s")
    await asyncio.sleep(1)
    # Two clocks: from the server's `createdAt` (when the notification was made: what the issue
    # times) and from before the request that made it (adds the request's own round trip, from a
    # thread of this client, which competes with the readers for the interpreter). One machine,
    # one wall clock.
    latencies: list[float] = []
    from_request: list[float] = []
    read_by_client: list[float] = []
    loop = asyncio.get_running_loop()
    for _ in range(notifications):
        sent = time.time()
        made = await loop.run_in_executor(None, post, port, token, "/api/v1/notifications/test")
        created = datetime.fromisoformat(made["createdAt"].replace("Z", "+00:00")).timestamp()
        deadline = time.monotonic() + 5
        while len(received.get(made["id"], [])) < streams and time.monotonic() < deadline:
            await asyncio.sleep(0.002)
        latencies += [(at - created) * 1000 for at in received.get(made["id"], [])]
        from_request += [(at - sent) * 1000 for at in received.get(made["id"], [])]
        read_by_client += [(at - created) * 1000 for at in read.get(made["id"], [])]
        await asyncio.sleep(0.02)
    expected = streams * notifications
    latencies.sort()
    from_request.sort()
    read_by_client.sort()
    result = {"streams": streams, "notifications": notifications, "events_expected": expected,
              "events_received": len(latencies), "p50_ms": percentile(latencies, 0.50),
              "p99_ms": percentile(latencies, 0.99), "max_ms": percentile(latencies, 1.0),
              "request_p50_ms": percentile(from_request, 0.50), "request_p99_ms": percentile(from_request, 0.99),
              "read_p50_ms": percentile(read_by_client, 0.50), "read_p99_ms": percentile(read_by_client, 0.99)}
    log(f"  made → received on {streams} streams: p50 {result['p50_ms']:.1f} ms, p99 {result['p99_ms']:.1f} ms, "
        f"max {result['max_ms']:.1f} ms ({len(latencies):,} of {expected:,} events; received: the kernel's "
        f"arrival time at the client's socket); from before the request: p50 {result['request_p50_ms']:.1f} ms, "
        f"p99 {result['request_p99_ms']:.1f} ms; until read by this one-thread client: p50 "
        f"{result['read_p50_ms']:.1f} ms, p99 {result['read_p99_ms']:.1f} ms")

    # More streams, all idle: memory, and CPU over ten quiet seconds.
    rss_before = memory().get("VmRSS", 0) / 1024
    for batch in range(streams, idle_streams, 250):
        opened += await asyncio.gather(*(open_stream(port, token, on_event)
                                         for _ in range(min(250, idle_streams - batch))))
    await asyncio.sleep(3)
    rss_idle = memory().get("VmRSS", 0) / 1024
    cpu_before = cpu_seconds()
    await asyncio.sleep(10)
    idle_cpu = (cpu_seconds() - cpu_before) / 10
    result |= {"idle_streams": len(opened), "rss_with_idle_streams_mb": rss_idle, "rss_before_mb": rss_before,
               "rss_before_streams_mb": rss_start,
               "idle_cpu_share": idle_cpu}
    log(f"  {len(opened)} idle streams: server RSS {rss_idle:.0f} MB ({rss_before:.0f} MB with {streams}); "
        f"CPU while idle {idle_cpu * 100:.1f} % of a core")
    for stream, reading in opened:
        reading.cancel()
        stream.close()
    await asyncio.sleep(0.5)
    return result


def streams_phase(port: int, token: str, memory, cpu_seconds, log, streams: int = 1000, notifications: int = 50,
                  idle_streams: int = 5000) -> dict:
    return asyncio.run(measure(port, token, streams, notifications, idle_streams, memory, cpu_seconds, log))
