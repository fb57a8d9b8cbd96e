"""Table chat (issue 18 item 7; pokerroom.server.chat): two players talk, a spectator reads only, the text rules
(control characters, 200 characters, empty), the rate limit with exact counts on a virtual clock, a player's mute
across reconnects and tables, an operator's removal and mute, a non-operator refused, the history on connecting,
and the same over the real socket with ``/api/me``'s operator flag."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import servertools
from pokerroom.room.clock import VirtualClock
from pokerroom.server import chat as chat_module
from pokerroom.server.accounts import Users
from pokerroom.server.actor import TableActor
from pokerroom.server.app import OUTBOX_CHARS, _Socket
from pokerroom.server.chat import CHAT_HISTORY, CHAT_KEPT, CHAT_MAX_CHARS, MUTE_MAX, ChatRoom
from pokerroom.server.lobby import Lobby
from pokerroom.server.protocol import VERSION, Chat, ChatMute, ChatRemove, Mute, Sit, parse
from pokerroom.store import Store
from pokerroom.store.roles import OPERATOR, grant
from servertools import DUEL, Recorder, api, serve, sign_up, store_of, table

db_fixture = servertools.db_fixture

WALL = 1_767_225_600.0  # 2026-01-01T00:00:00Z
"""The wall clock the chat shows times in, fixed."""


class Client(Recorder):
    """A connection that keeps every message it is sent, with the chat's own readings."""

    def chats(self) -> list[tuple[int, str, str]]:
        return [(m["id"], m["player"], m["text"]) for m in self.of_type("chat")]

    def error(self) -> dict[str, Any]:
        return self.of_type("error")[-1]

    def history(self) -> dict[str, Any]:
        """The chat the ``welcome`` gave."""
        return self.of_type("welcome")[-1]["chat"]  # type: ignore[no-any-return]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(f"sqlite:///{tmp_path / 'room.db'}")
    users = Users(s)
    for name in ("alice", "bob", "carol", "olga"):
        users.sign_up(name, "password1")
    yield s
    s.close()


class Room:
    """Two tables on one virtual clock sharing one chat room; olga is the operator."""

    def __init__(self, store: Store) -> None:
        self.clock = VirtualClock()
        self.chat = ChatRoom(
            is_operator=lambda p: p == "olga",
            login_name=Users(store).login_name,
            clock=self.clock,
            wall=lambda: WALL + self.clock.now(),
        )
        self.lobby = Lobby(store, clock=self.clock, seed=7, bot_delay=0.0, next_hand_delay=60.0, chat=self.chat)
        self.actor = self.lobby.create(name="T1", game="holdem", stakes="1/2", limit="no", seats=3)
        self.other = self.lobby.create(name="T2", game="holdem", stakes="1/2", limit="no", seats=3)

    def join(self, player: str, seat: int | None = None, actor: TableActor | None = None) -> Client:
        actor = actor or self.actor
        c = Client(player)
        actor.connect(c)
        if seat is not None:
            actor.handle(c, Sit(seat, 100))
        return c

    def say(self, c: Client, text: str, actor: TableActor | None = None) -> None:
        (actor or self.actor).handle(c, Chat(text))


@pytest.fixture
def room(store: Store) -> Iterator[Room]:
    r = Room(store)
    yield r
    r.lobby.close()


def at(seconds: float) -> str:
    return f"2026-01-01T00:{int(seconds) // 60:02d}:{int(seconds) % 60:02d}Z"


# ------------------------------------------------------------------------------------------------ talking


def test_two_players_talk_and_a_spectator_reads_only(room: Room) -> None:
    alice, bob, carol = room.join("alice", 0), room.join("bob", 1), room.join("carol")
    assert carol.of_type("welcome")[0]["chat"] == {"messages": [], "operator": False, "muted": []}
    room.clock.advance(5.0)
    room.actor._changed = False
    room.say(alice, "  good luck, bob  ")
    message = {"v": VERSION, "type": "chat", "id": 1, "player": "alice", "text": "good luck, bob", "at": at(5)}
    for c in (alice, bob, carol):
        assert c.of_type("chat") == [message]
    assert not room.actor._changed  # a chat message sends no state
    room.say(bob, "thanks")
    assert carol.chats() == [(1, "alice", "good luck, bob"), (2, "bob", "thanks")]
    room.say(carol, "hi all")
    err = carol.error()
    assert err["code"] == "spectator"
    assert err["message"] == "carol: spectators read the chat; take a seat to write in it"
    assert [len(c.of_type("chat")) for c in (alice, bob, carol)] == [2, 2, 2]
    assert [m.id for m in room.actor.chat.messages] == [1, 2]
    assert not room.other.chat.messages  # each table its own chat


