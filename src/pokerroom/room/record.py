"""The hand record: one frozen :class:`HandRecord` per hand, from which the store, the ledger, the server's
downloads and every format are written (DESIGN: "every settled hand is one record").

A record has three parts and a status:

* :class:`Setup`: everything needed to deal the hand again: the game (its id and the house rules in force), the
  betting structure and stakes, the chip unit and currency, the table (id, name, hand number, start time), the
  button, each seat dealt in (:class:`SeatRecord`: table seat number, player name, starting stack), the forced
  bets (blinds, antes, bring-in, dead money), the carried chips, the rake schedule, and the deck's provenance
  (:class:`Deck`: its seed, and the commitments published before the deal);
* the events (:class:`~pokerroom.engine.Event`): forced bets, each card dealt with the seat it went to, each
  action, each draw and reshuffle, shows and mucks, the board run out, the pots;
* :class:`Result`: each pot with its winners and amounts, the rake, odd chips carried, every seat's final stack,
  contributions and payouts;
* :class:`Status`: complete, voided (with its ``reason``), incomplete (a hand in progress, or a history that ends
  in the middle of a hand), cancelled.

Seats inside a record are the engine's, ``0..n-1`` clockwise in :attr:`Setup.seats` order; each
:class:`SeatRecord` names its table seat.  Chips are integers in the smallest unit; :attr:`Setup.unit` says
what one is worth in :attr:`Setup.currency` (or in the units of the file it was read from).

The full record holds every card; :meth:`HandRecord.view` gives what one seat (or a spectator) may see, by the
same rule as a live hand's view (:func:`pokerroom.engine.views.redact`).  Downloads and formats take that form.
:func:`record_of` builds a record from a played :class:`~pokerroom.engine.Hand`; :meth:`Setup.deal` deals the
hand again from its set-up and :func:`replay` plays recorded actions through it (crash recovery, reading a
stored hand back).  JSON: :mod:`pokerroom.room.record_json`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from decimal import Decimal
from enum import StrEnum

from pokerroom.engine import TIMED_OUT, Action, ActionKind, DeckSource, Event, EventType, Hand, Phase
from pokerroom.engine.dealing import CardSource, ScriptedCards
from pokerroom.engine.shuffle import LegacyStream, deck_key, seed_bytes
from pokerroom.engine.views import redact
from pokerroom.errors import RecordError, UnsupportedRule
from pokerroom.games import Betting, Game, Limit, find
from pokerroom.room.rake import TableRake

__all__ = [
    "LEGACY_STREAM",
    "STREAM",
    "Deck",
    "HandRecord",
    "PotResult",
    "Result",
    "SeatRecord",
    "Setup",
    "Status",
    "record_of",
    "recorded_actions",
    "replay",
    "scripted_cards",
]


class Status(StrEnum):
    """Where a hand ended (RULES §3.8 for a void)."""

    COMPLETE = "complete"
    """Played to the end and settled."""
    VOIDED = "voided"
    """Cancelled while being played: every chip each player put in went back, no rake (RULES §3.8)."""
    INCOMPLETE = "incomplete"
    """Still being played, or a history that ends in the middle of the hand."""
    CANCELLED = "cancelled"
    """Dealt and called off before it was played (a history's "hand cancelled")."""


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat dealt in: its ``seat`` number at the table, the ``player``'s name, the starting ``stack``."""

    seat: int
    player: str
    stack: int


STREAM = "hmac-sha256-v1"
"""The card source's construction (docs/shuffle.md, :mod:`pokerroom.engine.shuffle`); a stored deck that names
none was shuffled by an earlier release's generator, whose seeds cannot deal it again."""

LEGACY_STREAM = "mt19937"
"""What a stored deck read without a ``stream`` was shuffled with (releases before the provable shuffle)."""


@dataclass(frozen=True, slots=True)
class Deck:
    """The deck's provenance (docs/shuffle.md).

    * ``seed``: a whole-number seed (the same seed deals the same cards again), or ``server_seed``: the server's
      secret 32 bytes in hex; either, with the ``client_seeds`` players added before the deal (table seat, text),
      makes the key of the card source (:func:`~pokerroom.engine.shuffle.deck_key`);
    * ``seed_hash`` (SHA-256 of the server seed, published before the hand) and ``root`` (the Merkle root over the
      deck's positions, published at the deal): the commitments players check the hand against
      (:mod:`pokerroom.room.proof`); ``None`` when none were made;
    * ``stream``: the construction (:data:`STREAM`).

    All empty when the cards came from elsewhere (a scripted deal, a hand history).  A view of the record
    (:meth:`public`) keeps the commitments and the client seeds, never a seed.
    """

    seed: int | None = None
    server_seed: str | None = None
    client_seeds: tuple[tuple[int, str], ...] = ()
    seed_hash: str | None = None
    root: str | None = None
    stream: str = STREAM

    @property
    def secret(self) -> bytes | None:
        """The server seed's bytes (``None``: no seed recorded)."""
        if self.server_seed is not None:
            return bytes.fromhex(self.server_seed)
        return seed_bytes(self.seed) if self.seed is not None else None

    def key(self) -> bytes:
        """The card source's key.  Raises :class:`~pokerroom.errors.RecordError` when no seed is recorded, or
        the deck was shuffled by an earlier release's generator (:meth:`source` deals those)."""
        if self.stream != STREAM:
            raise RecordError(f"the deck was shuffled by the {self.stream} generator of an earlier release; it has "
                              f"no {STREAM} key", field="deck")
        secret = self.secret
        if secret is None:
            raise RecordError("the set-up records no deck seed, so its cards cannot be dealt again", field="deck")
        return deck_key(secret, dict(self.client_seeds))

    def source(self, cards: Sequence[int]) -> DeckSource:
        """The card source dealing ``cards`` (the game's deck) as this deck was dealt: from :meth:`key`, or for a
        deck stored by an earlier release, from its seed by that release's generator.  Raises
        :class:`~pokerroom.errors.RecordError` when no seed is recorded or the stream is unknown."""
        if self.stream == LEGACY_STREAM and self.seed is not None:
            return DeckSource(cards, stream=LegacyStream(self.seed))
        return DeckSource.keyed(cards, self.key())

    @property
    def dealable(self) -> bool:
        """Whether :meth:`source` deals the cards again."""
        if self.stream == LEGACY_STREAM:
            return self.seed is not None
        return self.stream == STREAM and (self.seed is not None or self.server_seed is not None)

    def public(self) -> Deck:
        """The deck as players may see it before the seed is revealed: no seed."""
        return replace(self, seed=None, server_seed=None)


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything needed to deal the hand again (see the module docstring).

    * ``game``: the registered game id; ``rules``: the house rules in force that differ from the registered
      game, by name (``Game.with_rules``);
    * ``betting``: the structure (its ``limit``, bet sizes, caps); ``stakes``: as players write them
      (``"blinds 1/2"``);
    * ``seats``: the seats dealt in, clockwise, the engine seat being the index; ``button``: the engine seat of
      the button or dealer box;
    * ``blinds``, ``antes``, ``dead``: each seat's live blind (or post, or straddle), ante and dead money, in
      chips; ``bring_in``; ``big_blind_seat``: the big blind in position when others posted a live big blind;
    * ``ante_trimming``, ``fold_without_bet``, ``auto_showdown``, ``strict_show_order``: the hand's own flags
      (:class:`~pokerroom.engine.Hand`); ``carried_in``: odd chips a previous hand left in the pot;
      ``last_hand``: the evening's last hand (odd chips paid out, not carried);
    * ``rake``: the house's cut (RULES §3.10), ``None`` when the hand is not raked;
    * ``unit``, ``currency``: what one chip is worth, and in which currency (``None``: play chips or a file's
      units);
    * ``table_id``, ``table_name``, ``number`` (the table's hand number), ``started_at`` (UTC);
    * ``deck``: the deck's provenance.
    """

    game: str
    betting: Betting
    seats: tuple[SeatRecord, ...]
    button: int
    blinds: tuple[int, ...]
    antes: tuple[int, ...]
    rules: Mapping[str, object] = field(default_factory=dict)
    stakes: str = ""
    bring_in: int = 0
    dead: tuple[int, ...] = ()
    big_blind_seat: int | None = None
    ante_trimming: bool = True
    fold_without_bet: bool = True
    auto_showdown: bool = True
    strict_show_order: bool = True
    carried_in: int = 0
    last_hand: bool = False
    rake: TableRake | None = None
    unit: Decimal = Decimal(1)
    currency: str | None = None
    table_id: int | None = None
    table_name: str | None = None
    number: int | None = None
    started_at: datetime | None = None
    deck: Deck = Deck()

    @property
    def limit(self) -> Limit:
        return self.betting.limit

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names by engine seat."""
        return tuple(s.player for s in self.seats)

    @property
    def stacks(self) -> tuple[int, ...]:
        """The starting stacks by engine seat."""
        return tuple(s.stack for s in self.seats)

    def the_game(self) -> Game:
        """The registered game with this set-up's house rules.  Raises
        :class:`~pokerroom.errors.UnsupportedRule` for a game or rule this release does not know."""
        game = find(self.game)
        return game.with_rules(**self.rules) if self.rules else game

    def deal(self, *, cards: CardSource | None = None, rake: bool = True) -> Hand:
        """The hand of this set-up dealt again, before any action: from ``cards``, else the deck's seed (the
        same seed deals the same cards).  ``rake=False`` deals it without the rake (a crash refunds
        contributions; no pot is raked).  Raises :class:`~pokerroom.errors.RecordError` when there is neither
        a card source nor a seed."""
        game = self.the_game()
        if cards is None:
            cards = self.deck.source(game.deck)
        n = len(self.seats)
        return Hand(
            game,
            stacks=self.stacks,
            button=self.button,
            blinds=self.blinds,
            antes=self.antes,
            betting=self.betting,
            cards=cards,
            bring_in=self.bring_in,
            ante_trimming=self.ante_trimming,
            auto_showdown=self.auto_showdown,
            strict_show_order=self.strict_show_order,
            fold_without_bet=self.fold_without_bet,
            carried_in=self.carried_in,
            last_hand=self.last_hand,
            dead=self.dead or [0] * n,
            big_blind_seat=self.big_blind_seat,
            rake=self.rake if rake else None,
        )


@dataclass(frozen=True, slots=True)
class PotResult:
    """One pot as settled: its ``amount`` after the rake, the ``rake`` taken from it, the ``eligible`` seats,
    the ``winners`` as ``(seat, chips)`` pairs, and ``text`` (``"split"`` for 32-card draw's agreed split, the
    odd chips carried to the next hand)."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[tuple[int, int], ...]
    rake: int = 0
    text: str | None = None


@dataclass(frozen=True, slots=True)
class Result:
    """How the hand ended, by engine seat: the ``pots`` (main pot first), the ``rake``, the odd chips carried to
    the next hand (``carried_out``), each seat's ``final`` stack, ``contributions`` (chips put in, dead money
    included, uncalled bets excluded) and ``payouts`` (chips won, or refunded by a void).  Chips balance:
    ``sum(contributions) + carried_in == sum(payouts) + rake + carried_out`` (a void: carried chips stay out)."""

    pots: tuple[PotResult, ...]
    final: tuple[int, ...]
    contributions: tuple[int, ...]
    payouts: tuple[int, ...]
    rake: int = 0
    carried_out: int = 0


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand: its :class:`Setup`, its ``events``, its :class:`Result` (``None`` while incomplete), its
    :class:`Status` and the ``reason`` of a void or cancellation.  ``viewer`` is ``None`` in the full record
    (every card); :meth:`view` sets it to the engine seat whose view it is (``-1``: a spectator)."""

    setup: Setup
    events: tuple[Event, ...]
    status: Status
    result: Result | None = None
    reason: str | None = None
    viewer: int | None = None

    SPECTATOR = -1

    # -- the figures a settlement needs, by engine seat ------------------------------------------------------

    @property
    def number(self) -> int | None:
        return self.setup.number

    @property
    def players(self) -> tuple[tuple[int, str], ...]:
        """``(table seat, name)`` by engine seat."""
        return tuple((s.seat, s.player) for s in self.setup.seats)

    @property
    def starting(self) -> tuple[int, ...]:
        return self.setup.stacks

    @property
    def voided(self) -> bool:
        return self.status is Status.VOIDED

    def _result(self) -> Result:
        if self.result is None:
            raise RecordError(f"hand {self.setup.number} is {self.status.value}: it has no result yet", field="result")
        return self.result

    @property
    def final(self) -> tuple[int, ...]:
        return self._result().final

    @property
    def contributions(self) -> tuple[int, ...]:
        return self._result().contributions

    @property
    def payouts(self) -> tuple[int, ...]:
        return self._result().payouts

    @property
    def net(self) -> tuple[int, ...]:
        """Each seat's result: payouts less contributions (final less starting stack)."""
        return tuple(won - put for put, won in zip(self.contributions, self.payouts, strict=True))

    @property
    def rake(self) -> int:
        return self._result().rake

    @property
    def carried_in(self) -> int:
        """Chips the settlement took from the pot carried in (a void takes none: they stay for the next hand)."""
        return 0 if self.voided else self.setup.carried_in

    @property
    def carried_out(self) -> int:
        return self._result().carried_out

    @property
    def board(self) -> tuple[int, ...]:
        """The community cards, in the order dealt."""
        return tuple(c for e in self.events if e.type is EventType.DEAL_BOARD for c in e.cards or ())

    def shown(self) -> dict[int, tuple[int, ...]]:
        """The cards each seat showed at the showdown, by engine seat."""
        return {e.seat: e.cards for e in self.events if e.type is EventType.SHOW and e.seat is not None and e.cards}

    # -- views ------------------------------------------------------------------------------------------------

    def view(self, seat: int | None) -> HandRecord:
        """What engine ``seat`` may see of this hand (``None``: a spectator): other seats' down cards and
        discards as unknown unless they showed them, by the rule of a live hand's view, and the deck without its
        seed (which would deal the hidden cards again; the commitments stay).  Raises
        :class:`~pokerroom.errors.RecordError` for a seat not dealt in, or a record already redacted for
        someone else."""
        if seat is not None and not 0 <= seat < len(self.setup.seats):
            last = len(self.setup.seats) - 1
            raise RecordError(f"seat {seat} was not dealt in; seats 0 to {last} were", field="seat")
        viewer = self.SPECTATOR if seat is None else seat
        if self.viewer is not None:
            if self.viewer == viewer:
                return self
            raise RecordError(f"this record is already seat {self.viewer}'s view", field="viewer")
        events = tuple(redact(self.events, seat, self.shown()))
        # The seed deals every card again, the hidden ones too: a view keeps only the commitments.
        deck = self.setup.deck
        setup = self.setup if deck.public() == deck else replace(self.setup, deck=deck.public())
        return replace(self, setup=setup, events=events, viewer=viewer)


def _pots(hand: Hand) -> tuple[PotResult, ...]:
    rake_by_pot = hand.rake_by_pot
    out: list[PotResult] = []
    for e in hand.events:
        if e.type is EventType.POT:
            taken = rake_by_pot[len(out)] if len(out) < len(rake_by_pot) else 0
            out.append(PotResult(e.amount or 0, e.eligible or (), e.winners or (), taken, e.text))
    return tuple(out)


def record_of(
    hand: Hand,
    *,
    seats: Sequence[SeatRecord] | None = None,
    status: Status | None = None,
    reason: str | None = None,
    stakes: str = "",
    unit: Decimal = Decimal(1),
    currency: str | None = None,
    table_id: int | None = None,
    table_name: str | None = None,
    number: int | None = None,
    started_at: datetime | None = None,
    deck: Deck | None = None,
) -> HandRecord:
    """The record of ``hand`` as it stands: ``complete`` once it is, else ``incomplete`` (or the ``status``
    given: ``voided`` with its ``reason`` refunds every contribution).  ``seats`` name the players and their
    table seats (default: seat ``k`` is ``"p{k+1}"`` at table seat ``k``); the other keywords fill the
    :class:`Setup`'s table fields.  Raises :class:`~pokerroom.errors.RecordError` for a ``seats`` list of the
    wrong length or a ``complete`` status on a hand that is not, and :class:`~pokerroom.errors.UnsupportedRule`
    for a game changed in more than its house rules (a record names a game by its id and house rules)."""
    n = hand.n
    if seats is None:
        seats = [SeatRecord(k, f"p{k + 1}", hand.starting_stacks[k]) for k in range(n)]
    if len(seats) != n:
        raise RecordError(f"a record of {n} seats needs {n} seat records, not {len(seats)}", field="seats")
    if status is None:
        status = Status.COMPLETE if hand.is_complete else Status.INCOMPLETE
    if status is Status.COMPLETE and not hand.is_complete:
        raise RecordError("the hand is not complete", field="status")
    rake = hand.rake_rule
    game = hand.game
    rules = game.changed_rules()
    if game is not find(game.id) and find(game.id).with_rules(**rules) != game:
        names = ", ".join(r.name for r in game.house_rules) or "it has none"
        raise UnsupportedRule(
            f"this {game.id} differs from the registered game in more than its house rules ({names}); "
            "a hand record cannot name it"
        )
    setup = Setup(
        game=game.id,
        rules=rules,
        betting=hand.betting,
        seats=tuple(seats),
        button=hand.button,
        blinds=hand.blinds,
        antes=hand.antes,
        stakes=stakes,
        bring_in=hand.bring_in,
        dead=tuple(hand.dead_posted) if any(hand.dead_posted) else (),
        big_blind_seat=hand.big_blind_seat,
        ante_trimming=hand.ante_trimming,
        fold_without_bet=hand.fold_without_bet,
        auto_showdown=hand.auto_showdown,
        strict_show_order=hand.strict_show_order,
        carried_in=hand.carried_in,
        last_hand=hand.game.house.odd_chips_carry and not hand.carry_odd_chips,
        rake=rake if isinstance(rake, TableRake) else None,
        unit=unit,
        currency=currency,
        table_id=table_id,
        table_name=table_name,
        number=number,
        started_at=started_at,
        deck=deck if deck is not None else Deck(),
    )
    contributions = tuple(c + d for c, d in zip(hand.contributions, hand.dead_posted, strict=True))
    result: Result | None = None
    if status is Status.COMPLETE:
        result = Result(_pots(hand), tuple(hand.stacks), contributions, tuple(hand.won), hand.rake, hand.carried)
    elif status is Status.VOIDED:
        result = Result((), hand.starting_stacks, contributions, contributions)
    return HandRecord(setup, tuple(hand.events), status, result, reason)


def apply(hand: Hand, action: Action | None, seat: int) -> Event:
    """Apply one recorded action of engine ``seat`` to ``hand``: ``None`` is disconnect protection (RULES §3.7,
    the player stays in as all-in).  Raises the engine's errors for an action that is not legal there."""
    if action is None:
        return hand.artificial_all_in(seat)
    return hand.act(action, seat)


_KINDS = {
    EventType.FOLD: ActionKind.FOLD,
    EventType.CHECK: ActionKind.CHECK,
    EventType.CALL: ActionKind.CALL,
    EventType.BRING_IN: ActionKind.BRING_IN,
}


def scripted_cards(record: HandRecord) -> ScriptedCards:
    """The cards a full record's events name: each seat's, in the order dealt, and the board."""
    hole: dict[int, list[int]] = {}
    board: list[int] = []
    for e in record.events:
        if e.type in (EventType.DEAL_HOLE, EventType.DEAL_UP) and e.seat is not None:
            hole.setdefault(e.seat, []).extend(e.cards or ())
        elif e.type is EventType.DEAL_BOARD:
            board.extend(e.cards or ())
    return ScriptedCards(hole, board)


def recorded_actions(hand: Hand, record: HandRecord) -> Iterator[tuple[int, Action | None]]:
    """The actions behind the record's events, in order, as :func:`~pokerroom.room.record.apply` takes them
    (``None``: disconnect protection).  A show or muck the engine made itself (an automatic showdown) is skipped:
    only one the hand waits for is an action.  ``hand`` is the hand being replayed (read as it goes)."""
    for e in record.events:
        seat, t, timed = e.seat, e.type, e.text == TIMED_OUT
        if seat is None:
            continue
        if t in _KINDS:
            yield seat, Action(_KINDS[t], timed_out=timed)
        elif t is EventType.BET:
            yield seat, Action.bet(e.to or 0)
        elif t is EventType.RAISE:
            yield seat, Action.raise_to(e.to or 0)
        elif t is EventType.DRAW:
            yield seat, Action.draw(tuple(e.cards or ()), timed_out=timed)
        elif t is EventType.ARTIFICIAL_ALL_IN:
            yield seat, None
        elif t is EventType.SPLIT:
            yield seat, Action.check() if e.text == "declines" else Action.split()
        elif t in (EventType.SHOW, EventType.MUCK) and hand.phase is Phase.SHOWDOWN and hand.to_act == seat:
            yield (
                seat,
                Action.show(tuple(e.cards or ())) if t is EventType.SHOW else Action(ActionKind.MUCK, timed_out=timed),
            )


def replay(setup: Setup, actions: Iterable[tuple[int, Action | None]], *, rake: bool = True) -> Hand:
    """Deal ``setup`` again (:meth:`Setup.deal`) and apply ``actions`` (engine seat, action or ``None`` for
    disconnect protection) in order; returns the hand.  Raises the engine's errors when an action is not legal
    there: actions that do not belong to this set-up."""
    hand = setup.deal(rake=rake)
    for seat, action in actions:
        apply(hand, action, seat)
    return hand
