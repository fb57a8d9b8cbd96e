"""The log-in and sign-up throttle: every limit on password guessing and sign-ups, in one place.

A log-in attempt takes one token from each of three buckets (:class:`~pokerroom.server.ratelimit.TokenBucket`)
before its password is checked, and gets it back when the password was right, so only failures count (and
attempts in flight count at once: 32 parallel guesses cannot all pass a check made before any has failed):

* :data:`LOGIN_NAME_ADDRESS`: one name from one address, the tight limit;
* :data:`LOGIN_NAME`: one name from anywhere;
* :data:`LOGIN_ADDRESS`: one address, whatever the names (guessing many names, or listing them).

A *known device* (a browser that logged in as that name before and holds the device cookie
:data:`DEVICE_COOKIE`, which only a right password gets) skips all three for that name, so no attacker can lock
the owner out: not from many addresses, nor from the owner's own (the same NAT, office or proxy).  It takes a
token of its own instead (:data:`LOGIN_DEVICE`, keyed by the cookie), which only that device can spend, so a
stolen device cookie still guesses slowly.  A player changing their password (logged in already) skips the
per-name bucket, and with their device cookie all three.

A sign-up takes a token of :data:`SIGNUP_ADDRESS` (every sign-up that gets as far as hashing its password).  An
empty bucket refuses with :class:`Throttled` (HTTP 429, ``Retry-After`` the whole seconds until a token is back);
nothing is ever locked for good: each bucket refills at its rate.  Names are keyed ignoring case; an address is
the client's as the server sees it (behind a proxy on the same machine, uvicorn's ``X-Forwarded-For``) as
:func:`address_key` keys it: an IPv6 address by its /64, the block one subscriber gets.
:class:`LoginLimits` gathers the five; ``create_app(login_limits=...)`` changes them (the load benchmark raises
them so that the hashing pool is what it measures).
"""

from __future__ import annotations

import ipaddress
import math
from collections.abc import Callable
from dataclasses import dataclass, field

from pokerroom.errors import PokerroomError
from pokerroom.server.ratelimit import TokenBucket

__all__ = [
    "DEVICE_COOKIE",
    "DEVICE_DAYS",
    "IPV6_PREFIX",
    "LOGIN_ADDRESS",
    "LOGIN_DEVICE",
    "LOGIN_NAME",
    "LOGIN_NAME_ADDRESS",
    "SIGNUP_ADDRESS",
    "LoginLimits",
    "LoginThrottle",
    "Rate",
    "Reservation",
    "Throttled",
    "address_key",
]


@dataclass(frozen=True)
class Rate:
    """``burst`` attempts at once, then one every ``every`` seconds."""

    burst: int
    every: float

    def text(self) -> str:
        return f"{self.burst}, then one every {self.every:g} s"


LOGIN_NAME_ADDRESS = Rate(burst=5, every=60.0)
"""Wrong passwords for one name from one address: 5, then one a minute."""

LOGIN_NAME = Rate(burst=20, every=30.0)
"""Wrong passwords for one name from all addresses together: 20, then two a minute (a known device skips it)."""

LOGIN_ADDRESS = Rate(burst=30, every=10.0)
"""Wrong passwords from one address, any names: 30, then six a minute."""

LOGIN_DEVICE = Rate(burst=5, every=60.0)
"""Wrong passwords from one known device for its name (it skips the three above): 5, then one a minute; only
that device holds the cookie it is keyed by, so only it can empty this bucket."""

SIGNUP_ADDRESS = Rate(burst=20, every=180.0)
"""Sign-ups from one address: 20, then twenty an hour."""

IPV6_PREFIX = 64
"""An IPv6 client is keyed by its first 64 bits: one subscriber (one home, one phone) gets a whole /64 and may
use a new address of it for each request, so a per-address limit keyed on the whole address limits nothing."""

DEVICE_COOKIE = "pokerroom_device"
"""The cookie that marks a browser as a known device of a player (set at each log-in and sign-up)."""

DEVICE_DAYS = 365
"""How long a device cookie stays good."""

_SWEEP_EVERY = 60.0
"""Seconds between sweeps of the buckets that are full again (an attacker's made-up names must not fill memory)."""


