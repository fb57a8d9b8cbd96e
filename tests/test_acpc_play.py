"""The one ACPC play path (pokerroom.formats.acpc.play.AcpcHand) against the protocol document's own example
exchanges (protocol.md, version 2.0.0, "Examples"), from the dealer's side and from the client's, and under
random play (hypothesis): every state the dealer sends, whose turn it is, every reply, the reference dealer's
answer to an invalid action, chips and values conserved."""

from __future__ import annotations

import re
import socket
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.acpc.client import AcpcClient
from pokerroom.acpc.wire import LineChannel
from pokerroom.bots import aggressive
from pokerroom.cards import parse_cards
from pokerroom.engine import Action, HandView
from pokerroom.errors import AcpcError
from pokerroom.formats.acpc.gamedef import AcpcBetting, AcpcGame, competition_game
from pokerroom.formats.acpc.matchstate import AcpcAction, format_matchstate, parse_action, parse_matchstate
from pokerroom.formats.acpc.play import AcpcHand

LIMIT_2P = competition_game(2, AcpcBetting.LIMIT)
NOLIMIT_2P = competition_game(2, AcpcBetting.NO_LIMIT)
LIMIT_3P = competition_game(3, AcpcBetting.LIMIT)

# protocol.md, "Two player limit Texas Hold'em": S-> from the dealer, <-C the client's replies.
LIMIT_2P_EXAMPLE = """
S-> MATCHSTATE:0:0::TdAs|
S-> MATCHSTATE:0:0:r:TdAs|
<-C MATCHSTATE:0:0:r:TdAs|:r
S-> MATCHSTATE:0:0:rr:TdAs|
S-> MATCHSTATE:0:0:rrc/:TdAs|/2c8c3h
<-C MATCHSTATE:0:0:rrc/:TdAs|/2c8c3h:r
S-> MATCHSTATE:0:0:rrc/r:TdAs|/2c8c3h
S-> MATCHSTATE:0:0:rrc/rc/:TdAs|/2c8c3h/9c
<-C MATCHSTATE:0:0:rrc/rc/:TdAs|/2c8c3h/9c:c
S-> MATCHSTATE:0:0:rrc/rc/c:TdAs|/2c8c3h/9c
S-> MATCHSTATE:0:0:rrc/rc/cr:TdAs|/2c8c3h/9c
<-C MATCHSTATE:0:0:rrc/rc/cr:TdAs|/2c8c3h/9c:c
S-> MATCHSTATE:0:0:rrc/rc/crc/:TdAs|/2c8c3h/9c/Kh
<-C MATCHSTATE:0:0:rrc/rc/crc/:TdAs|/2c8c3h/9c/Kh:c
S-> MATCHSTATE:0:0:rrc/rc/crc/c:TdAs|/2c8c3h/9c/Kh
S-> MATCHSTATE:0:0:rrc/rc/crc/cr:TdAs|/2c8c3h/9c/Kh
<-C MATCHSTATE:0:0:rrc/rc/crc/cr:TdAs|/2c8c3h/9c/Kh:c
S-> MATCHSTATE:0:0:rrc/rc/crc/crc:TdAs|8hTc/2c8c3h/9c/Kh
S-> MATCHSTATE:1:1::|Qd7c
<-C MATCHSTATE:1:1::|Qd7c:r
S-> MATCHSTATE:1:1:r:|Qd7c
S-> MATCHSTATE:1:1:rr:|Qd7c
<-C MATCHSTATE:1:1:rr:|Qd7c:c
S-> MATCHSTATE:1:1:rrc/:|Qd7c/2h8h5c
S-> MATCHSTATE:1:1:rrc/r:|Qd7c/2h8h5c
<-C MATCHSTATE:1:1:rrc/r:|Qd7c/2h8h5c:c
S-> MATCHSTATE:1:1:rrc/rc/:|Qd7c/2h8h5c/Th
S-> MATCHSTATE:1:1:rrc/rc/r:|Qd7c/2h8h5c/Th
<-C MATCHSTATE:1:1:rrc/rc/r:|Qd7c/2h8h5c/Th:f
S-> MATCHSTATE:1:1:rrc/rc/rf:|Qd7c/2h8h5c/Th
S-> MATCHSTATE:0:2::9d7s|
S-> MATCHSTATE:0:2:r:9d7s|
<-C MATCHSTATE:0:2:r:9d7s|:c
S-> MATCHSTATE:0:2:rc/:9d7s|/5d2cJc
<-C MATCHSTATE:0:2:rc/:9d7s|/5d2cJc:c
S-> MATCHSTATE:0:2:rc/c:9d7s|/5d2cJc
S-> MATCHSTATE:0:2:rc/cc/:9d7s|/5d2cJc/3d
<-C MATCHSTATE:0:2:rc/cc/:9d7s|/5d2cJc/3d:c
S-> MATCHSTATE:0:2:rc/cc/c:9d7s|/5d2cJc/3d
S-> MATCHSTATE:0:2:rc/cc/cr:9d7s|/5d2cJc/3d
<-C MATCHSTATE:0:2:rc/cc/cr:9d7s|/5d2cJc/3d:f
S-> MATCHSTATE:0:2:rc/cc/crf:9d7s|/5d2cJc/3d
"""

