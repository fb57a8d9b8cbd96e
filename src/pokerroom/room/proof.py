"""The provable shuffle's commitments and openings (docs/shuffle.md).

Before a hand the server publishes ``seed_hash`` = SHA-256 of its secret server seed; at the deal (once the
players' client seeds are in) it publishes ``root``, the Merkle root over the deck's positions.  After the hand
each player gets the openings of every position they saw, so they can check that no card they saw was changed
after the deal, without learning any card they did not see.  The construction (byte for byte):

* **salt** of position ``p``: the first 16 bytes of ``HMAC-SHA256(server seed, "pokerroom salt v1 " + p)``;
* **leaf** ``p``: ``SHA-256(0x00 + UTF-8 of "p:card:salt")`` with the card as ``Ah``/``Td``/``2c`` and the salt in
  lower-case hex, ``p`` the position from 0 (position ``i`` is the ``i``-th card dealt, before any reshuffle);
* **node**: ``SHA-256(0x01 + left + right)``; a level of odd length carries its last node up unchanged;
* **path** of a leaf: from the leaf up, each sibling as ``["L", hex]`` (the sibling is on the left) or
  ``["R", hex]``; a level where the node is carried up adds nothing.

:func:`commit` fills a :class:`~pokerroom.room.record.Deck`'s commitments; :func:`proof_json` writes the file a
player downloads; :func:`verify` checks one (``pokerroom verify``), with or without the server seed.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from pokerroom.cards import UNKNOWN, format_card
from pokerroom.engine import EventType
from pokerroom.engine.shuffle import deck_order
from pokerroom.errors import PokerroomError, RecordError
from pokerroom.room.record import STREAM, Deck, HandRecord, apply, recorded_actions

__all__ = [
    "FORMAT",
    "Misdealt",
    "Opening",
    "ProofError",
    "Reveal",
    "Verdict",
    "commit",
    "leaf",
    "merkle_levels",
    "openings",
    "proof_json",
    "salt",
    "seed_hash",
    "verify",
]

FORMAT = "pokerroom-proof/1"
"""The ``format`` of a proof file."""


class ProofError(PokerroomError):
    """A proof file that cannot be read (not what failed a check: that is a :class:`Verdict`)."""


@dataclass(frozen=True, slots=True)
class Reveal:
    """When a hand's server seed (which deals every card, the mucked ones too) is published in its proof: the
    operator's setting ``pokerroom serve --reveal-seed`` (docs/shuffle.md).  ``when`` is ``"never"``, ``"close"``
    (once the table is closed) or ``"after"`` (``hours`` after the hand began)."""

    when: str = "never"
    hours: float = 0.0

    @classmethod
    def parse(cls, text: str) -> Reveal:
        """``never``, ``close`` or ``after:HOURS``; raises :class:`ProofError` naming what is allowed."""
        word, _, hours = text.strip().lower().partition(":")
        if word in ("never", "close") and not hours:
            return cls(word)
        if word == "after":
            try:
                value = float(hours)
            except ValueError:
                value = -1.0
            if value >= 0 and value == value and value != float("inf"):
                return cls("after", value)
        raise ProofError(f"the seed's reveal is never, close or after:HOURS (hours >= 0), not {text!r}")

    def now(self, record: HandRecord, *, table_open: bool) -> bool:
        """Whether ``record``'s seed is published now (the wall clock, UTC)."""
        now = datetime.now(UTC).replace(tzinfo=None)
        return self.reveals(started_at=record.setup.started_at, table_open=table_open, now=now)

    def reveals(self, *, started_at: datetime | None, table_open: bool, now: datetime) -> bool:
        """Whether a hand that began at ``started_at`` (UTC) at a table still open or not has its seed
        published."""
        if self.when == "close":
            return not table_open
        if self.when == "after":
            return started_at is not None and _utc(now) >= _utc(started_at) + timedelta(hours=self.hours)
        return False


