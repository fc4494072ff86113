"""A stand-in for a browser vendor's push service (RFC 8030), for tests: it accepts pushes over
HTTP, checks each one's VAPID authorization (RFC 8292: an ES256 JWT, its signature checked
against the key the server publishes), and decrypts the body (RFC 8291 aes128gcm) with the
private key of the subscription it holds, as the browser would."""

from __future__ import annotations

import base64
import json
import os
import struct
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def hkdf(salt: bytes, ikm: bytes, info: bytes, length: int) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(ikm)


class Subscriber:
    """A browser's side of a subscription: its P-256 key pair and auth secret."""

    def __init__(self):
        self.private_key = ec.generate_private_key(ec.SECP256R1())
        self.public_bytes = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        self.auth = os.urandom(16)

    def decrypt(self, body: bytes) -> bytes:
        """RFC 8291 §3.4 and RFC 8188: salt, record size, key id (the sender's public key)."""
        salt, record_size, id_length = body[:16], struct.unpack(">I", body[16:20])[0], body[20]
        sender_public = body[21:21 + id_length]
        ciphertext = body[21 + id_length:]
        assert record_size >= len(ciphertext), "one record expected"
        sender = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), sender_public)
        shared = self.private_key.exchange(ec.ECDH(), sender)
        ikm = hkdf(self.auth, shared, b"WebPush: info\x00" + self.public_bytes + sender_public, 32)
        key = hkdf(salt, ikm, b"Content-Encoding: aes128gcm\x00", 16)
        nonce = hkdf(salt, ikm, b"Content-Encoding: nonce\x00", 12)
        padded = AESGCM(key).decrypt(nonce, ciphertext, None)
        end = padded.rstrip(b"\x00")
        assert end.endswith(b"\x02"), "the last record ends with the delimiter 0x02"
        return end[:-1]


def verify_vapid(header: str, server_key: str, audience: str) -> dict:
    """Checks `vapid t=<jwt>, k=<key>`: the key is the server's, the JWT is signed by it."""
    assert header.startswith("vapid "), header
    parts = dict(part.strip().split("=", 1) for part in header[len("vapid "):].split(","))
    assert parts["k"] == server_key, "signed with another key than the one the server publishes"
    head, payload, signature = parts["t"].split(".")
    assert json.loads(b64url_decode(head)) == {"typ": "JWT", "alg": "ES256"}
    raw = b64url_decode(signature)
    assert len(raw) == 64
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64url_decode(server_key))
    public.verify(der, f"{head}.{payload}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    claims = json.loads(b64url_decode(payload))
    assert claims["aud"] == audience, claims
    assert time.time() < claims["exp"] <= time.time() + 24 * 3600, claims
    assert claims["sub"].startswith(("mailto:", "https:")), claims
    return claims


class PushService:
    """Runs on a free port; `answers` is a list of statuses to give in turn (then 201)."""

    def __init__(self):
        self.received: list[dict] = []
        self.answers: list[int] = []
        self.lock = threading.Lock()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with service.lock:
                    service.received.append({"path": self.path, "headers": dict(self.headers), "body": body,
                                             "at": time.monotonic()})
                    status = service.answers.pop(0) if service.answers else 201
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait(self, count: int, timeout: float = 10) -> list[dict]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                if len(self.received) >= count:
                    return list(self.received)
            time.sleep(0.02)
        raise AssertionError(f"{len(self.received)} pushes arrived, {count} expected")

    def close(self):
        self.server.shutdown()