# "Two player no-limit Texas Hold'em" (blinds 100 and 50, stacks 20,000).
NOLIMIT_2P_EXAMPLE = """
S-> MATCHSTATE:0:30::9s8h|
S-> MATCHSTATE:0:30:c:9s8h|
<-C MATCHSTATE:0:30:c:9s8h|:c
S-> MATCHSTATE:0:30:cc/:9s8h|/8c8d5c
<-C MATCHSTATE:0:30:cc/:9s8h|/8c8d5c:r250
S-> MATCHSTATE:0:30:cc/r250:9s8h|/8c8d5c
S-> MATCHSTATE:0:30:cc/r250c/:9s8h|/8c8d5c/6s
<-C MATCHSTATE:0:30:cc/r250c/:9s8h|/8c8d5c/6s:r500
S-> MATCHSTATE:0:30:cc/r250c/r500:9s8h|/8c8d5c/6s
S-> MATCHSTATE:0:30:cc/r250c/r500c/:9s8h|/8c8d5c/6s/2d
<-C MATCHSTATE:0:30:cc/r250c/r500c/:9s8h|/8c8d5c/6s/2d:r1250
S-> MATCHSTATE:0:30:cc/r250c/r500c/r1250:9s8h|/8c8d5c/6s/2d
S-> MATCHSTATE:0:30:cc/r250c/r500c/r1250c:9s8h|9c6h/8c8d5c/6s/2d
S-> MATCHSTATE:1:31::|JdTc
<-C MATCHSTATE:1:31::|JdTc:r300
S-> MATCHSTATE:1:31:r300:|JdTc
S-> MATCHSTATE:1:31:r300r900:|JdTc
<-C MATCHSTATE:1:31:r300r900:|JdTc:c
S-> MATCHSTATE:1:31:r300r900c/:|JdTc/6dJc9c
S-> MATCHSTATE:1:31:r300r900c/r1800:|JdTc/6dJc9c
<-C MATCHSTATE:1:31:r300r900c/r1800:|JdTc/6dJc9c:r3600
S-> MATCHSTATE:1:31:r300r900c/r1800r3600:|JdTc/6dJc9c
S-> MATCHSTATE:1:31:r300r900c/r1800r3600r9000:|JdTc/6dJc9c
<-C MATCHSTATE:1:31:r300r900c/r1800r3600r9000:|JdTc/6dJc9c:c
S-> MATCHSTATE:1:31:r300r900c/r1800r3600r9000c/:|JdTc/6dJc9c/Kh
S-> MATCHSTATE:1:31:r300r900c/r1800r3600r9000c/r20000:|JdTc/6dJc9c/Kh
<-C MATCHSTATE:1:31:r300r900c/r1800r3600r9000c/r20000:|JdTc/6dJc9c/Kh:c
S-> MATCHSTATE:1:31:r300r900c/r1800r3600r9000c/r20000c/:KsJs|JdTc/6dJc9c/Kh/Qc
"""

