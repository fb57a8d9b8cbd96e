"""The table protocol (pokerroom.server.protocol, docs/protocol.md): every client message parsed, every refusal
with its error code, and a seat's view of a dealt hand written as JSON (its own cards, "??" for the others', the
pots and the legal amounts).  The same protocol over a live WebSocket is in test_server_api.py."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pokerroom.cards import parse_cards
from pokerroom.engine import Action
from pokerroom.games import find
from pokerroom.server.protocol import (
    ERROR_CODES,
    MAX_MESSAGE,
    VERSION,
    Act,
    AddBots,
    ComeBack,
    Leave,
    Ping,
    ProtocolError,
    Rebuy,
    Sit,
    SitOut,
    error_message,
    parse,
    view_json,
)

TYPES = [
    *("sit", "leave", "sit_out", "come_back", "rebuy", "act", "bots", "ping", "resync", "seed"),
    *("chat", "mute", "unmute", "chat_remove", "chat_mute"),
]
ACTIONS = ["bring-in", "fold", "check", "call", "bet", "raise", "draw", "split", "show", "muck"]  # ActionKind order


def msg(type_: str, **fields: Any) -> str:
    """A client message of ``type_`` (this protocol's version)."""
    return json.dumps({"v": VERSION, "type": type_, **fields})


def act(**fields: Any) -> str:
    """An ``act`` answering hand 3 when it had 5 events, unless ``fields`` say otherwise."""
    return msg("act", **{"hand": 3, "seq": 5, **fields})


def refused(text: str | bytes) -> ProtocolError:
    """The error :func:`parse` raises for ``text``."""
    with pytest.raises(ProtocolError) as info:
        parse(text)
    return info.value


# --- every message type ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "command"),
    [
        (msg("sit", seat=3, buy_in=200), Sit(seat=3, buy_in=200)),
        (msg("sit", seat=0, buy_in=1), Sit(seat=0, buy_in=1)),
        (msg("leave"), Leave()),
        (msg("sit_out"), SitOut()),
        (msg("come_back"), ComeBack()),
        (msg("rebuy", amount=50), Rebuy(amount=50)),
        (msg("bots", count=2), AddBots(count=2)),
        (msg("ping", id="x-1"), Ping(id="x-1")),
        (msg("ping", id=7), Ping(id=7)),
        (msg("ping"), Ping(id=None)),
        (act(action="fold"), Act(Action.fold(), 3, 5)),
        (act(action="check"), Act(Action.check(), 3, 5)),
        (act(action="call", hand=12, seq=0, seat=4), Act(Action.call(), hand=12, seq=0, seat=4)),
        (act(action="bet", amount=6), Act(Action.bet(6), 3, 5)),
        (act(action="raise", amount=40), Act(Action.raise_to(40), 3, 5)),
        (act(action="bring-in"), Act(Action.post_bring_in(), 3, 5)),
        (act(action="draw", cards=["As", "Td"]), Act(Action.draw(tuple(parse_cards("AsTd"))), 3, 5)),
        (act(action="draw", cards=[]), Act(Action.draw(()), 3, 5)),
        (act(action="draw"), Act(Action.draw(()), 3, 5)),  # absent: stand pat
        (act(action="split"), Act(Action.split(), 3, 5)),
        (act(action="show", cards=["Kh"]), Act(Action.show(tuple(parse_cards("Kh"))), 3, 5)),
        (act(action="show"), Act(Action.show(None), 3, 5)),
        (act(action="muck"), Act(Action.muck(), 3, 5)),
        (act(action="fold", seat=None), Act(Action.fold(), 3, 5)),  # a null seat: the player's own
    ],
)
def test_parse_each_message(text: str, command: object) -> None:
    assert parse(text) == command
    assert parse(text.encode()) == command  # a binary frame holding the same JSON


def test_parse_message_at_the_length_limit() -> None:
    text = msg("ping", id="x" * 100)
    text = text[:-1] + " " * (MAX_MESSAGE - len(text)) + "}"
    assert len(text) == MAX_MESSAGE
    assert parse(text) == Ping(id="x" * 100)


