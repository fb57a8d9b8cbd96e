"""The club night kept in the store (:class:`~pokerroom.store.night_runner.NightRunner`, issue 17 item 1): the
books and the chips written as the evening goes, a resume after a crash exactly where it stopped (a hand cut off
is void and refunded, RULES §3.8), a hand settled just before the crash counted, arrivals with club hold'em's
fee (A-G2-7), departures, results typed in and taken back, and a sheet that agrees with the ledger."""

from __future__ import annotations

import gc

import pytest

from pokerroom.bots import make
from pokerroom.errors import RoomError, StoreError
from pokerroom.room.night import NightConfig
from pokerroom.room.record import HandRecord, Status
from pokerroom.store import Store
from pokerroom.store import nights as stored
from pokerroom.store.night_runner import NightRunner
from storetools import holder_dies

NAMES = ["Anna", "Bo", "Cia"]


def play(book: NightRunner, *, last: bool = False, kind: str = "calling") -> HandRecord:
    """Deal the next hand and let bots of ``kind`` play it out; returns its record."""
    bot = make(kind, seed=1)
    hand = book.start_hand(last=last)
    table = book.table
    while not hand.is_complete:
        seat, es = table.to_act, hand.to_act
        assert seat is not None and es is not None
        book.runner.act(seat, bot.act(hand.view(es)))
    return book.hand_done()


def ledger(store: Store, book: NightRunner) -> dict[str, int]:
    """Each player's chips in the ledger: account plus stack at the night's table."""
    out = {}
    for name in book.night.players:
        account = store.account_id(stored.account_name(book.id, name))
        out[name] = store.balance(account) + store.stack(book.runner.table_id, account)
    return out


def crash(store: Store, book: NightRunner) -> None:
    """The process playing ``book`` dies (SIGKILL): nothing more is written; its lease names an ended process."""
    holder_dies(store, book.runner.table_id)
    book.runner.closed = True  # this object plays no more (a dead process's)
    del book
    gc.collect()


def test_a_new_night_is_in_the_store_with_every_buy_in(store: Store) -> None:
    book = NightRunner.create(store, NightConfig("club-lowball", hands=3), NAMES, seed=4)
    try:
        row = stored.load_night(store, book.id)
        assert row.status == stored.RUNNING and row.game == "club-lowball" and row.table == book.runner.table_id
        assert row.state["night"]["seats"] == book.night.seats and row.state["table_hand"] == 0
        assert [(b.name, b.chips, b.ore) for b in book.night.buys] == [(n, 250, 5000) for n in book.night.seats]
        assert ledger(store, book) == dict.fromkeys(NAMES, 250)  # all of it on the table
        assert book.stacks() == dict.fromkeys(book.night.seats, 250)
        assert stored.list_nights(store, status=stored.RUNNING)[-1].id == book.id
    finally:
        book.close()


def test_a_crash_mid_hand_voids_it_and_the_resumed_night_is_as_before(store: Store) -> None:
    config = NightConfig("club-lowball", hands=6, house_rules={"ante": 2})
    book = NightRunner.create(store, config, NAMES, seed=9)
    play(book)
    book.set_rule("ante", 3)  # agreed between hands 1 and 2
    before = {
        "stacks": book.stacks(),
        "carried": book.table.carried,
        "seats": book.night.seats,
        "dealer": book.night.next_dealer,
        "hand": book.night.hand,
        "deals": book.night.deals,
        "rules": book.night.rules_for_hand(2),
    }
    hand = book.start_hand()
    bot = make("calling", seed=1)
    for _ in range(2):  # two actions journaled, then the process dies
        assert hand.to_act is not None and book.table.to_act is not None
        book.runner.act(book.table.to_act, bot.act(hand.view(hand.to_act)))
    table_id, night_id = book.runner.table_id, book.id
    crash(store, book)
    assert len(store.hands_in_progress(table_id)) == 1

    again = NightRunner.resume(store, night_id)
    try:
        assert len(again.voided) == 1 and store.hands_in_progress(table_id) == []
        void = store.hand_record(again.voided[0])
        assert void.status is Status.VOIDED and void.setup.number == 2
        assert sum(void.contributions) >= 3 * 3  # the antes at least were in the pot: all refunded
        assert again.stacks() == before["stacks"]  # every chip the voided hand took is back
        assert again.table.carried == before["carried"]
        assert again.night.seats == before["seats"] and again.night.next_dealer == before["dealer"]
        assert again.night.hand == before["hand"] == 1 and again.night.deals == before["deals"]
        assert again.night.rules_for_hand(2) == before["rules"] == {"ante": 3}
        record = play(again)  # a new hand: new cards, the store's next number
        assert record.setup.number == 3 and record.setup.antes == (3, 3, 3)
        assert record.setup.deck != void.setup.deck  # new cards
        assert sum(ledger(store, again).values()) + again.table.carried == 750
        store.check_balanced()
    finally:
        again.close()