# "Three player limit Texas Hold'em".
LIMIT_3P_EXAMPLE = """
S-> MATCHSTATE:2:55::||AsTs
<-C MATCHSTATE:2:55::||AsTs:r
S-> MATCHSTATE:2:55:r:||AsTs
S-> MATCHSTATE:2:55:rc:||AsTs
S-> MATCHSTATE:2:55:rcc/:||AsTs/4cJh8h
S-> MATCHSTATE:2:55:rcc/r:||AsTs/4cJh8h
S-> MATCHSTATE:2:55:rcc/rf:||AsTs/4cJh8h
<-C MATCHSTATE:2:55:rcc/rf:||AsTs/4cJh8h:c
S-> MATCHSTATE:2:55:rcc/rfc/:||AsTs/4cJh8h/Kd
S-> MATCHSTATE:2:55:rcc/rfc/r:||AsTs/4cJh8h/Kd
<-C MATCHSTATE:2:55:rcc/rfc/r:||AsTs/4cJh8h/Kd:c
S-> MATCHSTATE:2:55:rcc/rfc/rc/:||AsTs/4cJh8h/Kd/8c
S-> MATCHSTATE:2:55:rcc/rfc/rc/r:||AsTs/4cJh8h/Kd/8c
<-C MATCHSTATE:2:55:rcc/rfc/rc/r:||AsTs/4cJh8h/Kd/8c:f
S-> MATCHSTATE:2:55:rcc/rfc/rc/rf:||AsTs/4cJh8h/Kd/8c
S-> MATCHSTATE:0:90::Ad6h||
S-> MATCHSTATE:0:90:c:Ad6h||
<-C MATCHSTATE:0:90:c:Ad6h||:r
S-> MATCHSTATE:0:90:cr:Ad6h||
S-> MATCHSTATE:0:90:crf:Ad6h||
S-> MATCHSTATE:0:90:crfc/:Ad6h||/TsKd7h
<-C MATCHSTATE:0:90:crfc/:Ad6h||/TsKd7h:r
S-> MATCHSTATE:0:90:crfc/r:Ad6h||/TsKd7h
S-> MATCHSTATE:0:90:crfc/rc/:Ad6h||/TsKd7h/Kh
<-C MATCHSTATE:0:90:crfc/rc/:Ad6h||/TsKd7h/Kh:r
S-> MATCHSTATE:0:90:crfc/rc/r:Ad6h||/TsKd7h/Kh
S-> MATCHSTATE:0:90:crfc/rc/rc/:Ad6h||/TsKd7h/Kh/6d
<-C MATCHSTATE:0:90:crfc/rc/rc/:Ad6h||/TsKd7h/Kh/6d:r
S-> MATCHSTATE:0:90:crfc/rc/rc/r:Ad6h||/TsKd7h/Kh/6d
S-> MATCHSTATE:0:90:crfc/rc/rc/rc:Ad6h||Td2h/TsKd7h/Kh/6d
"""

EXAMPLES = [
    pytest.param(LIMIT_2P, LIMIT_2P_EXAMPLE, id="limit-2p"),
    pytest.param(NOLIMIT_2P, NOLIMIT_2P_EXAMPLE, id="nolimit-2p"),
    pytest.param(LIMIT_3P, LIMIT_3P_EXAMPLE, id="limit-3p"),
]


def exchanges(text: str) -> Iterator[list[tuple[str, str]]]:
    """The example's lines hand by hand: ``("S", line)`` from the dealer, ``("C", line)`` from the client."""
    hand: list[tuple[str, str]] = []
    number = None
    for raw in text.strip().splitlines():
        who, line = raw[:3], raw[4:].strip()
        n = line.split(":")[2]
        if number is not None and n != number:
            yield hand
            hand = []
        number = n
        hand.append(("S" if who == "S->" else "C", line))
    yield hand


def flat(betting: tuple[tuple[AcpcAction, ...], ...]) -> list[AcpcAction]:
    return [a for rnd in betting for a in rnd]


@pytest.mark.parametrize(("game", "text"), EXAMPLES)
def test_the_dealer_sends_the_protocols_states_and_asks_the_right_position(game: AcpcGame, text: str) -> None:
    for lines in exchanges(text):
        states = [line for who, line in lines if who == "S"]
        first, final = parse_matchstate(states[0]), parse_matchstate(states[-1])
        pos = first.position
        known = {c for cards in (*final.hole, *final.board) for c in cards}
        free = [c for c in range(52) if c not in known]
        spare = iter(zip(free[::2], free[1::2], strict=False))  # for positions the example never shows
        hole = [final.hole[p] or next(spare) for p in range(game.num_players)]
        hand = AcpcHand(game, first.hand_number, hole, [c for rnd in final.board for c in rnd])
        for k, (who, line) in enumerate(lines):
            if who == "C":
                continue
            assert format_matchstate(hand.matchstate(pos)) == line
            if k + 1 == len(lines):
                break
            replies = lines[k + 1][0] == "C"
            assert (hand.to_act == pos) is replies, f"whose turn after {line}"
            nxt = lines[k + 2][1] if replies else lines[k + 1][1]
            done = flat(parse_matchstate(line).betting)
            action = flat(parse_matchstate(nxt).betting)[len(done)]
            if replies:
                assert lines[k + 1][1] == f"{line}:{action}"
            hand.apply(action)
        assert hand.finished and hand.to_act is None


