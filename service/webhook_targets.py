"""Where a webhook may be sent: the SSRF check of an endpoint's URL (service/webhooks.py).

A webhook makes the service send requests to a URL an account chose. Left unchecked, that URL
could name the service's own neighbours: Redis on loopback, the cloud's metadata service at
169.254.169.254, an admin page on a private network. So a URL is accepted only when:

* its scheme is ``https`` (``http`` too, when the operator allows it:
  ``FOXDEN_WEBHOOKS_ALLOW_HTTP``), it names a host, and carries no user name or password;
* its host resolves, and **every** address it resolves to is public: not loopback, private
  (RFC 1918, RFC 4193 ULA, CGNAT), link-local (the metadata address included), multicast,
  unspecified, reserved, documentation or benchmarking ranges, nor an IPv4-mapped or NAT64
  IPv6 address of any of those. ``ipaddress``'s ``is_global`` says most of it; the explicit
  flags and the ``::ffff:`` unwrap keep the answer right on every 3.11 patch release.

The check runs when an endpoint is registered and again right before each delivery, and the
delivery connects to the very address it checked (``Target.address``), never resolving the
name a second time: a name that answers a public address to the check and a private one a
moment later (DNS rebinding) gets nothing. The operator can allow private targets
(``FOXDEN_WEBHOOKS_ALLOW_PRIVATE``: a closed network, the tests' receivers on loopback).

Resolving goes through a ``Resolver`` (host, port → addresses) given by the caller, so that
tests name what a host resolves to without any DNS.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

Resolver = Callable[[str, int], Sequence[str]]
Address = ipaddress.IPv4Address | ipaddress.IPv6Address

# The NAT64 prefix (RFC 6052): 64:ff9b::a.b.c.d reaches the IPv4 address a.b.c.d.
NAT64 = ipaddress.ip_network("64:ff9b::/96")
MAX_URL_CHARS = 2048


class UnsafeTarget(ValueError):
    """A URL the service will not send to; ``reason`` is a stable word, the message says why."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Target:
    """A checked URL: where to connect (``address``, a vetted IP) and what to ask for there."""

    url: str
    scheme: str
    host: str  # as the URL names it (the Host header, TLS's server name)
    port: int
    path: str  # path and query, at least "/"
    address: str  # the vetted IP the request goes to

    @property
    def pinned_url(self) -> str:
        """The URL with the vetted address instead of the host name."""
        ip = ipaddress.ip_address(self.address)
        where = f"[{ip}]" if ip.version == 6 else str(ip)
        return f"{self.scheme}://{where}:{self.port}{self.path}"

    @property
    def host_header(self) -> str:
        default = 443 if self.scheme == "https" else 80
        host = f"[{self.host}]" if ":" in self.host else self.host
        return host if self.port == default else f"{host}:{self.port}"


def system_resolver(host: str, port: int) -> list[str]:
    """Every address ``host`` resolves to (the system's resolver: /etc/hosts, DNS)."""
    found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [str(info[4][0]) for info in found]


def is_public(address: Address) -> bool:
    """Whether an address may be a webhook's target (see the module's docstring)."""
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return is_public(address.ipv4_mapped)
        if address in NAT64:
            return is_public(ipaddress.IPv4Address(int(address) & 0xFFFFFFFF))
    site_local = isinstance(address, ipaddress.IPv6Address) and address.is_site_local
    return address.is_global and not (
        address.is_multicast
        or address.is_loopback
        or address.is_link_local
        or address.is_private
        or address.is_reserved
        or address.is_unspecified
        or site_local
    )


def _literal(host: str) -> Address | None:
    """The address a host names by itself: an IP, or one of the old IPv4 spellings that
    resolvers accept too (``127.1``, ``0x7f000001``, ``2130706433``), read as they would."""
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        pass
    if host.replace(".", "").replace("x", "").replace("X", "").isalnum():
        try:
            return ipaddress.IPv4Address(socket.inet_aton(host))
        except OSError:
            return None
    return None


def parse(url: str, *, allow_http: bool) -> tuple[str, str, int, str]:
    """(scheme, host, port, path) of a URL a webhook may name, before any resolving."""
    if len(url) > MAX_URL_CHARS:
        raise UnsafeTarget("invalid_url", f"at most {MAX_URL_CHARS} characters")
    if any(ord(ch) <= 32 or ord(ch) == 127 for ch in url):
        raise UnsafeTarget("invalid_url", "a URL has no spaces or control characters")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise UnsafeTarget("invalid_url", "not a URL this service can read") from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise UnsafeTarget("scheme", "the URL must start with https://")
    if scheme == "http" and not allow_http:
        raise UnsafeTarget("http_not_allowed", "the URL must use https (this server refuses http)")
    if parts.username is not None or parts.password is not None:
        raise UnsafeTarget("credentials", "the URL must not carry a user name or password")
    host = (parts.hostname or "").rstrip(".")
    if not host:
        raise UnsafeTarget("invalid_url", "the URL names no host")
    if parts.fragment:
        raise UnsafeTarget("invalid_url", "the URL must not have a #fragment")
    port = port or (443 if scheme == "https" else 80)
    if port == 0:
        raise UnsafeTarget("invalid_url", "port 0 is no port")
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return scheme, host, port, path


def check(
    url: str, *, allow_http: bool, allow_private: bool, resolve: Resolver = system_resolver
) -> Target:
    """The target of ``url`` with a vetted address; ``UnsafeTarget`` when it may not be one.

    Every address the host resolves to is checked (one private address among public ones is
    enough to refuse: the client could connect to any of them); the first is the one used.
    """
    scheme, host, port, path = parse(url, allow_http=allow_http)
    literal = _literal(host)
    if literal is not None:
        addresses: list[Address] = [literal]
    else:
        try:
            found = resolve(host, port)
        except (OSError, UnicodeError) as error:
            raise UnsafeTarget("unresolvable", f"the host {host!r} does not resolve") from error
        addresses = []
        for text in found:
            try:
                addresses.append(ipaddress.ip_address(text.split("%", 1)[0]))
            except ValueError:
                raise UnsafeTarget("unresolvable", f"{host!r} resolved to {text!r}") from None
        if not addresses:
            raise UnsafeTarget("unresolvable", f"the host {host!r} does not resolve")
    if not allow_private:
        for address in addresses:
            if not is_public(address):
                raise UnsafeTarget(
                    "private_address",
                    f"{host} is (or resolves to) {address}, which is not a public address"
                    " (loopback, private, link-local, multicast and reserved addresses are"
                    " refused)",
                )
    return Target(url, scheme, host, port, path, str(addresses[0]))