def test_text_rules_control_characters_length_and_html(room: Room) -> None:
    alice, bob = room.join("alice", 0), room.join("bob", 1)
    room.say(alice, "a\x00b\x1b[31mc\u202ed\ne\tf\u200b!")  # NUL, ESC, a bidi override, a zero-width space
    assert bob.chats()[-1] == (1, "alice", "ab[31mcd e f!")
    room.say(alice, "\x07 \n\t\x00 ")
    assert alice.error()["code"] == "chat_empty"
    room.say(alice, "")
    assert alice.error()["code"] == "chat_empty"
    room.clock.advance(10.0)
    longest = " " + "x" * CHAT_MAX_CHARS + "\n"  # 200 once trimmed: sent whole
    room.say(alice, longest)
    assert bob.chats()[-1] == (2, "alice", "x" * 200)
    room.say(alice, "y" * 201)
    err = alice.error()
    assert err["code"] == "chat_too_long" and err["allowed"] == {"max_chars": 200}
    assert err["message"] == "the message has 201 characters; at most 200 are allowed (shorten it)"
    room.say(alice, "<img src=x onerror=alert(1)>")
    assert bob.chats()[-1] == (3, "alice", "<img src=x onerror=alert(1)>")  # as typed: the page shows it as text
    assert len(bob.of_type("chat")) == 3


def test_rate_limit_three_at_once_then_one_every_two_seconds(room: Room) -> None:
    alice, bob = room.join("alice", 0), room.join("bob", 1)
    room.say(alice, "")  # refusals for the text spend nothing
    for n in range(3):
        room.say(alice, f"m{n}")
    room.say(alice, "m3")
    err = alice.error()
    assert err["code"] == "chat_rate" and err["allowed"] == {"retry_after": 2.0}
    assert err["message"] == "too many chat messages (at most 3 at once, 5 every 10 s); send again in 2 s"
    room.say(bob, "bob is not limited by alice")
    room.clock.advance(1.5)
    room.say(alice, "m3")
    assert alice.error()["allowed"] == {"retry_after": 0.5}
    room.clock.advance(0.5)
    room.say(alice, "m3")
    assert [t for _, p, t in bob.chats() if p == "alice"] == ["m0", "m1", "m2", "m3"]
    # Trying every half second from an empty bucket: exactly 5 go in the next 10 s, one every 2 s.
    before, refused = len(bob.of_type("chat")), len(alice.of_type("error"))
    for n in range(20):
        room.clock.advance(0.5)
        room.say(alice, f"spam {n}")
    assert [t for _, _, t in bob.chats()[before:]] == ["spam 3", "spam 7", "spam 11", "spam 15", "spam 19"]
    assert len(alice.of_type("error")) - refused == 15
    # A long rest fills the bucket to 3, never more.
    room.clock.advance(300.0)
    for n in range(4):
        room.say(alice, f"rested {n}")
    assert [t for _, p, t in bob.chats() if t.startswith("rested")] == ["rested 0", "rested 1", "rested 2"]
    assert alice.error()["allowed"] == {"retry_after": 2.0}


def test_mute_and_unmute_hold_across_reconnects_and_tables(room: Room) -> None:
    alice, bob, carol = room.join("alice", 0), room.join("bob", 1), room.join("carol", 2)
    room.say(alice, "one")
    room.actor.handle(bob, Mute("alice"))
    assert bob.of_type("muted") == [{"v": VERSION, "type": "muted", "player": "alice", "on": True}]
    assert room.chat.muted_by("bob") == {"alice"}
    room.say(alice, "two")
    room.say(carol, "three")
    assert bob.chats() == [(1, "alice", "one"), (3, "carol", "three")]  # "one" came before the mute
    assert [t for _, _, t in carol.chats()] == ["one", "two", "three"]
    room.actor.disconnect(bob)
    again = room.join("bob")
    assert [m["text"] for m in again.history()["messages"]] == ["three"] and again.history()["muted"] == ["alice"]
    elsewhere_alice, elsewhere_bob = room.join("alice", 0, room.other), room.join("bob", None, room.other)
    room.say(elsewhere_alice, "at the other table", room.other)
    assert elsewhere_bob.chats() == [] and elsewhere_alice.chats() == [(1, "alice", "at the other table")]
    room.actor.handle(again, Mute("alice", on=False))
    [unmuted] = again.of_type("muted")
    assert (unmuted["player"], unmuted["on"]) == ("alice", False)
    assert [m["text"] for m in unmuted["messages"]] == ["one", "two", "three"]  # hers again, in order
    assert room.chat.muted_by("bob") == set() and "bob" not in room.chat.mutes
    room.clock.advance(10.0)
    room.say(alice, "four")
    assert again.chats() == [(4, "alice", "four")]
    room.actor.handle(again, Mute("bob"))
    assert again.error()["code"] == "bad_field" and again.error()["message"] == "you cannot mute yourself"


