"""The ACPC dealer driven by scripted clients over loopback TCP: a match between our clients (rotation, the log,
the SCORE line, PHH, reproducibility), and the reference dealer's answers to comments, malformed and
un-requested replies, invalid actions, late replies, closed connections and bad version lines."""

from __future__ import annotations

import io
import socket
import threading
import time
from collections.abc import Callable, Sequence
from fractions import Fraction

import pytest

from pokerroom.acpc.client import AcpcClient, ClientResult, connect
from pokerroom.acpc.dealer import Dealer, MatchFailed, MatchResult, TimeLimits, split_response
from pokerroom.acpc.wire import LineChannel
from pokerroom.bots import CallingStation, RandomBot, make
from pokerroom.errors import AcpcError, UnsupportedGame
from pokerroom.formats import phh
from pokerroom.formats.acpc.gamedef import AcpcBetting, competition_game, parse_gamedef
from pokerroom.formats.acpc.log import parse_score, parse_state, replay_state
from pokerroom.formats.acpc.matchstate import AcpcAction
from pokerroom.formats.replay import replay
from soak import count

LIMIT_2P = competition_game(2, AcpcBetting.LIMIT)
NOLIMIT_2P = competition_game(2, AcpcBetting.NO_LIMIT)
NOLIMIT_3P = competition_game(3, AcpcBetting.NO_LIMIT)


def play_match(
    dealer: Dealer, bots: Sequence[str], seed: int = 0, games: Sequence[object] | None = None
) -> tuple[MatchResult, list[ClientResult]]:
    """Run ``dealer`` with one of our clients per seat (bot names), each in a thread."""
    ports = dealer.listen()
    results: list[ClientResult] = [ClientResult() for _ in ports]

    def client(k: int) -> None:
        game = dealer.game if games is None else games[k]
        c = AcpcClient(connect("127.0.0.1", ports[k]), make(bots[k], seed + k), game)  # type: ignore[arg-type]
        results[k] = c.run()

    threads = [threading.Thread(target=client, args=(k,), daemon=True) for k in range(len(ports))]
    for t in threads:
        t.start()
    result = dealer.run()
    for t in threads:
        t.join(timeout=30)
    return result, results


def new_dealer(game: object, hands: int, names: Sequence[str], **kw: object) -> Dealer:
    kw.setdefault("log", io.StringIO())
    kw.setdefault("phh_out", io.StringIO())
    kw.setdefault("transcript", io.StringIO())
    kw.setdefault("quiet", True)
    return Dealer(game, hands, 7, names, host="127.0.0.1", **kw)  # type: ignore[arg-type]


def test_a_match_between_our_clients_logs_scores_and_writes_phh() -> None:
    dealer = new_dealer(NOLIMIT_3P, 30, ["alice", "bob", "carol"], match_name="m", game_name="nl3.game")
    result, clients = play_match(dealer, ["random", "calling", "simple"], seed=3)
    assert result.hands == 30 and result.names == ("alice", "bob", "carol")
    assert sum(result.totals) == 0
    assert [c.hands for c in clients] == [30, 30, 30]
    assert [c.total for c in clients] == result.totals  # each client's own count agrees with the dealer's
    assert dealer.log is not None and dealer.phh_out is not None
    lines = dealer.log.getvalue().splitlines()  # type: ignore[attr-defined]
    assert lines[:4] == [
        "# name/game/hands/seed m nl3.game 30 7", "#--t_response 600000", "#--t_hand 600000", "#--t_per_hand 7000",
    ]  # fmt: skip
    states = [parse_state(line) for line in lines[4:-1]]
    assert [s.hand_number for s in states] == list(range(30))
    # Seats rotate: in hand h seat s plays position (s - h) mod 3, so position 0 is alice, bob, carol, alice...
    assert [s.players for s in states[:4]] == [
        ("alice", "bob", "carol"), ("bob", "carol", "alice"), ("carol", "alice", "bob"), ("alice", "bob", "carol"),
    ]  # fmt: skip
    totals = dict.fromkeys(result.names, Fraction(0))
    for s in states:
        _, values, differ = replay_state(s, NOLIMIT_3P)  # our own log replays with no mismatch
        assert differ == [] and values is not None
        for name, v in zip(s.players, values, strict=True):
            totals[name] += v
    assert parse_score(lines[-1]) == result.score
    assert [totals[n] for n in result.names] == result.totals
    hands = phh.loads(dealer.phh_out.getvalue())  # type: ignore[attr-defined]
    assert len(hands) == 30 and hands[1].players == ("bob", "carol", "alice") and hands[1].extra["hand"] == 1
    for h in hands:
        r = replay(h)
        assert r.status == "ok", r.message