# --- refusals ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("not json", "malformed"),
        ("", "malformed"),
        ('{"v": 4, "type": "ping"', "malformed"),
        ("[1, 2]", "malformed"),
        ('"ping"', "malformed"),
        ("null", "malformed"),
        (b"\xff\xfe{}", "malformed"),
        (msg("ping", id="x" * MAX_MESSAGE), "too_long"),
        ("x" * (MAX_MESSAGE + 1), "too_long"),  # the length is checked before the JSON
        ('{"type": "ping"}', "version"),
        ('{"v": 1, "type": "ping"}', "version"),
        ('{"v": "4", "type": "ping"}', "version"),
        ('{"v": 2, "type": "ping"}', "version"),  # version 2's clients act without the turn: refused whole
        ('{"v": 3, "type": "ping"}', "version"),  # version 3's clients read no delta: refused whole
        ('{"v": true, "type": "ping"}', "version"),
        ('{"v": null, "type": "ping"}', "version"),
        ('{"v": 4}', "unknown_type"),
        ('{"v": 4, "type": "dance"}', "unknown_type"),
        ('{"v": 4, "type": 5}', "unknown_type"),
        ('{"v": 4, "type": "Ping"}', "unknown_type"),
        ('{"v": 4, "type": "pong"}', "unknown_type"),  # a server message, not a client one
    ],
)
def test_parse_refuses_message(text: str | bytes, code: str) -> None:
    err = refused(text)
    assert err.code == code
    if code == "unknown_type":
        assert err.allowed == TYPES
        assert str(err).endswith("the types are: " + ", ".join(TYPES))


@pytest.mark.parametrize(
    ("text", "field"),
    [
        # whole numbers: missing, text, a boolean, a fraction, below the minimum
        (msg("sit", buy_in=100), "'seat'"),
        (msg("sit", seat="2", buy_in=100), "'seat'"),
        (msg("sit", seat=True, buy_in=100), "'seat'"),
        (msg("sit", seat=1.5, buy_in=100), "'seat'"),
        (msg("sit", seat=-1, buy_in=100), "'seat'"),
        (msg("sit", seat=1), "'buy_in'"),
        (msg("sit", seat=1, buy_in=0), "'buy_in'"),
        (msg("sit", seat=1, buy_in=[100]), "'buy_in'"),
        (msg("rebuy"), "'amount'"),
        (msg("rebuy", amount=0), "'amount'"),
        (msg("rebuy", amount=-5), "'amount'"),
        (msg("bots", count=0), "'count'"),
        (msg("bots", count="3"), "'count'"),
        # the action: missing or unknown; a bet or raise without a whole amount of 1 or more
        (msg("act"), "'action'"),
        (msg("act", action="jump"), "'action'"),
        (msg("act", action="Fold"), "'action'"),
        (msg("act", action="bet"), "'amount'"),
        (msg("act", action="bet", amount=0), "'amount'"),
        (msg("act", action="raise", amount=12.5), "'amount'"),
        (msg("act", action="raise", amount="40"), "'amount'"),
        # the guards: a hand number of 1 or more and the events seen (0 or more), both required; a seat of 0 or more
        (act(action="check", hand=0), "'hand'"),
        (act(action="check", hand="3"), "'hand'"),
        (msg("act", action="check", seq=0), "'hand' is required"),
        (act(action="check", hand=None), "'hand' is required"),
        (msg("act", action="check", hand=1), "'seq' is required"),
        (msg("act", action="check"), "'hand' and 'seq' are required"),
        (act(action="check", seq=-1), "'seq'"),
        (act(action="check", seq=2.0), "'seq'"),
        (act(action="check", seq="5"), "'seq'"),
        (act(action="check", seat=-1), "'seat'"),
        (act(action="check", seat=False), "'seat'"),
        # cards: a list of up to 10 texts
        (msg("act", action="draw", cards="AsKd"), "'cards'"),
        (msg("act", action="draw", cards=[14, 13]), "'cards'"),
        (msg("act", action="show", cards={"As": 1}), "'cards'"),
        (msg("act", action="draw", cards=[f"{rank}c" for rank in "23456789TJQ"]), "'cards'"),  # 11 cards
    ],
)
def test_parse_refuses_bad_field(text: str, field: str) -> None:
    err = refused(text)
    assert err.code == "bad_field"
    assert str(err).startswith(field)