# ------------------------------------------------------------------------------------------------ operators


def test_operator_removes_a_message_and_mutes_a_player(room: Room) -> None:
    alice, bob, olga = room.join("alice", 0), room.join("bob", 1), room.join("olga")
    assert olga.history()["operator"] is True and bob.history()["operator"] is False
    room.say(alice, "buy cheap chips at example.com")
    room.say(bob, "no thanks")
    room.actor.handle(bob, ChatRemove(1))
    assert bob.error()["code"] == "not_operator"
    assert bob.error()["message"] == "bob is not an operator; only an operator may do this"
    room.actor.handle(bob, ChatMute("alice", 10))
    assert bob.error()["code"] == "not_operator"
    room.actor.handle(olga, ChatRemove(1))
    for c in (alice, bob, olga):
        assert c.of_type("chat_removed") == [{"v": VERSION, "type": "chat_removed", "id": 1}]
    assert [m["id"] for m in room.join("carol").history()["messages"]] == [2]
    room.actor.handle(olga, ChatRemove(1))
    assert olga.error()["code"] == "no_message"
    room.clock.advance(30.0)
    room.actor.handle(olga, ChatMute("alice", 10))
    notice = {"v": VERSION, "type": "chat_muted", "player": "alice", "until": at(630)}
    assert (
        alice.of_type("chat_muted") == [notice]
        and olga.of_type("chat_muted") == [notice]
        and bob.of_type("chat_muted") == []
    )
    room.clock.advance(599.0)
    room.say(alice, "let me talk")
    err = alice.error()
    assert err["code"] == "chat_muted" and err["allowed"] == {"until": "2026-01-01T00:10:30Z"}
    assert err["message"] == "an operator muted you in the chat until 2026-01-01T00:10:30Z (UTC)"
    room.say(alice, "still?", room.other)  # an operator's mute holds at every table
    assert not room.other.chat.messages
    room.clock.advance(1.0)
    room.say(alice, "back")
    assert bob.chats()[-1] == (3, "alice", "back")
    room.actor.handle(olga, ChatMute("alice", 60))
    room.actor.handle(olga, ChatMute("alice", 0))  # lifted
    assert alice.of_type("chat_muted")[-1]["until"] is None
    room.clock.advance(10.0)
    room.say(alice, "free")
    assert bob.chats()[-1] == (4, "alice", "free")
    room.actor.handle(olga, ChatMute("alice", 7 * 24 * 60 + 1))
    assert olga.error()["code"] == "bad_field"


def test_history_on_connect_is_the_last_fifty_of_two_hundred_kept(room: Room) -> None:
    alice, bob = room.join("alice", 0), room.join("bob", 1)
    for n in range(1, 206):
        room.say(alice if n % 2 else bob, f"message {n}")
        room.clock.advance(2.0)
    assert len(room.actor.chat.messages) == CHAT_KEPT and room.actor.chat.messages[0].id == 6
    late = room.join("carol")
    sent = late.of_type("welcome")[0]["chat"]["messages"]
    assert len(sent) == CHAT_HISTORY
    assert [m["id"] for m in sent] == list(range(156, 206))
    assert sent[-1] == {
        "v": VERSION, "type": "chat", "id": 205, "player": "alice", "text": "message 205", "at": at(408),
    }  # fmt: skip


# ------------------------------------------------------------------------------------------------ the socket