def _utc(moment: datetime) -> datetime:
    """``moment`` as a naive UTC time (records and the store keep either kind)."""
    return moment.astimezone(UTC).replace(tzinfo=None) if moment.tzinfo is not None else moment


def seed_hash(secret: bytes) -> str:
    """SHA-256 of the server seed, in hex: the commitment published before the hand."""
    return hashlib.sha256(secret).hexdigest()


def salt(secret: bytes, position: int) -> bytes:
    """Position ``position``'s salt: 16 bytes, from the server seed (so nothing more is stored)."""
    return hmac.digest(secret, b"pokerroom salt v1 %d" % position, "sha256")[:16]


def leaf(position: int, card: int, salt_bytes: bytes) -> bytes:
    """The Merkle leaf of ``card`` at ``position``."""
    return hashlib.sha256(b"\x00" + f"{position}:{format_card(card)}:{salt_bytes.hex()}".encode()).digest()


def _node(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


def merkle_levels(leaves: Sequence[bytes]) -> list[list[bytes]]:
    """Every level of the tree, the leaves first and the root's level (one node) last."""
    levels = [list(leaves)]
    while len(levels[-1]) > 1:
        below = levels[-1]
        up = [_node(below[i], below[i + 1]) for i in range(0, len(below) - 1, 2)]
        if len(below) % 2:
            up.append(below[-1])
        levels.append(up)
    return levels


def _path(levels: list[list[bytes]], position: int) -> list[list[str]]:
    path: list[list[str]] = []
    index = position
    for level in levels[:-1]:
        sibling = index ^ 1
        if sibling < len(level):
            path.append(["L" if sibling < index else "R", level[sibling].hex()])
        index //= 2
    return path


class _Commitment:
    """A deck's order and Merkle tree, with each position's :class:`Opening` made once however many seats' proofs
    open it (callers never change them)."""

    __slots__ = ("_opened", "levels", "order", "secret")

    def __init__(self, order: list[int], secret: bytes) -> None:
        self.order, self.secret = order, secret
        self.levels = _tree(order, secret)
        self._opened: dict[int, Opening] = {}

    def opening(self, position: int) -> Opening:
        """Position ``position`` opened: its card, salt and path."""
        o = self._opened.get(position)
        if o is None:
            path = tuple((side, sibling) for side, sibling in _path(self.levels, position))
            o = self._opened[position] = Opening(position, self.order[position], salt(self.secret, position).hex(),
                                                 path)  # fmt: skip
        return o


@functools.lru_cache(maxsize=16)
def _committed(cards: tuple[int, ...], key: bytes, secret: bytes) -> _Commitment:
    """The deck's commitment, made once per hand however many seats get a proof."""
    return _Commitment(deck_order(cards, key), secret)


def _tree(order: Sequence[int], secret: bytes) -> list[list[bytes]]:
    return merkle_levels([leaf(p, card, salt(secret, p)) for p, card in enumerate(order)])


def commit(deck: Deck, cards: Sequence[int]) -> Deck:
    """``deck`` with its commitments: the seed's hash and the Merkle root of ``cards`` (the game's deck) in the
    order ``deck``'s key deals them.  Raises :class:`~pokerroom.errors.RecordError` for a deck with no seed."""
    secret = deck.secret
    if secret is None:
        raise RecordError("a deck without a seed cannot be committed to", field="deck")
    root = _committed(tuple(cards), deck.key(), secret).levels[-1][0]
    return replace(deck, seed_hash=seed_hash(secret), root=root.hex())


@dataclass(frozen=True, slots=True)
class Opening:
    """One position opened: its ``card``, ``salt`` (hex) and Merkle ``path`` (see the module docstring)."""

    position: int
    card: int
    salt: str
    path: tuple[tuple[str, str], ...]

    def json(self) -> dict[str, object]:
        return {
            "position": self.position,
            "card": format_card(self.card),
            "salt": self.salt,
            "path": [list(step) for step in self.path],
        }

    def root(self) -> bytes:
        """The root this opening leads to."""
        node = leaf(self.position, self.card, bytes.fromhex(self.salt))
        for side, sibling in self.path:
            node = _node(bytes.fromhex(sibling), node) if side == "L" else _node(node, bytes.fromhex(sibling))
        return node


def openings(record: HandRecord, seat: int | None, *, every: bool = False) -> list[Opening]:
    """The openings of the positions engine ``seat`` saw dealt in ``record`` (the full record, with its seed): its
    own cards, the board, up cards and cards shown (``every``: every position dealt, once the seed is revealed).
    A card a draw game dealt after its reshuffle is not opened: its first position would tell who held it and threw
    it away; the server seed alone checks those."""
    return _openings(record, record if every else record.view(seat))


def _openings(record: HandRecord, seen: HandRecord) -> list[Opening]:
    """:func:`openings` of the positions dealt in ``seen`` (``record`` itself, or a seat's view of it)."""
    deck = record.setup.deck
    secret = deck.secret
    if secret is None or deck.root is None:
        raise RecordError("the hand's deck was not committed to, so it has no openings", field="deck")
    committed = _committed(tuple(record.setup.the_game().deck), deck.key(), secret)
    # The positions as the viewer saw them dealt: a card seen only later (a reshuffled discard) is not opened
    # where it was first dealt, which would tell who held it.
    return [committed.opening(d.position) for d in _dealt(seen) if not d.reshuffled and d.card != UNKNOWN]


def proof_json(record: HandRecord, seat: int | None, *, reveal: bool, hand_id: int | None = None) -> dict[str, Any]:
    """The file ``pokerroom verify`` checks: the ``hand`` as ``seat`` saw it (the full record when the seed is
    revealed: the seed deals every card anyway), the ``openings`` of the positions they saw, and the
    ``server_seed`` when ``reveal``."""
    from pokerroom.room.record_json import record_json

    deck = record.setup.deck
    secret = deck.secret
    if secret is None:
        raise RecordError("the hand's deck has no seed, so it has no proof", field="deck")
    seen = record if reveal else record.view(seat)  # the positions opened: every one once the seed is out
    revealed = replace(deck.public(), server_seed=secret.hex()) if reveal else None
    hand = replace(record, setup=replace(record.setup, deck=revealed)) if revealed is not None else seen
    return {
        "format": FORMAT,
        "hand_id": hand_id,
        "seat": None if seat is None else record.setup.seats[seat].seat,
        "hand": record_json(hand),
        "openings": [o.json() for o in _openings(record, seen)],
        "server_seed": secret.hex() if reveal else None,
    }


@dataclass(frozen=True, slots=True)
class Verdict:
    """What :func:`verify` found: ``checks`` passed (one line each) and ``failures`` (each naming the card and
    the check); ``ok`` when none failed."""

    checks: tuple[str, ...]
    failures: tuple[str, ...]
    full: bool
    """Whether the whole deck and its order were checked (the server seed was given)."""

    @property
    def ok(self) -> bool:
        return not self.failures


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _read_openings(raw: object) -> list[Opening]:
    from pokerroom.cards import parse_card

    if not isinstance(raw, list):
        raise ProofError("'openings' must be a list")
    out = []
    for k, item in enumerate(raw, 1):
        try:
            path = tuple((str(side), str(h)) for side, h in item["path"])
            if any(side not in ("L", "R") or len(h) != 64 for side, h in path):
                raise ValueError("a path step is ['L' or 'R', 64 hex digits]")
            bytes.fromhex(item["salt"])
            out.append(Opening(int(item["position"]), parse_card(item["card"]), str(item["salt"]), path))
        except (KeyError, TypeError, ValueError, PokerroomError) as err:
            raise ProofError(f"opening {k} cannot be read ({err}): it needs position, card, salt and path") from None
    return out


class Misdealt(ProofError):
    """The file's cards are not dealt by the dealing rule (docs/shuffle.md): a seat out of order, a seat dealt
    that had folded, a round of unequal size."""


@dataclass(frozen=True, slots=True)
class Dealt:
    """One card as the hand dealt it: its ``position`` in the deck (before any reshuffle), ``card`` (``UNKNOWN``
    when hidden), ``to`` whom (text), and whether it came ``reshuffled`` (after a draw game's reshuffle: its
    position is not its order in the first deck)."""

    position: int
    card: int
    to: str
    reshuffled: bool


def _dealt(record: HandRecord) -> list[Dealt]:
    """Each card the hand dealt, by the dealing rule of docs/shuffle.md, worked out from the set-up and not from
    the order of the file's events: each street's hole (or up) cards one at a time clockwise from the left of the
    button to every seat still in (not folded), then board cards off the top; a draw's cards to the drawer.  Raises
    :class:`Misdealt` when the file's deal events do not follow that rule."""
    events = record.events
    setup = record.setup
    n = len(setup.seats)
    order = [(setup.button + 1 + k) % n for k in range(n)]
    folded: set[int] = set()
    out: list[Dealt] = []
    reshuffled = False
    drawer: int | None = None

    def name(seat: int | None) -> str:
        if seat is None or not 0 <= seat < n:
            raise Misdealt(f"a deal names seat {seat!r}, not one of the hand's {n} seats")
        return f"seat {setup.seats[seat].seat}"

    k = 0
    while k < len(events):
        e = events[k]
        t = e.type
        if t is EventType.FOLD and e.seat is not None:
            folded.add(e.seat)
        elif t is EventType.DRAW:
            drawer = e.seat
        elif t is EventType.RESHUFFLE:
            reshuffled = True
        elif t is EventType.DEAL_BOARD:
            out += [Dealt(len(out) + j, c, "the board", reshuffled) for j, c in enumerate(e.cards or ())]
        elif t is EventType.DEAL_HOLE and drawer is not None and e.seat == drawer:
            out += [Dealt(len(out) + j, c, name(e.seat), reshuffled) for j, c in enumerate(e.cards or ())]
            drawer = None
        elif t in (EventType.DEAL_HOLE, EventType.DEAL_UP):
            seats = [s for s in order if s not in folded]
            if not seats:
                raise Misdealt(f"a round of {t.value.replace('_', ' ')} cards with no seat in the hand to deal to")
            group = events[k : k + len(seats)]
            size = len(e.cards or ())
            got = [g.seat for g in group if g.type is t and len(g.cards or ()) == size]
            if got != seats:
                want = ", ".join(name(s) for s in seats)
                have = ", ".join(name(g.seat) for g in group if g.type is t)
                raise Misdealt(
                    f"a round of {t.value.replace('_', ' ')} cards goes to {want} in that order (clockwise from the "
                    f"left of the button, {size} each), but the file deals to {have}"
                )
            base = len(out)
            for j in range(size):
                for g in group:
                    out.append(Dealt(base + j * len(seats) + group.index(g), (g.cards or ())[j], name(g.seat),
                                     reshuffled))  # fmt: skip
            out[base:] = sorted(out[base:], key=lambda d: d.position)
            k += len(group)
            continue
        k += 1
    return out


def verify(data: Mapping[str, Any], *, server_seed: str | None = None) -> Verdict:
    """Check a proof file (:func:`proof_json`): every opening leads to the hand's Merkle root; the cards are dealt
    by the dealing rule (seats in order from the set-up's button); every card the file shows that was dealt before
    any reshuffle is the one committed at the position it was dealt from; the viewer's own cards are shown and
    opened.  With the server seed (in the file or ``server_seed``): its hash, the whole deck's order and root,
    the deal dealt again (a seat's view: the first deal; a whole record: every event, reshuffles, seats and
    amounts included).  Raises :class:`ProofError` for a file that cannot be read."""
    try:
        return _verify(data, server_seed)
    except ProofError:
        raise
    except (PokerroomError, ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as err:
        raise ProofError(f"the file cannot be read as a proof: {err}") from None


def _verify(data: Mapping[str, Any], server_seed: str | None) -> Verdict:
    from pokerroom.room.record_json import record_from_json

    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise ProofError(f"not a pokerroom proof file: its 'format' must be {FORMAT!r}")
    try:
        record = record_from_json(data.get("hand") or {})
    except PokerroomError as err:
        raise ProofError(f"the file's hand cannot be read: {err}") from None
    n = len(record.setup.seats)
    if n < 2:
        raise ProofError(f"the file's hand has {n} seats; a hand is dealt to 2 or more")
    wild = next((e for e in record.events if e.seat is not None and not 0 <= e.seat < n), None)
    if wild is not None:
        raise ProofError(f"the file's hand has an event for seat {wild.seat}, not one of its {n} seats: {wild}")
    opened = _read_openings(data.get("openings", []))
    deck = record.setup.deck
    if deck.stream != STREAM:
        raise ProofError(f"the file's deck names the {deck.stream!r} shuffle; pokerroom verify checks {STREAM!r} decks")
    if deck.root is None or deck.seed_hash is None:
        raise ProofError("the hand's deck carries no commitments (seed_hash and root): nothing to verify against")
    checks: list[str] = []
    failures: list[str] = []
    root = bytes.fromhex(deck.root)
    by_position: dict[int, Opening] = {}
    for o in opened:
        if o.root() != root:
            failures.append(
                f"position {o.position}: {format_card(o.card)} with its salt and path does not lead to "
                f"the root {deck.root[:16]}...: the card or its opening was changed"
            )
        elif o.position in by_position:
            failures.append(f"position {o.position} is opened twice")
        else:
            by_position[o.position] = o
    checks.append(f"{len(opened)} openings checked against the root {deck.root[:16]}...")
    try:
        dealt = _dealt(record)
    except Misdealt as err:
        return Verdict(tuple(checks), (*failures, str(err)), False)
    checked = later = 0
    for d in dealt:
        c = d.card
        if c == UNKNOWN:
            continue
        if d.reshuffled:
            later += 1
            continue
        at = by_position.get(d.position)
        if at is None:
            failures.append(
                f"{format_card(c)} ({d.to}, the {_ordinal(d.position + 1)} card dealt, position {d.position}) has "
                "no opening"
            )
        elif at.card != c:
            failures.append(
                f"{format_card(c)} ({d.to}, the {_ordinal(d.position + 1)} card dealt) differs from the card "
                f"committed at position {d.position}: {format_card(at.card)}"
            )
        else:
            checked += 1
    failures += _dealt_twice(record)
    viewer = record.viewer
    if viewer is not None and 0 <= viewer < len(record.setup.seats):
        own = [e for e in record.events if e.type is EventType.DEAL_HOLE and e.seat == viewer]
        if any(c == UNKNOWN for e in own for c in e.cards or ()):
            failures.append(f"the proof is seat {record.setup.seats[viewer].seat}'s, but its own cards are hidden")
    if not checked and not failures:
        failures.append("the file opens no card it shows: nothing was checked")
    checks.append(f"{checked} cards dealt matched to the positions they were dealt from")
    if later:
        checks.append(f"{later} cards dealt after the reshuffle: checked with the server seed only")
    seed_hex = server_seed or data.get("server_seed")
    full = False
    if seed_hex:
        full = True
        failures += _verify_seed(record, str(seed_hex), checks)
    return Verdict(tuple(checks), tuple(failures), full)


def _dealt_twice(record: HandRecord) -> list[str]:
    """Cards the file deals while they are still held (in a hand, on the board), or deals a drawer back from its own
    discards (RULES §2.5): what a deck never does, reshuffle or not.  Only cards the file shows are followed."""
    held: dict[int, str] = {}
    discarded: dict[int, set[int]] = {}
    drawer: int | None = None
    out: list[str] = []
    seats = record.setup.seats
    for e in record.events:
        t, seat = e.type, e.seat
        if t is EventType.DRAW and seat is not None:
            drawer = seat
            for c in e.cards or ():
                if c != UNKNOWN:
                    held.pop(c, None)
                    discarded.setdefault(seat, set()).add(c)
        elif t is EventType.FOLD and seat is not None:
            who = f"seat {seats[seat].seat}"
            for c in [c for c, owner in held.items() if owner == who]:
                del held[c]
        elif t in (EventType.DEAL_HOLE, EventType.DEAL_UP, EventType.DEAL_BOARD):
            who = "the board" if seat is None else f"seat {seats[seat].seat}"
            for c in e.cards or ():
                if c == UNKNOWN:
                    continue
                if c in held:
                    out.append(f"{format_card(c)} is dealt to {who} while {held[c]} holds it")
                elif seat is not None and seat == drawer and c in discarded.get(seat, set()):
                    out.append(f"{format_card(c)} is dealt back to {who}, which threw it away (RULES §2.5)")
                held[c] = who
    return out


def _cards(cards: Sequence[int] | None) -> str:
    return " ".join(format_card(c) for c in cards or ()) or "no cards"


def _verify_seed(record: HandRecord, seed_hex: str, checks: list[str]) -> list[str]:
    try:
        secret = bytes.fromhex(seed_hex)
    except ValueError:
        return [f"the server seed {seed_hex[:16]}... is not hex"]
    deck = record.setup.deck
    published = deck.seed_hash or ""
    if seed_hash(secret) != published:
        return [f"the server seed hashes to {seed_hash(secret)[:16]}..., not the published {published[:16]}..."]
    checks.append("the server seed matches the hash published before the hand")
    full = replace(deck, server_seed=seed_hex, seed=None, stream=STREAM)
    recommitted = commit(full, record.setup.the_game().deck)
    if recommitted.root != deck.root:
        return ["the deck the seed and the client seeds deal does not give the published root"]
    checks.append("the whole deck's order gives the published root")
    setup = replace(record.setup, deck=full)
    try:
        hand = setup.deal()
        if record.viewer is not None:
            # A seat's view hides others' discards: the first deal is dealt again; the rest were checked by position.
            for k, theirs in enumerate(hand.events):
                mine = record.events[k] if k < len(record.events) else None
                known = mine is not None and all(c != UNKNOWN for c in mine.cards or ())
                if (
                    mine is None
                    or (mine.type, mine.seat) != (theirs.type, theirs.seat)
                    or (known and mine.cards != theirs.cards)
                ):
                    return [f"event {k + 1}: the file has {mine}, the seed deals {theirs}"]
            checks.append("the first deal is the one the seed deals")
            return []
        for seat, action in recorded_actions(hand, record):
            apply(hand, action, seat)
    except PokerroomError as err:
        return [f"the hand does not replay from the seed: {err}"]
    for k, (mine, theirs) in enumerate(zip(record.events, hand.events, strict=False)):
        if mine != theirs:
            if mine.cards != theirs.cards:
                return [f"event {k + 1} ({mine.type.value}): the file says {_cards(mine.cards)}, the seed deals "
                        f"{_cards(theirs.cards)}"]  # fmt: skip
            return [f"event {k + 1}: the file has {mine}, the seed and the actions give {theirs}"]
    if len(record.events) != len(hand.events):
        return [f"the file has {len(record.events)} events, the seed and the actions give {len(hand.events)}"]
    checks.append("every event of the hand, reshuffles, seats and amounts included, is the one the seed deals")
    return []