def test_parse_bad_action_lists_the_actions() -> None:
    err = refused(msg("act", action="jump"))
    assert err.allowed == ACTIONS
    assert str(err) == f"'action' must be one of {', '.join(ACTIONS)}, not 'jump'"


@pytest.mark.parametrize(
    "cards",
    [["Zz"], ["As", "1h"], ["A"], ["Asd"], [""], ["As", "As"], ["Kd", "Qd", "Kd"], ["??"], ["As", "??"]],
)
def test_parse_refuses_bad_card(cards: list[str]) -> None:
    """Malformed or repeated cards; "??" is what the server writes for a card the viewer may not see, never a card
    a player can discard or show."""
    for action in ("draw", "show"):
        err = refused(msg("act", action=action, cards=cards))
        assert err.code == "bad_card", (action, cards, str(err))


def test_error_codes_and_messages() -> None:
    assert list(ERROR_CODES) == [
        "malformed", "too_long", "version", "unknown_type", "bad_field", "not_seated", "wrong_seat", "stale_hand",
        "not_your_turn", "illegal_action", "illegal_amount", "bad_card", "room", "store", "rate_limited",
        "spectator", "chat_empty", "chat_too_long", "chat_rate", "chat_muted", "not_operator", "no_message",
        "no_player", "mute_limit", "mute_rate", "seed_refused",
    ]  # fmt: skip
    err = refused('{"v": 4, "type": "dance"}')
    assert error_message(err) == {
        "v": VERSION,
        "type": "error",
        "code": "unknown_type",
        "message": "unknown message type 'dance'; the types are: " + ", ".join(TYPES),
        "allowed": TYPES,
    }
    assert error_message(ProtocolError("not_seated", "sit first")) == {
        "v": VERSION, "type": "error", "code": "not_seated", "message": "sit first",
    }  # fmt: skip
    assert refused('{"v": 2, "type": "ping"}').args[0] == "this server speaks protocol v=4; the message has v=2"


# --- a seat's view of a hand -------------------------------------------------------------------------------

SEAT_OF = [2, 5, 7]  # engine seat -> table seat


