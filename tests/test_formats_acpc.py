"""ACPC game definitions, MATCHSTATE strings and dealer log lines (pokerroom.formats.acpc, issue 22)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from pokerroom.cards import parse_cards
from pokerroom.errors import AcpcError, UnsupportedGame
from pokerroom.formats.acpc.gamedef import NO_CAP, UNLIMITED_STACK, AcpcBetting, format_gamedef, parse_gamedef
from pokerroom.formats.acpc.log import (
    format_score,
    format_state,
    outcome_mismatches,
    parse_score,
    parse_state,
    replay_state,
    to_phh,
)
from pokerroom.formats.acpc.matchstate import (
    AcpcAction,
    format_matchstate,
    format_response,
    parse_matchstate,
    parse_response,
)
from pokerroom.formats.acpc.play import deal as deal_acpc

LIMIT_2P = """GAMEDEF
limit
numPlayers = 2
numRounds = 4
blind = 10 5
raiseSize = 10 10 20 20
firstPlayer = 2 1 1 1
maxRaises = 3 4 4 4
numSuits = 4
numRanks = 13
numHoleCards = 2
numBoardCards = 0 3 1 1
END GAMEDEF
"""

NOLIMIT_2P = """# heads-up no-limit, reverse blinds
gamedef
NOLIMIT
NUMPLAYERS = 2
numrounds = 4
stack = 20000 20000
blind = 100 50
firstPlayer = 2 1 1 1
numSuits = 4
numRanks = 13
numHoleCards = 2
numBoardCards = 0 3 1 1
end gamedef
"""

LIMIT_3P = LIMIT_2P.replace("numPlayers = 2", "numPlayers = 3").replace("blind = 10 5", "blind = 5 10 0")
LIMIT_3P = LIMIT_3P.replace("firstPlayer = 2 1 1 1", "firstPlayer = 3 1 1 1")

KUHN_3P = """GAMEDEF
limit
numPlayers = 3
numRounds = 1
blind = 1 1 1
raiseSize = 1
firstPlayer = 1
maxRaises = 1
numSuits = 1
numRanks = 4
numHoleCards = 1
numBoardCards = 0
stack = 2 2 2
END GAMEDEF
"""


def c(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


# ---------------------------------------------------------------- game definitions


def test_limit_gamedef_read_with_defaults() -> None:
    g = parse_gamedef(LIMIT_2P)
    assert g.betting is AcpcBetting.LIMIT
    assert (g.num_players, g.num_rounds) == (2, 4)
    assert g.blind == (10, 5) and g.big_blind == 10
    assert g.raise_size == (10, 10, 20, 20)
    assert g.first_player == (2, 1, 1, 1)
    assert g.max_raises == (3, 4, 4, 4)
    assert g.stack == (UNLIMITED_STACK, UNLIMITED_STACK)  # no stack line: the reference's INT32_MAX
    assert g.num_board_cards == (0, 3, 1, 1)
    assert g.cap() == 4  # maxRaises 3 preflop (blind not counted) = our cap of 4 counting the big blind
    assert g.holdem_problems() == []


def test_nolimit_gamedef_keys_case_insensitive_and_comments() -> None:
    g = parse_gamedef(NOLIMIT_2P)
    assert g.betting is AcpcBetting.NO_LIMIT
    assert g.stack == (20000, 20000)
    assert g.raise_size == ()
    assert g.max_raises == (NO_CAP,) * 4 and g.cap() is None


@pytest.mark.parametrize("text", [LIMIT_2P, NOLIMIT_2P, LIMIT_3P, KUHN_3P])
def test_gamedef_round_trip(text: str) -> None:
    g = parse_gamedef(text)
    assert parse_gamedef(format_gamedef(g)) == g


def test_format_gamedef_text() -> None:
    assert format_gamedef(parse_gamedef(NOLIMIT_2P)).splitlines() == [
        "GAMEDEF",
        "nolimit",
        "numPlayers = 2",
        "numRounds = 4",
        "stack = 20000 20000",
        "blind = 100 50",
        "firstPlayer = 2 1 1 1",
        "numSuits = 4",
        "numRanks = 13",
        "numHoleCards = 2",
        "numBoardCards = 0 3 1 1",
        "END GAMEDEF",
    ]


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        (LIMIT_2P.replace("numPlayers = 2", "numPlayers = 11"), "numPlayers = 11"),
        (LIMIT_2P.replace("blind = 10 5", "blind = 10"), "blind has 1 numbers"),
        (LIMIT_2P.replace("raiseSize = 10 10 20 20", "raiseSize = 10 x"), "raiseSize needs whole numbers"),
        (LIMIT_2P.replace("firstPlayer = 2 1 1 1", "firstPlayer = 3 1 1 1"), "firstPlayer on round 1 is 3"),
        (LIMIT_2P.replace("numSuits", "numColours"), "unknown game definition key 'numColours'"),
        (LIMIT_2P.replace("END GAMEDEF\n", ""), "END GAMEDEF"),
        (NOLIMIT_2P.replace("stack = 20000 20000", "stack = 20000 40"), "blind of player 2 (50)"),
    ],
)
def test_bad_gamedef(text: str, needle: str) -> None:
    with pytest.raises(AcpcError, match=needle.replace("(", r"\(").replace(")", r"\)")):
        parse_gamedef(text)


def test_kuhn_unsupported_names_every_problem() -> None:
    g = parse_gamedef(KUHN_3P)
    with pytest.raises(UnsupportedGame) as err:
        g.check_holdem()
    text = str(err.value)
    assert "4 ranks" in text and "1 hole cards" in text and "1 rounds" in text and "blind = 1 1 1" in text


def test_uneven_max_raises_and_non_reverse_first_player_unsupported() -> None:
    g = parse_gamedef(LIMIT_2P.replace("maxRaises = 3 4 4 4", "maxRaises = 3 3 4 4"))
    assert g.cap() is None
    assert any("maxRaises = 3 3 4 4" in p for p in g.holdem_problems())
    g = parse_gamedef(LIMIT_2P.replace("firstPlayer = 2 1 1 1", "firstPlayer = 1 2 2 2"))
    with pytest.raises(UnsupportedGame, match="firstPlayer = 1 2 2 2"):
        g.check_holdem()


def test_deal_heads_up_reverse_blinds() -> None:
    hand = deal_acpc(parse_gamedef(NOLIMIT_2P), [c("9s8h"), c("9c6h")])
    assert hand.bets == [100, 50]  # position 0 is the big blind
    assert hand.stacks == [19900, 19950]
    assert hand.to_act == 1  # firstPlayer 2: the small blind opens preflop
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ == (200, 20000)


def test_deal_three_handed_limit() -> None:
    hand = deal_acpc(parse_gamedef(LIMIT_3P), [c("Ad6h"), c("Td2h"), c("AsTs")])
    assert hand.bets == [5, 10, 0]
    assert hand.to_act == 2  # firstPlayer 3
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ == (20, 20) and legal.call == 10


# ---------------------------------------------------------------- MATCHSTATE

PROTOCOL_LINES = [
    "MATCHSTATE:0:0::TdAs|",
    "MATCHSTATE:0:0:rrc/rc/crc/crc:TdAs|8hTc/2c8c3h/9c/Kh",
    "MATCHSTATE:1:31:r300r900c/r1800r3600r9000c/r20000c/:KsJs|JdTc/6dJc9c/Kh/Qc",
    "MATCHSTATE:2:55:rcc/rfc/rc/rf:||AsTs/4cJh8h/Kd/8c",
]


@pytest.mark.parametrize("line", PROTOCOL_LINES)
def test_matchstate_round_trip(line: str) -> None:
    assert format_matchstate(parse_matchstate(line + "\r\n")) == line


def test_matchstate_fields() -> None:
    ms = parse_matchstate("MATCHSTATE:1:31:r300r900c/r1800r3600r9000c/r20000c/:KsJs|JdTc/6dJc9c/Kh/Qc")
    assert (ms.position, ms.hand_number) == (1, 31)
    assert ms.betting[0] == (AcpcAction("r", 300), AcpcAction("r", 900), AcpcAction("c"))
    assert ms.betting[3] == ()
    assert ms.hole == (c("KsJs"), c("JdTc"))
    assert ms.board == ((), c("6dJc9c"), c("Kh"), c("Qc"))
    ms = parse_matchstate("MATCHSTATE:2:55::||AsTs")
    assert ms.hole == ((), (), c("AsTs"))


def test_client_response() -> None:
    ms, action = parse_response("MATCHSTATE:0:30:cc/:9s8h|/8c8d5c:r250")
    assert action == AcpcAction("r", 250)
    assert format_response(ms, action) == "MATCHSTATE:0:30:cc/:9s8h|/8c8d5c:r250"
    assert parse_response("MATCHSTATE:0:0:rr:TdAs|:c")[1] == AcpcAction("c")


@pytest.mark.parametrize(
    ("line", "needle"),
    [
        ("STATE:0:0::TdAs|", "starts with 'MATCHSTATE:'"),
        ("MATCHSTATE:0:0:rx:TdAs|", "'x' at 1"),
        ("MATCHSTATE:x:0::TdAs|", "position 'x'"),
        ("MATCHSTATE:0:0::TdA|", "two-character cards"),
        ("MATCHSTATE:0:0::TdAs", "at least two positions"),
        ("MATCHSTATE:0:0::TdTd|", "duplicate card"),
        ("MATCHSTATE:0:0::TdAs|/2c8c3h", "2 rounds of board cards but the betting has 1"),
        ("MATCHSTATE:5:0::TdAs|", "only 2 positions"),
        ("MATCHSTATE:0:0::TdAs|", "5 expected"),
    ],
)
def test_bad_matchstate(line: str, needle: str) -> None:
    parse = parse_response if needle == "5 expected" else parse_matchstate
    with pytest.raises(AcpcError, match=needle):
        parse(line)


# ---------------------------------------------------------------- dealer log


def test_state_and_score_round_trip() -> None:
    line = "STATE:3:cr300c/cc/cc/cc:9s8h|9c6h/8c8d5c/6s/2d:-300|300:Alice|Bob"
    st = parse_state(line)
    assert st.outcomes == (Decimal(-300), Decimal(300)) and st.players == ("Alice", "Bob")
    assert format_state(st) == line
    score = parse_score("SCORE:-12.5|12.5:Alice|Bob")
    assert score.totals == (Decimal("-12.5"), Decimal("12.5"))
    assert format_score(score) == "SCORE:-12.5|12.5:Alice|Bob"


@pytest.mark.parametrize(
    ("line", "parse", "needle"),
    [
        ("STATE:0:cc/:TdAs|8hTc/2c8c3h:1|x:A|B", parse_state, "STATE outcomes"),
        ("STATE:0:cc:TdAs|8hTc:0|0:A", parse_state, "2 hole-card groups, 2 outcomes and 1 names"),
        ("STATE:0:cc:TdAs|8hTc:0|0", parse_state, "expected"),
        ("SCORE:1|2|3:A|B", parse_score, "3 totals for 2 names"),
    ],
)
def test_bad_log_lines(line: str, parse: object, needle: str) -> None:
    with pytest.raises(AcpcError, match=needle):
        parse(line)  # type: ignore[operator]


def test_limit_state_to_phh_and_replay() -> None:
    # The protocol's first limit hand, played out: Bob's pair of eights beats Alice's ace high.
    st = parse_state("STATE:0:rrc/rc/crc/crc:TdAs|8hTc/2c8c3h/9c/Kh:-80|80:Alice|Bob")
    phh = to_phh(st, parse_gamedef(LIMIT_2P))
    assert phh.variant == "FT" and phh.small_bet == 10 and phh.big_bet == 20
    assert phh.blinds_or_straddles == (Decimal(5), Decimal(10))  # heads-up PHH lists are reversed
    assert phh.players == ("Alice", "Bob")
    assert phh.actions == (
        "d dh p1 TdAs", "d dh p2 8hTc",
        "p2 cbr 20", "p1 cbr 30", "p2 cc", "d db 2c8c3h",
        "p1 cbr 10", "p2 cc", "d db 9c",
        "p1 cc", "p2 cbr 20", "p1 cc", "d db Kh",
        "p1 cc", "p2 cbr 20", "p1 cc",
        "p2 sm 8hTc", "p1 sm TdAs",  # the last aggressor shows first; every hand still in is shown
    )  # fmt: skip
    assert phh.extra == {"_fold_without_bet": False}  # the protocol: no fold with nothing to call
    result, values, mismatched = replay_state(st, parse_gamedef(LIMIT_2P))
    assert result.hand is not None and result.hand.outcome() == [-80, 80]
    assert values == [-80, 80] and mismatched == []


def test_nolimit_totals_are_whole_hand() -> None:
    st = parse_state("STATE:30:cc/r250c/r500c/r1250c:9s8h|9c6h/8c8d5c/6s/2d:1250|-1250:A|B")
    phh = to_phh(st, parse_gamedef(NOLIMIT_2P))
    # r500 on the turn after 250 in: 250 more this round; r1250 on the river: 750 this round.
    assert phh.actions[5:] == (
        "p1 cbr 150",
        "p2 cc",
        "d db 6s",
        "p1 cbr 250",
        "p2 cc",
        "d db 2d",
        "p1 cbr 750",
        "p2 cc",
        "p1 sm 9s8h",
        "p2 sm 9c6h",
    )
    result, values, mismatched = replay_state(st, parse_gamedef(NOLIMIT_2P))
    assert result.hand is not None and result.hand.outcome() == [1250, -1250] and mismatched == []
    assert values == [1250, -1250]


def test_wrong_logged_outcome_is_a_mismatch() -> None:
    st = parse_state("STATE:30:cc/r250c/r500c/r1250c:9s8h|9c6h/8c8d5c/6s/2d:-1250|1250:A|B")
    _, values, mismatched = replay_state(st, parse_gamedef(NOLIMIT_2P))
    assert values == [1250, -1250] and mismatched == [0, 1]


def test_three_handed_limit_fold_and_showdown() -> None:
    # The protocol's hand 90: position 1 folds its big blind; position 2's kings and tens beat position 0's
    # kings and sixes after a bet on every street (20 preflop, 10 on the flop, 20 on turn and river).
    st = parse_state("STATE:90:crfc/rc/rc/rc:Ad6h|QcJc|Td2h/TsKd7h/Kh/6d:-70|-10|80:A|B|C")
    result, _, mismatched = replay_state(st, parse_gamedef(LIMIT_3P))
    assert result.hand is not None
    assert result.hand.outcome() == [-70, -10, 80]
    assert mismatched == []


def test_illegal_logged_betting() -> None:
    game = parse_gamedef(LIMIT_2P)
    with pytest.raises(AcpcError, match="action 4 r: no bet or raise is valid here; allowed: c, f"):
        to_phh(parse_state("STATE:1:rrrrr:TdAs|8hTc:0|0:A|B"), game)
    with pytest.raises(AcpcError, match="the betting is over"):
        to_phh(parse_state("STATE:1:fc:TdAs|8hTc:0|0:A|B"), game)


def test_split_pot_values_are_exact_fractions_to_six_places() -> None:
    logged = (Decimal("2.5"), Decimal("-5"), Decimal("2.5"))
    assert outcome_mismatches(logged, [Fraction(5, 2), Fraction(-5), Fraction(5, 2)]) == []
    assert outcome_mismatches(logged, [Fraction(3), Fraction(-5), Fraction(2)]) == [0, 2]  # chips are not values
    third = (Decimal("33.333333"), Decimal("-66.666667"), Decimal("33.333333"))
    assert outcome_mismatches(third, [Fraction(100, 3), Fraction(-200, 3), Fraction(100, 3)]) == []


def test_a_three_way_tie_splits_the_pot_exactly() -> None:
    # Three-handed limit: everyone calls to the river and the board plays (a royal flush on board): the 30
    # chips are split 10 each, net 0; a two-way tie of a 25-chip pot after a fold gives 7.5 each.
    st = parse_state("STATE:7:ccc/ccc/ccc/ccc:2c3d|4c5d|6c7d/AsKsQs/Js/Ts:0|0|0:A|B|C")
    _, values, mismatched = replay_state(st, parse_gamedef(LIMIT_3P))
    assert values == [0, 0, 0] and mismatched == []
    # Position 0 (small blind 5) folds; 1 and 2 tie: position 1's 10 back and position 0's 5 split.
    st = parse_state("STATE:8:cfc/cc/cc/cc:2c3d|4c5d|6c7d/AsKsQs/Js/Ts:-5|2.5|2.5:A|B|C")
    _, values, mismatched = replay_state(st, parse_gamedef(LIMIT_3P))
    assert values == [-5, Fraction(5, 2), Fraction(5, 2)] and mismatched == []