def address_key(host: str) -> str:
    """The key a per-address limit counts ``host`` under (the log-in throttle's, the socket cap's): an IPv6
    address's /64 network (``"2001:db8:1:2::/64"``), an IPv4 address written into IPv6 (``::ffff:192.0.2.7``) as
    the IPv4 address, anything else (an IPv4 address, a name such as ``testclient``) as it is."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, IPV6_PREFIX), strict=False))
    return str(ip)


@dataclass(frozen=True)
class LoginLimits:
    """The throttle's five rates (defaults: the module constants)."""

    name_address: Rate = LOGIN_NAME_ADDRESS
    name: Rate = LOGIN_NAME
    address: Rate = LOGIN_ADDRESS
    signup: Rate = SIGNUP_ADDRESS
    device: Rate = LOGIN_DEVICE


class Throttled(PokerroomError):
    """Too many attempts: ``retry_after`` whole seconds until the next one may be made (HTTP 429)."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class _Buckets:
    """Token buckets by key, made full on first use; the full ones are dropped now and then."""

    def __init__(self, rate: Rate) -> None:
        self.rate = rate
        self.buckets: dict[object, TokenBucket] = {}

    def take(self, key: object, now: float) -> float:
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = TokenBucket(1.0 / self.rate.every, self.rate.burst, now)
        return bucket.take(now)

    def give_back(self, key: object) -> None:
        bucket = self.buckets.get(key)
        if bucket is not None:
            bucket.tokens = min(float(bucket.burst), bucket.tokens + 1)

    def sweep(self, now: float) -> None:
        for key in [k for k, b in self.buckets.items() if b.tokens + (now - b.at) * b.rate >= b.burst]:
            del self.buckets[key]


@dataclass
class Reservation:
    """The tokens one attempt took; :meth:`refund` gives them back (a right password, or no check was made)."""

    taken: list[tuple[_Buckets, object]] = field(default_factory=list)

    def refund(self) -> None:
        for buckets, key in self.taken:
            buckets.give_back(key)
        self.taken.clear()


class LoginThrottle:
    """The buckets of one server (see the module docstring), on ``clock`` (seconds; the room's clock)."""

    def __init__(self, limits: LoginLimits, clock: Callable[[], float]) -> None:
        self.limits = limits
        self.clock = clock
        self._name_address = _Buckets(limits.name_address)
        self._name = _Buckets(limits.name)
        self._address = _Buckets(limits.address)
        self._signup = _Buckets(limits.signup)
        self._device = _Buckets(limits.device)
        self._swept = clock()

    def _reserve(self, wanted: list[tuple[_Buckets, object, str]]) -> Reservation:
        """One token from each bucket, or none and :class:`Throttled` naming the first empty one."""
        now = self.clock()
        if now - self._swept >= _SWEEP_EVERY:
            self._swept = now
            for b in (self._name_address, self._name, self._address, self._signup, self._device):
                b.sweep(now)
        held = Reservation()
        waits: list[tuple[float, str]] = []
        for buckets, key, why in wanted:
            wait = buckets.take(key, now)
            if wait:
                waits.append((wait, why))
            else:
                held.taken.append((buckets, key))
        if waits:
            held.refund()
            seconds = max(1, math.ceil(max(w for w, _ in waits) - 1e-9))
            raise Throttled(f"{waits[0][1]}; try again in {seconds} s", seconds)
        return held

    def log_in(self, name: str, address: str, *, device: str | None = None, owner: bool = False) -> Reservation:
        """Take a log-in attempt's tokens.  ``device``: the device cookie when it is a known device of ``name`` (it
        holds what only a right password gets): its own bucket alone, so no attacker can lock it out; ``owner``:
        the caller is logged in as ``name`` already (changing their password): all but the per-name bucket; else
        all three.  Raises :class:`Throttled`."""
        if device is not None:
            return self._reserve([(self._device, device, "too many wrong passwords from this device")])
        key = name.lower()
        wanted: list[tuple[_Buckets, object, str]] = [
            (self._name_address, (key, address), f"too many wrong passwords for {name!r} from your address"),
            (self._address, address, "too many wrong passwords from your address"),
        ]
        if not owner:
            wanted.append(
                (
                    self._name,
                    key,
                    f"too many wrong passwords for {name!r} lately (a device that logged in as {name!r} before "
                    "is not held back)",
                )
            )
        return self._reserve(wanted)

    def sign_up(self, address: str) -> Reservation:
        """Take a sign-up's token.  Raises :class:`Throttled`."""
        return self._reserve([(self._signup, address, "too many sign-ups from your address")])