class Script:
    """A bot that plays the example's replies (as engine actions of the client's hand)."""

    name = "script"

    def __init__(self, client: AcpcClient, replies: list[AcpcAction]) -> None:
        self.client, self.replies = client, replies

    def act(self, view: HandView) -> Action:
        assert view.legal is not None and self.client.hand is not None
        reply = self.replies.pop(0)
        if reply == AcpcAction("r"):
            action = aggressive(view.legal, 0)  # the smallest raise, whatever the client takes the game to be
            assert action is not None
            return action
        return self.client.hand.engine_action(reply)


@pytest.mark.parametrize("told", [True, False], ids=["game-given", "game-inferred"])
@pytest.mark.parametrize(("game", "text"), EXAMPLES)
def test_the_client_replies_as_the_protocols_examples(game: AcpcGame, text: str, told: bool) -> None:
    a, b = socket.socketpair()
    try:
        client = AcpcClient(LineChannel(a), Script.__new__(Script), game if told else None)
        lines = [(who, line) for hand in exchanges(text) for who, line in hand]
        bot = Script(client, [parse_action(line.split(":")[-1]) for who, line in lines if who == "C"])
        client.bot = bot
        replies = [reply for who, line in lines if who == "S" and (reply := client.handle(line)) is not None]
        expected = [line for who, line in lines if who == "C"]
        if not told and game.betting is AcpcBetting.LIMIT:
            # Until a raise shows the betting, the client reads the hand as no limit and sends r<total>, which a
            # limit dealer reads as r (it ignores what follows the action).
            replies = [re.sub(r":r\d+$", ":r", reply) for reply in replies]
        assert replies == expected
        assert bot.replies == []
        assert client.result.hands == len(list(exchanges(text)))
        assert client.result.actions == len(replies)
    finally:
        a.close()
        b.close()


def test_the_clients_total_from_the_examples_final_states() -> None:
    # Limit hand 0: position 0's ace high loses 80 to a pair of eights; hand 1: position 1 folds the turn after
    # 10 + 10 + 20 in (40 lost); hand 2: position 0 folds the turn after 10 + 10 (20 lost).
    a, b = socket.socketpair()
    try:
        client = AcpcClient(LineChannel(a), Script.__new__(Script), LIMIT_2P)
        lines = [(who, line) for hand in exchanges(LIMIT_2P_EXAMPLE) for who, line in hand]
        client.bot = Script(client, [parse_action(line.split(":")[-1]) for who, line in lines if who == "C"])
        for who, line in lines:
            if who == "S":
                client.handle(line)
        assert client.result.total == -80 - 40 - 20
    finally:
        a.close()
        b.close()


def test_fold_with_nothing_to_call_is_invalid_and_becomes_a_call() -> None:
    # Three-handed limit, hand 90 after "c": position 0 (small blind) faces the big blind, so it may fold; after
    # "ccc" the big blind has nothing to call on the flop's first action and may not.
    hand = AcpcHand(
        LIMIT_3P, 90, [parse_cards("Ad6h"), parse_cards("QcJc"), parse_cards("Td2h")], parse_cards("TsKd7h")
    )
    hand.apply(AcpcAction("c"))
    assert hand.fixed(AcpcAction("f")) == (AcpcAction("f"), None, False)
    hand.apply(AcpcAction("c"))
    hand.apply(AcpcAction("c"))
    assert hand.betting == ((AcpcAction("c"),) * 3, ())
    assert hand.to_act == 0
    with pytest.raises(AcpcError, match="a fold with nothing to call is not valid; allowed: c, r"):
        hand.engine_action(AcpcAction("f"))
    taken, warning, counted = hand.fixed(AcpcAction("f"))
    assert taken == AcpcAction("c") and counted and warning is not None and "changed to call" in warning