def test_chat_over_the_socket_and_the_operator_flag(db: str) -> None:
    with serve(db, DUEL) as client:
        alice, bob, olga = (sign_up(client, n) for n in ("alice", "bob", "olga"))
        grant(store_of(client), "olga", OPERATOR)
        assert api(client, olga, "GET", "/api/me")["operator"] is True
        assert api(client, alice, "GET", "/api/me")["operator"] is False
        with table(client, alice) as a, table(client, bob) as b, table(client, olga) as o:
            assert o.welcome["chat"] == {"messages": [], "operator": True, "muted": []}
            assert a.welcome["chat"] == {"messages": [], "operator": False, "muted": []}
            a.send("sit", seat=0, buy_in=100)
            a.send("chat", text="<b>hi</b>")
            m = b.until(lambda m: m["type"] == "chat", "alice's chat")
            assert (m["id"], m["player"], m["text"]) == (1, "alice", "<b>hi</b>")
            b.send("chat", text="hello")
            b.error("spectator")
            b.send("chat")
            assert b.error("bad_field")["message"] == "'text' must be text, not None"
            b.send("mute", player="")
            b.error("bad_field")
            b.send("chat_remove", id=1)
            b.error("not_operator")
            o.send("chat_remove", id=0)
            o.error("bad_field")
            o.send("chat_remove", id=1)
            assert o.until(lambda m: m["type"] == "chat_removed", "the removal")["id"] == 1
            assert b.until(lambda m: m["type"] == "chat_removed", "the removal")["id"] == 1
    assert parse(json.dumps({"v": VERSION, "type": "chat_mute", "player": "bob", "minutes": 10})) == ChatMute("bob", 10)
    assert parse(json.dumps({"v": VERSION, "type": "unmute", "player": "bob"})) == Mute("bob", on=False)


# ------------------------------------------------------------------------------------------ the adversary's faults


def test_blank_messages_are_refused_and_stacked_marks_cut_to_two(room: Room) -> None:
    alice, bob = room.join("alice", 0), room.join("bob", 1)
    blanks = {
        "a zero-width joiner": "\u200d",
        "three joiners": "\u200d\u200d\u200d",
        "the Hangul filler": "\u3164",
        "the halfwidth Hangul filler": " \uffa0 ",
        "the braille blank": "\u2800\u2800",
        "five variation selectors": "\ufe0f" * 5,
        "combining marks alone": "\u0301\u0302",
        "an ideographic space and a word joiner": "\u3000\u2060",
    }
    for what, text in blanks.items():
        room.say(alice, text)
        err = alice.error()
        assert err["code"] == "chat_empty", what
        assert err["message"] == "the message has nothing visible; write something to send", what
    assert len(alice.errors()) == len(blanks) and bob.chats() == []  # refusals spend nothing of the rate
    room.say(alice, "a" + "\u0301" * 199)  # a stack of 199 accents: the first two stay
    room.say(alice, "\u00e9 e\u0301\u0323 1\ufe0f\u20e3 \U0001f468\u200d\U0001f469\u200d\U0001f467 \u2764\ufe0f")
    room.say(alice, "x\u0301\u200d\u0301\u200d\u0301!")  # joiners between the marks start no new stack
    assert bob.chats() == [
        (1, "alice", "a\u0301\u0301"),
        (2, "alice", "\u00e9 e\u0301\u0323 1\ufe0f\u20e3 \U0001f468\u200d\U0001f469\u200d\U0001f467 \u2764\ufe0f"),
        (3, "alice", "x\u0301\u200d\u0301\u200d!"),
    ]
    # The page clips each message line, so that whatever stacks up cannot draw over its neighbours.
    css = (Path(chat_module.__file__).parent / "static" / "chat.css").read_text()
    rule = css[css.index(".chat-message {") : css.index("}", css.index(".chat-message {"))]
    assert "overflow: hidden;" in rule