def test_view_json_of_a_dealt_hand() -> None:
    """Three players at table seats 2 (button), 5 (small blind) and 7 (big blind); the button is first to act.
    Seed 32 deals the button the best hand and the big blind the second: each wins a pot of the all-in below."""
    hand = find("holdem").deal(stacks=[100, 200, 300], seed=32)
    assert hand.to_act == 0
    view = view_json(hand.view(0), SEAT_OF, number=4)
    assert view == {
        "number": 4,
        "game": "holdem",
        "phase": "betting",
        "street": "preflop",
        "button": 2,
        "to_act": 2,
        "pot": 3,
        "pots": [{"amount": 3, "eligible": [2, 5, 7]}],
        "board": [],
        "players": [
            {"seat": 2, "stack": 100, "bet": 0, "starting": 100, "folded": False, "cards": ["8h", "Kd"],
             "up": [False, False]},
            {"seat": 5, "stack": 199, "bet": 1, "starting": 200, "folded": False, "cards": ["??", "??"],
             "up": [False, False]},
            {"seat": 7, "stack": 298, "bet": 2, "starting": 300, "folded": False, "cards": ["??", "??"],
             "up": [False, False]},
        ],
        "big_blind": 2,
        "legal": {"actions": ["fold", "call", "raise"], "call": 2, "raise": [4, 100]},
        "events": [
            {"type": "post_blind", "seat": 5, "amount": 1, "to": 1, "text": "small blind"},
            {"type": "post_blind", "seat": 7, "amount": 2, "to": 2, "text": "big blind"},
            {"type": "deal_hole", "seat": 5, "cards": ["??", "??"]},
            {"type": "deal_hole", "seat": 7, "cards": ["??", "??"]},
            {"type": "deal_hole", "seat": 2, "cards": ["8h", "Kd"]},
        ],
    }  # fmt: skip
    json.dumps(view)  # plain JSON

    # Another seat sees its own cards and no legal actions (not its turn); a spectator sees no card at all.
    small_blind = view_json(hand.view(1), SEAT_OF, number=4)
    assert [p["cards"] for p in small_blind["players"]] == [["??", "??"], ["Td", "7c"], ["??", "??"]]
    assert small_blind["legal"] is None
    spectator = view_json(hand.view(None), SEAT_OF, number=4)
    assert [p["cards"] for p in spectator["players"]] == [["??", "??"]] * 3
    assert spectator["legal"] is None
    assert {e["type"] for e in spectator["events"] if "cards" in e} == {"deal_hole"}
    assert all(e["cards"] == ["??", "??"] for e in spectator["events"] if "cards" in e)

    # The button moves all in for 100 and the small blind calls: the big blind faces 98 more, may raise to 198+.
    hand.act(Action.raise_to(100), 0)
    hand.act(Action.call(), 1)
    big_blind = view_json(hand.view(2), SEAT_OF, number=4)
    assert (big_blind["to_act"], big_blind["pot"]) == (7, 202)
    assert big_blind["legal"] == {"actions": ["fold", "call", "raise"], "call": 98, "raise": [198, 300]}
    assert big_blind["events"][-2:] == [
        {"type": "raise", "seat": 2, "amount": 100, "to": 100, "all_in": True},
        {"type": "call", "seat": 5, "amount": 99, "to": 100},
    ]
    assert [p["cards"] for p in big_blind["players"]] == [["??", "??"], ["??", "??"], ["9s", "Jd"]]

    # Over: everyone's cards were shown; the pot is 0 and the pots list empty; the winners are table seats.
    hand.act(Action.raise_to(250), 2)
    hand.act(Action.call(), 1)
    assert hand.is_complete
    done = view_json(hand.view(1), SEAT_OF, number=4)
    assert (done["phase"], done["pot"], done["pots"], done["legal"], done["to_act"]) == ("complete", 0, [], None, None)
    assert done["board"] == ["3h", "4c", "Ks", "9c", "7s"]
    assert [p["cards"] for p in done["players"]] == [["8h", "Kd"], ["Td", "7c"], ["9s", "Jd"]]
    # Kings (the button) take the main pot of 3 x 100; nines (the big blind) beat sevens for the side pot of 2 x 100.
    assert [p["stack"] for p in done["players"]] == [300, 0, 300]
    assert [e for e in done["events"] if e["type"] == "pot"] == [
        {"type": "pot", "amount": 300, "winners": [[2, 300]], "eligible": [2, 5, 7]},
        {"type": "pot", "amount": 200, "winners": [[7, 200]], "eligible": [5, 7]},
    ]
    assert {"type": "uncalled_bet_returned", "seat": 7, "amount": 50} in done["events"]


