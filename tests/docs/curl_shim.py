"""A stand-in for ``curl`` on machines that lack it (``make test`` needs only Python).

It understands exactly the options the docs' examples use, and fails loudly on any other, so
that an example cannot quietly depend on one it does not know:

``-s`` ``-S`` ``-f`` ``-i`` ``-N`` ``-X METHOD`` ``-H 'Name: value'`` ``-d DATA``
``-o FILE`` ``--fail-with-body``, short options combined (``-sS``), one URL.

Like curl it prints the body (with ``-i``, the status line and headers first), streams it as
it arrives, exits 22 on an HTTP error with ``-f``/``--fail-with-body`` (printing the body only
with the latter), 7 when it cannot connect, and sends a POST when given ``-d``.
"""

from __future__ import annotations

import http.client
import sys
import urllib.parse

SUPPORTED = frozenset(
    {"-s", "-S", "-f", "-i", "-N", "-X", "-H", "-d", "-o", "--fail-with-body", "--silent"}
)
TAKES_VALUE = frozenset({"-X", "-H", "-d", "-o"})
SHORT_FLAGS = frozenset("sSfiN")


class Usage(Exception):
    pass


def parse(argv: list[str]) -> dict:
    options: dict = {"headers": [], "method": None, "data": None, "out": None, "url": None}
    flags: set[str] = set()
    args = iter(argv)
    for arg in args:
        if arg in TAKES_VALUE:
            value = next(args, None)
            if value is None:
                raise Usage(f"{arg} needs a value")
            if arg == "-X":
                options["method"] = value
            elif arg == "-H":
                options["headers"].append(value)
            elif arg == "-d":
                options["data"] = value
            else:
                options["out"] = value
        elif arg.startswith("--"):
            if arg not in SUPPORTED:
                raise Usage(f"option {arg} is not supported by the test's curl stand-in")
            flags.add(arg)
        elif arg.startswith("-") and len(arg) > 1:
            if not set(arg[1:]) <= SHORT_FLAGS:
                raise Usage(f"option {arg} is not supported by the test's curl stand-in")
            flags.update(f"-{c}" for c in arg[1:])
        elif options["url"] is None:
            options["url"] = arg
        else:
            raise Usage(f"a second URL: {arg}")
    if options["url"] is None:
        raise Usage("no URL")
    options["flags"] = flags
    return options


def main(argv: list[str]) -> int:
    try:
        options = parse(argv)
    except Usage as error:
        print(f"curl (test stand-in): {error}", file=sys.stderr)
        return 2
    flags = options["flags"]
    url = urllib.parse.urlsplit(options["url"])
    data = options["data"]
    method = options["method"] or ("POST" if data is not None else "GET")
    headers = {}
    for header in options["headers"]:
        name, _, value = header.partition(":")
        headers[name.strip()] = value.strip()
    if data is not None:
        headers.setdefault("Content-Type", "application/x-www-form-urlencoded")
    path = url.path or "/"
    if url.query:
        path += "?" + url.query
    connection = http.client.HTTPConnection(url.hostname, url.port or 80, timeout=60)
    try:
        connection.request(
            method, path, body=None if data is None else data.encode(), headers=headers
        )
        response = connection.getresponse()
    except OSError as error:
        if "-S" in flags or "-s" not in flags:
            print(f"curl: (7) Failed to connect: {error}", file=sys.stderr)
        return 7
    failed = response.status >= 400 and ({"-f", "--fail-with-body"} & flags)
    sink = open(options["out"], "wb") if options["out"] else sys.stdout.buffer  # noqa: SIM115
    try:
        if failed and "--fail-with-body" not in flags:
            if "-S" in flags or "-s" not in flags:
                print(
                    f"curl: (22) The requested URL returned error: {response.status}",
                    file=sys.stderr,
                )
            return 22
        if "-i" in flags:
            sink.write(f"HTTP/1.1 {response.status} {response.reason}\r\n".encode())
            for name, value in response.getheaders():
                sink.write(f"{name}: {value}\r\n".encode())
            sink.write(b"\r\n")
        while chunk := response.read1(65536):
            sink.write(chunk)
            sink.flush()
    finally:
        if options["out"]:
            sink.close()
        connection.close()
    return 22 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