def test_a_hand_settled_just_before_the_crash_is_counted_on_resume(store: Store) -> None:
    book = NightRunner.create(store, NightConfig("club-holdem", hands=6), NAMES, seed=2)
    play(book)
    stale = book.state()  # the books after hand 1
    play(book)  # hand 2 settled in the store ...
    dealer_after_two = book.night.next_dealer
    stored.save_night(store, book.id, stale)  # ... but the books not written after it (the crash came between)
    night_id = book.id
    crash(store, book)
    again = NightRunner.resume(store, night_id)
    try:
        assert again.voided == [] and again.night.hand == 2 and again.table_hand == 2
        assert again.night.next_dealer == dealer_after_two
        assert sum(again.stacks().values()) + again.table.carried == 1500
    finally:
        again.close()


def test_a_late_player_in_club_holdem_is_seated_by_lot_and_pays_the_fee(store: Store) -> None:
    book = NightRunner.create(store, NightConfig("club-holdem", hands=8), NAMES, seed=5)
    try:
        play(book)
        m, s = sum(book.stacks().values()), 3
        name, chips = book.join("fia")  # the evening's buy-in, capped at X = M / S before she joins (A-G2-6)
        assert name == "fia" and chips == min(500, m // s)
        assert "fia" in book.night.seats and book.table.stacks()["fia"] == chips
        assert ledger(store, book)["fia"] == chips
        record = play(book)
        k = next(i for i, seat in enumerate(record.setup.seats) if seat.player == "fia")
        assert record.setup.dead[k] == 5 and sum(record.setup.dead) == 5  # the first blind, dead money
        with pytest.raises(RoomError, match="already seated"):
            book.join("FIA")
    finally:
        book.close()


def test_a_departure_is_cashed_out_and_a_returning_player_counts_as_new(store: Store) -> None:
    book = NightRunner.create(store, NightConfig("club-lowball", hands=8), NAMES, seed=6)
    try:
        play(book)
        chips = book.stacks()["Bo"]
        assert book.leave("bo") == ("Bo", chips)  # the name without case
        assert "Bo" not in book.night.seats and "Bo" not in book.table.stacks()
        account = store.account_id(stored.account_name(book.id, "Bo"))
        assert store.balance(account) == chips  # home with every chip
        with pytest.raises(RoomError, match="not at the table"):
            book.rebuy("Bo", 10)
        assert book.join("BO", 250) == ("Bo", 250)  # the lowball buy-in again (a rebuy in the books)
        assert book.night.chips_bought("Bo") == 500 and ledger(store, book)["Bo"] == chips + 250
    finally:
        book.close()


def test_results_typed_in_move_the_stacks_and_undo_takes_the_last_back(store: Store) -> None:
    book = NightRunner.create(store, NightConfig("club-lowball", hands=3), NAMES, seed=7)
    try:
        a, b, c = book.night.seats
        assert book.enter({a: 10, b: -5, c: -6}) == 1  # one odd chip stays in the pot
        assert book.stacks() == {a: 260, b: 245, c: 244} and book.table.carried == 1
        assert store.carried(book.runner.table_id) == 1 and book.night.hand == 1
        with pytest.raises(RoomError, match=r"the nets sum to \+2, not \+1, or down to -1"):
            book.enter({a: 2, b: 0, c: 0})  # one chip more than the pot held
        assert book.enter({a: -4, b: 5, c: 0}) == 0  # the carried chip won
        assert book.undo() == 2
        assert book.stacks() == {a: 260, b: 245, c: 244} and book.table.carried == 1 and book.night.hand == 1
        assert store.carried(book.runner.table_id) == 1
        with pytest.raises(RoomError, match="no hand to undo"):
            book.undo()
        with pytest.raises(RoomError, match="only 245 chips to lose"):
            book.enter({a: 246, b: -246, c: -1})
        assert ledger(store, book) == {a: 260, b: 245, c: 244}
        store.check_balanced()
    finally:
        book.close()


def test_a_refused_rebuy_writes_nothing(store: Store) -> None:
    book = NightRunner.create(store, NightConfig("club-lowball", hands=3, no_limit=True), NAMES, seed=8)
    try:
        play(book)
        books = stored.load_night(store, book.id).state
        before = ledger(store, book)
        name = next(n for n, chips in book.stacks().items() if chips > 0)
        with pytest.raises(RoomError, match="empty stack"):
            book.rebuy(name, 10)  # no-limit lowball: a rebuy waits until the chips are gone (G1)
        assert stored.load_night(store, book.id).state == books and ledger(store, book) == before
    finally:
        book.close()


def test_the_sheet_agrees_with_the_ledger_and_the_night_ends(store: Store) -> None:
    book = NightRunner.create(store, NightConfig("club-lowball", hands=1), NAMES, seed=3)
    try:
        for k in range(3):
            play(book, last=k == 2)
        sheet = book.end()
        assert sum(r.net for r in sheet.rows) == 0 and sum(r.chips_out for r in sheet.rows) == 750
        assert {r.name: r.chips_out for r in sheet.rows} == {
            n: store.balance(store.account_id(stored.account_name(book.id, n))) for n in NAMES
        }
        assert stored.load_night(store, book.id).status == stored.ENDED
        with pytest.raises(StoreError, match="has ended"):
            NightRunner.resume(store, book.id)
        with pytest.raises(StoreError, match="no running night"):
            NightRunner.resume(store)
    finally:
        book.close()


def test_undo_is_refused_once_anything_else_changed_between_hands(store: Store) -> None:
    book = NightRunner.create(store, NightConfig("club-lowball", hands=9), NAMES, seed=7)
    try:
        a, b, c = book.night.seats
        book.enter({a: 10, b: -5, c: -5})
        book.rebuy(a, 10)  # the typed hand can no longer be taken back: the rebuy would vanish with it
        with pytest.raises(RoomError, match="no hand to undo"):
            book.undo()
        assert book.night.chips_bought(a) == 260 and book.stacks()[a] == 270
    finally:
        book.close()


def test_the_last_player_left_takes_the_odd_chips_of_the_pot(store: Store) -> None:
    book = NightRunner.create(store, NightConfig("club-lowball", hands=9), NAMES, seed=7)
    try:
        a, b, c = book.night.seats
        assert book.enter({a: 1, b: -1, c: -1}) == 1
        book.leave(a)
        book.leave(b)
        sheet = book.end()  # A-G1-7: every chip bought is in front of a player at cash-out
        assert {r.name: r.chips_out for r in sheet.rows} == {a: 251, b: 249, c: 250}
        assert store.carried(book.runner.table_id) == 0
        store.check_balanced()
    finally:
        book.close()


def test_a_busted_player_still_seated_can_buy_again_after_a_resume(store: Store) -> None:
    book = NightRunner.create(store, NightConfig("club-lowball", hands=9), NAMES, seed=7)
    a, b, c = book.night.seats
    book.enter({a: 250, b: -250, c: 0})
    night_id = book.id
    crash(store, book)
    again = NightRunner.resume(store, night_id)
    try:
        assert again.stacks() == {a: 500, b: 0, c: 250}
        again.rebuy(b, 250)
        assert again.stacks()[b] == 250 and again.night.chips_bought(b) == 500
    finally:
        again.close()


def test_books_that_disagree_with_the_ledger_are_not_resumed(store: Store) -> None:
    book = NightRunner.create(store, NightConfig("club-lowball", hands=9), NAMES, seed=7)
    state = book.state()
    state["night"]["buys"][0]["chips"] = 10**6  # a forged purchase
    stored.save_night(store, book.id, state)
    night_id = book.id
    crash(store, book)
    with pytest.raises(StoreError, match=r"cannot be resumed: its books say \w+ bought 1000000 chips, the ledger 250"):
        NightRunner.resume(store, night_id)


def test_a_full_table_a_returning_lowball_player_and_names_with_control_characters(store: Store) -> None:
    names = [f"P{k}" for k in range(10)]
    book = NightRunner.create(store, NightConfig("club-lowball", hands=9), names, seed=1)
    try:
        with pytest.raises(RoomError, match="the table is full: a club table seats at most 10 players"):
            book.join("Zed")
        book.leave("P3")
        with pytest.raises(RoomError, match="a name has no control characters"):
            book.join("Eve\x1b[31m")
        with pytest.raises(RoomError, match="everyone's first buy-in is 250 chips"):
            book.join("p3", 5000)  # coming back is a new player's buy-in: the evening's, in lowball
        assert book.join("p3") == ("P3", 250)
    finally:
        book.close()