MATCH_HANDS = count(1000)
"""Hands of each competition game between our clients: 1,000 under ``make soak`` (the issue's matches), 100 in CI."""


@pytest.mark.parametrize(
    ("players", "betting"),
    [(2, AcpcBetting.LIMIT), (2, AcpcBetting.NO_LIMIT), (3, AcpcBetting.LIMIT), (3, AcpcBetting.NO_LIMIT)],
)
def test_competition_matches_finish_and_replay(players: int, betting: AcpcBetting) -> None:
    game = competition_game(players, betting)
    dealer = new_dealer(game, MATCH_HANDS, [f"bot{k}" for k in range(players)])
    result, clients = play_match(dealer, ["random", "simple", "calling"][:players], seed=players)
    assert [c.hands for c in clients] == [MATCH_HANDS] * players
    assert [c.total for c in clients] == result.totals and sum(result.totals) == 0
    assert dealer.log is not None and dealer.phh_out is not None and dealer.transcript is not None
    assert "WARNING" not in dealer.transcript.getvalue()  # type: ignore[attr-defined]
    for line in dealer.log.getvalue().splitlines()[4:-1]:  # type: ignore[attr-defined]
        assert replay_state(parse_state(line), game)[2] == []
    assert sum(replay(h).status == "ok" for h in phh.loads(dealer.phh_out.getvalue())) == MATCH_HANDS  # type: ignore[attr-defined]


def test_fixed_seats_and_the_same_seed_deal_the_same_match() -> None:
    logs = []
    for _ in range(2):
        dealer = new_dealer(LIMIT_2P, 12, ["a", "b"], fixed_seats=True)
        play_match(dealer, ["calling", "calling"])
        assert dealer.log is not None
        logs.append(dealer.log.getvalue())  # type: ignore[attr-defined]
    assert logs[0] == logs[1]
    states = [parse_state(line) for line in logs[0].splitlines() if line.startswith("STATE")]
    assert {s.players for s in states} == {("a", "b")}
    # Calling stations check every round down: four rounds of calls, the showdown's values +-10 (or a split).
    assert all(s.betting == ((AcpcAction("c"),) * 2,) + ((AcpcAction("c"),) * 2,) * 3 for s in states)
    assert all(s.outcomes in ((10, -10), (-10, 10), (0, 0)) for s in states)


def test_our_client_infers_the_competition_game() -> None:
    dealer = new_dealer(LIMIT_2P, 20, ["a", "b"])
    result, clients = play_match(dealer, ["random", "simple"], seed=5, games=[None, None])
    assert [c.total for c in clients] == result.totals and [c.hands for c in clients] == [20, 20]
    assert dealer.transcript is not None
    assert "WARNING" not in dealer.transcript.getvalue()  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- misbehaving clients

Mangle = Callable[[int, str], list[str] | None]
"""Given the count of replies so far and the proper reply, the lines to send instead (``None``: hang up)."""


def misbehave(port: int, mangle: Mangle, version: str = "VERSION:2.0.0") -> threading.Thread:
    """A client on ``port`` that decides as a calling station and sends what ``mangle`` makes of each reply."""

    def run() -> None:
        channel = connect("127.0.0.1", port)
        helper = AcpcClient(channel, CallingStation(), LIMIT_2P)
        channel.send(version)
        replies = 0
        try:
            while True:
                reply = helper.handle(channel.readline(time.monotonic() + 20))
                if reply is None:
                    continue
                lines = mangle(replies, reply)
                replies += 1
                if lines is None:
                    return
                for line in lines:
                    channel.send(line)
        except AcpcError:
            return
        finally:
            channel.close()

    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t