def test_view_json_side_pot() -> None:
    """Four players at table seats 1, 3, 4, 8: the short stack at seat 1 is all in preflop and the other three bet
    the flop, so the turn has a main pot for all four and a side pot for the three."""
    hand = find("holdem").deal(stacks=[50, 200, 300, 300], seed=3)
    for seat, action in [
        (3, Action.call()), (0, Action.raise_to(50)), (1, Action.call()), (2, Action.call()), (3, Action.call()),
        (1, Action.bet(40)), (2, Action.call()), (3, Action.call()),
    ]:  # fmt: skip
        hand.act(action, seat)
    view = view_json(hand.view(1), [1, 3, 4, 8], number=9)
    assert (view["street"], view["to_act"], view["pot"]) == ("turn", 3, 320)
    assert view["pots"] == [{"amount": 200, "eligible": [1, 3, 4, 8]}, {"amount": 120, "eligible": [3, 4, 8]}]
    assert view["board"] == ["Jh", "5d", "Ks", "Kc"]
    assert [(p["seat"], p["stack"], p["cards"]) for p in view["players"]] == [
        (1, 0, ["??", "??"]), (3, 110, ["Ah", "9d"]), (4, 210, ["??", "??"]), (8, 210, ["??", "??"]),
    ]  # fmt: skip
    assert view["legal"] == {"actions": ["fold", "check", "bet"], "bet": [2, 110]}


def test_view_json_stud_up_cards_and_bring_in() -> None:
    # Seed 8: the viewer (table seat 3) brings in: its 4c is lower than seat 4's 4d by suit.
    hand = find("stud").deal(stacks=[100, 100, 100], seed=8, bring_in=1, limit="fixed")
    view = view_json(hand.view(1), [0, 3, 4], number=1)
    assert (view["button"], view["to_act"], view["street"]) == (0, 3, "third")
    assert [(p["cards"], p["up"]) for p in view["players"]] == [
        (["??", "??", "9c"], [False, False, True]),
        (["Kd", "8s", "4c"], [False, False, True]),
        (["??", "??", "4d"], [False, False, True]),
    ]
    assert view["legal"] == {"actions": ["bring-in", "bet"], "bet": [1, 1], "bring_in": 1}


def test_view_json_draw_limit() -> None:
    """Heads-up five-card draw at table seats 4 (button) and 1: after the first round the big blind draws first,
    up to five cards."""
    hand = find("five-card-draw").deal(stacks=[100, 100], seed=5, limit="fixed")
    hand.act(Action.call(), 0)
    hand.act(Action.check(), 1)
    view = view_json(hand.view(1), [4, 1], number=2)
    assert (view["phase"], view["street"], view["button"], view["to_act"], view["pot"]) == ("draw", "draw", 4, 1, 4)
    assert view["players"][0]["cards"] == ["??"] * 5
    assert view["players"][1]["cards"] == ["9d", "6s", "Qd", "Tc", "3h"]
    assert view["legal"] == {"actions": ["draw"], "draw": 5}
    button = view_json(hand.view(0), [4, 1], number=2)
    assert button["players"][0]["cards"] == ["9c", "5c", "Td", "5d", "Kc"]
    assert button["legal"] is None


@pytest.mark.parametrize(
    ("message", "text"),
    [
        ({"v": 4, "type": "delta", "seq": 3, "set": {}}, '{"v":4,"type":"delta","seq":3,"set":{}}'),
        ({"name": "Åsa", "says": "hej då ✓"}, '{"name":"Åsa","says":"hej då ✓"}'),  # UTF-8, not escaped
        ({"cards": ("As", "Kd"), "amount": 2**63 - 1}, '{"cards":["As","Kd"],"amount":9223372036854775807}'),
        ({1: "by seat"}, '{"1":"by seat"}'),
        # What orjson refuses, the standard library encodes: an integer beyond 64 bits, a lone surrogate.
        ({"amount": 10**30}, '{"amount":1000000000000000000000000000000}'),
        ({"chat": "\ud800"}, '{"chat":"\\ud800"}'),
        # A ping's id echoed back: NaN and infinity are not JSON (a browser's JSON.parse refuses them).
        ({"id": float("nan"), "at": float("inf")}, '{"id":null,"at":null}'),
    ],
)
def test_encode_is_compact_json_of_every_message(message: Any, text: str) -> None:
    from pokerroom.server.protocol import encode

    assert encode(message) == text
    if "null" not in text:  # NaN and infinity: the standard library writes what JSON has not
        assert json.loads(encode(message)) == json.loads(json.dumps(message))