def test_nolimit_raise_sizes_are_moved_into_the_legal_range() -> None:
    # Heads-up no-limit, preflop: the button (position 1, small blind 50) may raise to 200 .. 20000 in total.
    hand = AcpcHand(NOLIMIT_2P, 0, [parse_cards("AsKs"), parse_cards("QdQh")], parse_cards("2c7d9hJsKd"))
    assert hand.to_act == 1 and hand.raise_range() == (200, 20000)
    assert hand.fixed(AcpcAction("r", 150)) == (AcpcAction("r", 200), "raise of 150 increased to 200", False)
    assert hand.fixed(AcpcAction("r", 99999)) == (AcpcAction("r", 20000), "raise of 99999 decreased to 20000", False)
    assert hand.fixed(AcpcAction("r", 777)) == (AcpcAction("r", 777), None, False)
    taken, _, counted = hand.fixed(AcpcAction("r"))  # no size in a no-limit game
    assert taken == AcpcAction("c") and counted
    with pytest.raises(AcpcError, match="r50 is not valid; raises from r200 to r20000"):
        hand.engine_action(AcpcAction("r", 50))
    hand.apply(AcpcAction("r", 20000))
    assert hand.to_act == 0 and hand.raise_range() is None  # all in: only call or fold
    assert hand.fixed(AcpcAction("r", 20000))[0] == AcpcAction("c")
    hand.apply(AcpcAction("c"))
    assert hand.finished
    # All in preflop: every round is shown, the board run out, both hands shown; kings beat queens.
    assert format_matchstate(hand.matchstate(1)) == "MATCHSTATE:1:0:r20000c///:AsKs|QdQh/2c7d9h/Js/Kd"
    assert hand.values() == [20000, -20000]


def test_limit_raise_size_is_ignored_and_the_cap_counts_raises() -> None:
    # Limit heads-up preflop: blinds 10/5, maxRaises 3 preflop: r r r then only call or fold.
    hand = AcpcHand(LIMIT_2P, 0, [parse_cards("AsKs"), parse_cards("QdQh")], parse_cards("2c7d9hJsKh"))
    assert hand.fixed(AcpcAction("r", 500)) == (AcpcAction("r"), None, False)
    for _ in range(3):
        hand.apply(AcpcAction("r"))
    assert hand.raise_range() is None
    with pytest.raises(AcpcError, match="no bet or raise is valid here; allowed: c, f"):
        hand.engine_action(AcpcAction("r"))
    assert format_matchstate(hand.matchstate(1)) == "MATCHSTATE:1:0:rrr:|QdQh"


ACTIONS = st.one_of(
    st.sampled_from([AcpcAction("c"), AcpcAction("f"), AcpcAction("r")]),
    st.integers(0, 30000).map(lambda x: AcpcAction("r", x)),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 6),
    betting=st.sampled_from(list(AcpcBetting)),
    deck=st.permutations(list(range(52))),
    moves=st.lists(ACTIONS, min_size=60, max_size=60),
)
def test_random_play_keeps_chips_and_values_and_refuses_without_change(
    players: int, betting: AcpcBetting, deck: list[int], moves: list[AcpcAction]
) -> None:
    game = competition_game(players, betting)
    hole = [(deck[p], deck[p + players]) for p in range(players)]
    hand = AcpcHand(game, 0, hole, deck[2 * players : 2 * players + 5])
    h = hand.hand
    total = sum(h.starting_stacks)
    for a in moves:
        if hand.finished:
            break
        before = (hand.betting, list(h.stacks), list(h.bets), hand.to_act)
        try:
            hand.engine_action(a)
            valid = True
        except AcpcError:
            valid = False
            assert (hand.betting, list(h.stacks), list(h.bets), hand.to_act) == before
        taken, warning, counted = hand.fixed(a)
        if valid:
            assert warning is None and not counted and taken in (a, AcpcAction("r"))
        elif counted:
            assert warning is not None and taken == AcpcAction("c")
        else:  # a no-limit size moved into the legal range
            assert warning is not None and a.size is not None and taken.kind == "r" and taken.size != a.size
        hand.apply(taken)  # the dealer's answer is always accepted
        if not hand.finished:
            assert sum(h.stacks) + h.pot_total == total
        assert min(h.stacks) >= 0
    while not hand.finished:
        hand.apply(AcpcAction("c"))
    assert sum(h.stacks) == total
    values = hand.values()
    outcome = h.outcome()
    assert sum(values) == 0 and sum(outcome) == 0
    assert all(abs(v - x) < 1 for v, x in zip(values, outcome, strict=True))  # only the odd chips differ
    assert len(hand.board_by_round()) == len(hand.betting)