def duel(mangle: Mangle, *, hands: int = 1, version: str = "VERSION:2.0.0", **kw: object) -> tuple[Dealer, str]:
    """Seat 1 (position 0, the big blind) misbehaves as ``mangle`` says; seat 2 is our calling client."""
    dealer = new_dealer(LIMIT_2P, hands, ["odd", "calling"], fixed_seats=True, **kw)
    ports = dealer.listen()
    odd = misbehave(ports[0], mangle, version)
    good = threading.Thread(
        target=lambda: AcpcClient(connect("127.0.0.1", ports[1]), CallingStation(), LIMIT_2P).run(), daemon=True
    )
    good.start()
    try:
        dealer.run()
    finally:
        odd.join(timeout=10)
        good.join(timeout=10)
    assert dealer.transcript is not None
    return dealer, dealer.transcript.getvalue()  # type: ignore[attr-defined]


def betting(dealer: Dealer) -> str:
    assert dealer.log is not None
    return next(line for line in dealer.log.getvalue().splitlines() if line.startswith("STATE")).split(":")[2]  # type: ignore[attr-defined]


def test_comments_are_skipped_and_a_proper_reply_is_taken() -> None:
    dealer, said = duel(lambda k, reply: ["# thinking", "; a gui line", reply])
    assert "WARNING" not in said
    assert betting(dealer) == "cc/cc/cc/cc"


def test_a_malformed_or_unrequested_state_is_skipped() -> None:
    def mangle(k: int, reply: str) -> list[str]:
        other_hand = reply.replace("MATCHSTATE:0:0:", "MATCHSTATE:0:9:", 1)
        return ["MATCHSTATE:zz", "hello", other_hand, reply] if k == 0 else [reply]

    dealer, said = duel(mangle)
    assert said.count("WARNING: bad state format in response from seat 1") == 2
    assert "WARNING: ignoring un-requested response from seat 1" in said
    assert betting(dealer) == "cc/cc/cc/cc"


def test_a_bad_or_invalid_action_is_taken_as_a_call() -> None:
    def mangle(k: int, reply: str) -> list[str]:
        state = reply.rsplit(":", 1)[0]
        # First reply (after the button's call, nothing to call): a fold, invalid. Then a malformed action.
        return [f"{state}:f"] if k == 0 else [f"{state}:x"] if k == 1 else [reply]

    dealer, said = duel(mangle)
    assert "WARNING: seat 1: invalid action f, changed to call" in said
    assert "WARNING: seat 1: bad action format in response, changed to call" in said
    assert betting(dealer) == "cc/cc/cc/cc"


def test_a_limit_raise_with_a_size_is_a_raise() -> None:
    dealer, said = duel(lambda k, reply: [reply.rsplit(":", 1)[0] + ":r999"] if k == 0 else [reply])
    assert "WARNING" not in said
    assert betting(dealer) == "crc/cc/cc/cc"


def test_too_many_invalid_actions_end_the_match() -> None:
    with pytest.raises(MatchFailed, match=r"seat 1: more than 0 invalid actions \(invalid action f"):
        duel(lambda k, reply: [reply.rsplit(":", 1)[0] + ":f"], max_invalid=0)


def test_a_late_reply_ends_the_match_without_a_score() -> None:
    def slow(k: int, reply: str) -> list[str]:
        time.sleep(0.6)
        return [reply]

    with pytest.raises(
        MatchFailed, match=r"could not get action from seat 1: 0\.\d seconds spent waiting; timeout 0\.3"
    ):
        duel(slow, limits=TimeLimits(response_ms=300))


def test_a_seat_out_of_time_for_the_hand_ends_the_match() -> None:
    def slowish(k: int, reply: str) -> list[str]:
        time.sleep(0.15)
        return [reply]

    # Each reply takes about 0.15 s, within the reply limit; the hand's limit of 0.25 s is over by the second.
    with pytest.raises(MatchFailed, match="seat 1 ran out of time"):
        duel(slowish, limits=TimeLimits(response_ms=5000, hand_ms=250))


def test_the_match_time_is_the_per_hand_average_times_the_hands() -> None:
    def slowish(k: int, reply: str) -> list[str]:
        time.sleep(0.1)
        return [reply]

    # 3 hands at 0.15 s per hand: 0.45 s for the match; a calling station replies 4 times a hand (0.4 s).
    with pytest.raises(MatchFailed, match="seat 1 ran out of time"):
        duel(slowish, hands=3, limits=TimeLimits(per_hand_ms=150))


def test_a_closed_connection_ends_the_match() -> None:
    with pytest.raises(MatchFailed, match="could not get action from seat 1: the connection was closed"):
        duel(lambda k, reply: None)


