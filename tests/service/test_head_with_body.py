"""gunicorn's answers as ``foxden api`` sends them: a small answer's head and body in one write.

``foxden.server.send_headers_with_body`` changes gunicorn's own ``Response`` (what each worker
runs), so these tests drive that class with a socket that records every ``sendall``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gunicorn.config import Config
from gunicorn.http import wsgi

from foxden.server import HEAD_WITH_BODY_BYTES, send_headers_with_body


class RecordingSocket:
    """What gunicorn writes, one entry per ``sendall``."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []

    def sendall(self, data: bytes) -> None:
        self.writes.append(bytes(data))


class Request:
    """The parts of gunicorn's parsed request that a ``Response`` reads."""

    def __init__(self, method: str = "GET", version: tuple[int, int] = (1, 1)) -> None:
        self.method, self.version = method, version

    def should_close(self) -> bool:
        return False


@pytest.fixture(autouse=True, scope="module")
def installed() -> Iterator[None]:
    send_headers_with_body()
    yield


def answer(
    body_parts: list[bytes], *, method: str = "GET", status: str = "200 OK", length: bool = True
) -> list[bytes]:
    """The writes of one answer, sent as a worker sends it: start, each part, close."""
    sock = RecordingSocket()
    response = wsgi.Response(Request(method), sock, Config())
    headers = [("Content-Type", "application/json")]
    if length:
        headers.append(("Content-Length", str(sum(map(len, body_parts)))))
    response.start_response(status, headers)
    for part in body_parts:
        response.write(part)
    response.close()
    return sock.writes


def head_and_body(sent: bytes) -> tuple[str, bytes]:
    head, _, body = sent.partition(b"\r\n\r\n")
    return head.decode("latin-1"), body


def test_a_small_answer_goes_out_in_one_write() -> None:
    body = b'{"moves":[{"type":"choose"}]}'
    (sent,) = answer([body])
    head, rest = head_and_body(sent)
    assert head.startswith("HTTP/1.1 200 OK\r\n")
    assert f"Content-Length: {len(body)}" in head.split("\r\n")
    assert "Connection: keep-alive" in head.split("\r\n")
    assert rest == body


def test_only_the_first_part_of_a_body_joins_the_head() -> None:
    first, second = answer([b'{"a":', b"1}"])
    assert head_and_body(first)[1] == b'{"a":'
    assert second == b"1}"


def test_a_body_larger_than_the_limit_follows_its_head_unjoined() -> None:
    body = b"x" * (HEAD_WITH_BODY_BYTES + 1)
    head, sent_body = answer([body])
    assert head.endswith(b"\r\n\r\n") and head.startswith(b"HTTP/1.1 200 OK")
    assert sent_body == body


@pytest.mark.parametrize(
    ("method", "status"),
    [("HEAD", "200 OK"), ("GET", "204 No Content"), ("GET", "304 Not Modified")],
)
def test_an_answer_without_a_body_sends_its_head_alone(method: str, status: str) -> None:
    (sent,) = answer([b'{"dropped":true}'], method=method, status=status)
    head, body = head_and_body(sent)
    assert head.startswith(f"HTTP/1.1 {status}")
    assert body == b""


def test_an_empty_body_still_sends_the_head() -> None:
    (sent,) = answer([b""])
    head, body = head_and_body(sent)
    assert head.startswith("HTTP/1.1 200 OK") and "Content-Length: 0" in head.split("\r\n")
    assert body == b""


def test_a_stream_sends_its_head_before_its_first_event() -> None:
    """Chunked (no length): the head on its own, as gunicorn always sent it, then each event."""
    writes = answer([b"data: 1\n\n", b"data: 2\n\n"], length=False)
    head, first_event = writes[0], b"".join(writes[1:3])
    assert head.startswith(b"HTTP/1.1 200 OK") and head.endswith(b"\r\n\r\n")
    assert b"Transfer-Encoding: chunked" in head
    assert first_event.startswith(b"9\r\ndata: 1")
    assert writes[-1] == b"0\r\n\r\n"


def test_installing_twice_changes_nothing() -> None:
    methods = (wsgi.Response.write, wsgi.Response.send_headers, wsgi.Response._emit_body)
    send_headers_with_body()
    assert (wsgi.Response.write, wsgi.Response.send_headers, wsgi.Response._emit_body) == methods
    (sent,) = answer([b"{}"])
    assert head_and_body(sent)[1] == b"{}"


def test_a_gunicorn_without_the_hook_is_left_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    class OlderResponse:  # gunicorn before 27: no _emit_body to join the head to the body
        def send_headers(self) -> None: ...

        def write(self, data: bytes) -> None: ...

    methods = (OlderResponse.send_headers, OlderResponse.write)
    monkeypatch.setattr(wsgi, "Response", OlderResponse)
    send_headers_with_body()
    assert (OlderResponse.send_headers, OlderResponse.write) == methods
    assert not hasattr(OlderResponse, "foxden_sends_head_with_body")