def test_mutes_name_someone_at_the_table_are_bounded_rate_limited_and_answered_small(room: Room) -> None:
    alice, bob, carol = room.join("alice", 0), room.join("bob", 1), room.join("carol")  # carol watches
    made_up = "n000000" + "z" * 31
    room.actor.handle(carol, Mute(made_up))  # the attack: thousands of made-up names
    err = carol.error()
    assert err["code"] == "no_player"
    assert err["message"] == f"nobody called {made_up!r} is at this table or wrote in its chat"
    room.actor.handle(carol, Mute("dave"))  # signed up, but not here
    assert carol.error()["code"] == "no_player"
    room.actor.handle(carol, Mute("ALICE"))  # names are one player ignoring case: the signed-up spelling is kept
    assert carol.of_type("muted") == [{"v": VERSION, "type": "muted", "player": "alice", "on": True}]
    assert room.chat.muted_by("carol") == {"alice"}
    room.say(alice, "carol does not hear this")
    assert carol.chats() == [] and bob.chats() == [(1, "alice", "carol does not hear this")]
    room.actor.handle(carol, Mute("Alice", on=False))
    assert carol.of_type("muted")[-1] == {
        "v": VERSION, "type": "muted", "player": "alice", "on": False,
        "messages": [{"v": VERSION, "type": "chat", "id": 1, "player": "alice", "text": "carol does not hear this",
                      "at": at(0)}],
    }  # fmt: skip
    room.actor.handle(carol, Mute("bob", on=False))
    assert carol.error()["code"] == "no_player" and carol.error()["message"] == "you have not muted 'bob'"
    room.actor.disconnect(bob)
    room.actor.handle(carol, Mute("Bob"))  # gone, and never wrote: nobody to mute
    assert carol.error()["code"] == "no_player"
    room.actor.disconnect(alice)
    room.actor.handle(carol, Mute("alice"))  # gone, but wrote here
    assert carol.of_type("muted")[-1]["on"] is True
    # Three mutes and unmutes so far: two more go at once, the next waits 2 s.
    fans = [room.join(f"fan{n:03d}") for n in range(MUTE_MAX + 1)]
    room.actor.handle(carol, Mute("fan000"))
    room.actor.handle(carol, Mute("fan001"))
    room.actor.handle(carol, Mute("fan002"))
    err = carol.error()
    assert err["code"] == "mute_rate" and err["allowed"] == {"retry_after": 2.0}
    assert err["message"] == "too many mutes (at most 5 at once, one every 2 s); try again in 2 s"
    assert room.chat.muted_by("carol") == {"alice", "fan000", "fan001"}
    for fan in fans[2 : MUTE_MAX - 1]:
        room.clock.advance(2.0)
        room.actor.handle(carol, Mute(fan.player))
    assert len(room.chat.muted_by("carol")) == MUTE_MAX
    room.clock.advance(2.0)
    room.actor.handle(carol, Mute("fan100"))
    err = carol.error()
    assert err["code"] == "mute_limit" and err["allowed"] == {"max_mutes": 100}
    assert err["message"] == "you have muted 100 players, the most allowed; unmute someone first"
    room.actor.handle(carol, Mute("fan098"))  # muted already: no more room needed
    assert carol.of_type("muted")[-1] == {"v": VERSION, "type": "muted", "player": "fan098", "on": True}
    assert carol.of_type("chat_history") == [] and len(carol.of_type("muted")) == 2 + MUTE_MAX + 1
    assert len(room.join("carol").history()["muted"]) == MUTE_MAX


def test_an_operator_mutes_the_signed_up_name_ignoring_case_and_not_an_unknown_one(room: Room) -> None:
    alice, bob, olga = room.join("alice", 0), room.join("bob", 1), room.join("olga")
    room.actor.handle(olga, ChatMute("ALICE", 10))
    notice = {"v": VERSION, "type": "chat_muted", "player": "alice", "until": at(600)}
    assert olga.of_type("chat_muted") == [notice] and alice.of_type("chat_muted") == [notice]
    room.say(alice, "am I muted?")
    assert alice.error()["code"] == "chat_muted" and bob.chats() == []
    room.actor.handle(olga, ChatMute("nobody-here", 5))
    err = olga.error()
    assert err["code"] == "no_player" and err["message"] == "no player is called 'nobody-here'; check the name"
    assert set(room.chat.silenced) == {"alice"}
    room.actor.handle(olga, ChatMute("Alice", 0))  # lifted, whatever the case
    assert alice.of_type("chat_muted")[-1] == {"v": VERSION, "type": "chat_muted", "player": "alice", "until": None}
    room.say(alice, "free again")
    assert bob.chats() == [(1, "alice", "free again")]


def test_a_slow_connection_is_dropped_by_the_size_of_what_waits_not_only_the_count() -> None:
    sock = _Socket("slow")
    big = "x" * (OUTBOX_CHARS // 4)
    for _ in range(4):
        sock.send(big)
    assert not sock.dropped.is_set() and sock.queued == 4 * len(big)
    sock.send("y")  # 5 messages, far below the count's limit, but one character too many
    assert sock.dropped.is_set() and sock.outbox.qsize() == 4