def test_a_bad_version_line_ends_the_match() -> None:
    with pytest.raises(MatchFailed, match=r"invalid version string from seat 1: 'HELLO' \(VERSION:2\.0\.0 expected\)"):
        duel(lambda k, reply: [reply], version="HELLO")


def test_nobody_connecting_in_time() -> None:
    dealer = new_dealer(LIMIT_2P, 1, ["a", "b"], limits=TimeLimits(start_ms=100))
    with pytest.raises(MatchFailed, match="timed out waiting for seat 1 to connect"):
        dealer.run()


def test_a_state_from_a_reply_is_split_from_its_action() -> None:
    state, action = split_response("MATCHSTATE:0:30:cc/:9s8h|/8c8d5c:r250")
    assert (state.position, state.hand_number, action) == (0, 30, AcpcAction("r", 250))
    assert split_response("MATCHSTATE:0:30:cc/:9s8h|/8c8d5c:r250xyz")[1] == AcpcAction("r", 250)
    assert split_response("MATCHSTATE:0:30:cc/:9s8h|/8c8d5c")[1] is None
    assert split_response("MATCHSTATE:0:30:cc/:9s8h|/8c8d5c:k")[1] is None
    with pytest.raises(AcpcError, match="position"):
        split_response("MATCHSTATE:x:30:cc/:9s8h|/8c8d5c:c")


@pytest.mark.parametrize(
    ("kw", "needle"),
    [
        ({"names": ["a"]}, "the game has 2 seats; 1 names given"),
        ({"names": ["a", "b:c"]}, "a player name must be non-empty without"),
        ({"hands": 0}, "hands 0: at least 1"),
        ({"ports": [1, 2, 3]}, "3 ports for 2 seats"),
        ({"ports": [70000]}, "ports are 0 to 65535"),
    ],
)
def test_bad_dealer_settings(kw: dict[str, object], needle: str) -> None:
    args: dict[str, object] = {"game": LIMIT_2P, "hands": 1, "seed": 0, "names": ["a", "b"]}
    args.update(kw)
    with pytest.raises(AcpcError, match=needle):
        Dealer(**args)  # type: ignore[arg-type]


def test_a_game_we_cannot_deal_is_unsupported() -> None:
    kuhn = parse_gamedef(
        "GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 1\nblind = 1 1\nraiseSize = 1\nfirstPlayer = 1\n"
        "maxRaises = 1\nnumSuits = 1\nnumRanks = 3\nnumHoleCards = 1\nnumBoardCards = 0\nEND GAMEDEF\n"
    )
    with pytest.raises(UnsupportedGame, match="a deck of 1 suits x 3 ranks"):
        Dealer(kuhn, 1, 0, ["a", "b"])


def test_a_busy_port_is_a_failure_naming_it() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        dealer = Dealer(LIMIT_2P, 1, 0, ["a", "b"], ports=[port], host="127.0.0.1")
        with pytest.raises(MatchFailed, match=f"could not listen for seat 1 on 127.0.0.1:{port}"):
            dealer.listen()


def test_the_client_needs_a_known_game_for_big_raises() -> None:
    # Inferred no-limit stacks are the competition's 20,000: a raise beyond them names --game.
    a, b = socket.socketpair()
    try:
        client = AcpcClient(LineChannel(a), RandomBot(1), None)
        with pytest.raises(AcpcError, match=r"hand 0: .*give the match's game definition: --game GAMEFILE"):
            client.handle("MATCHSTATE:0:0:r50000:TdAs|")
    finally:
        a.close()
        b.close()


def test_a_seat_gone_while_others_act_ends_the_match_naming_it() -> None:
    # Seat 2 (the button, first to act preflop) replies once and hangs up; the dealer fails sending it the next
    # state or reading its next reply, and names seat 2 either way.
    dealer = new_dealer(LIMIT_2P, 5, ["a", "b"], fixed_seats=True)
    ports = dealer.listen()
    good = threading.Thread(
        target=lambda: AcpcClient(connect("127.0.0.1", ports[0]), CallingStation(), LIMIT_2P).run(), daemon=True
    )
    good.start()
    misbehave(ports[1], lambda k, reply: [reply] if k == 0 else None)
    with pytest.raises(MatchFailed, match=r"seat 2: "):
        dealer.run()
    good.join(timeout=10)
