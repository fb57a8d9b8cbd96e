"""PokerStars-style shapes found in public hand histories the reader had never seen (issue 21, "unseen" survey).

Each case is a short synthetic hand written for this file in the line shapes those files use (no third-party hand
is copied), and asserts what the reader and the check SHOULD do with it: read it, name its site, currency or game,
and find every amount ``ok``.  The survey read 2,789 hands from 421 files (fpdb-3's regression files not in our
corpus, DriveHUD's and other parsers' test data, Portuguese and Russian clients): every class it found the reader's
fault is a case here.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from pokerroom.formats.pokerstars import BadStarsHand, StarsHand, check, loads_each

OK = "every amount, pot, side pot and the rake match"


def read_one(text: str) -> StarsHand:
    """The one hand of ``text``, read (a :class:`BadStarsHand` fails the test with its error)."""
    (hand,) = loads_each(text)
    assert not isinstance(hand, BadStarsHand), hand.error
    assert isinstance(hand, StarsHand)
    return hand


def checked(text: str) -> tuple[str, str]:
    """``(status, message)`` of the check of the one hand of ``text``."""
    r = check(read_one(text))
    return r.status, r.message


# --- Run It Once: a side pot written "side pot 1" (no hyphen), and a walk without an uncalled-bet line ---

RIO_SIDE = (
    "Run It Once Poker Hand #40000001:  Hold'em No Limit (€0.10/€0.20)"
    " - 2019/04/19 17:52 UTC [2019/04/19 18:52 CET]\n"
    """Table ID '40000000' 6-Max Seat #1 is the button
Seat 1: ann (€5 in chips)
Seat 2: ben (€20 in chips)
Seat 3: cat (€20 in chips)
ben: posts small blind €0.10
cat: posts big blind €0.20
*** HOLE CARDS ***
ann: raises €4.80 to €5 and is all-in
ben: raises €15 to €20 and is all-in
cat: calls €19.80 and is all-in
*** FLOP *** [2c 3d 8h]
*** TURN *** [2c 3d 8h] [9s]
*** RIVER *** [2c 3d 8h 9s] [Tc]
*** SHOWDOWN ***
ben: shows [Ks Kh]
cat: shows [Qs Qh]
ben collected €30 from side pot 1
ann: shows [As Ah]
ann collected €15 from pot
*** SUMMARY ***
Total pot €45 | Main pot €15 | Side pot €30 | Rake €0
Board [2c 3d 8h 9s Tc]
Seat 1: ann (button) showed [As Ah] and won €15 with a pair of Aces
Seat 2: ben (small blind) showed [Ks Kh] and won €30 with a pair of Kings
Seat 3: cat (big blind) mucked [Qs Qh] and lost
"""
)
"""ann (€5) shoves aces, ben re-shoves kings, cat calls with queens: a €15 main pot and a €30 side pot, which Run It
Once writes ``collected €30 from side pot 1`` (no rake here: Run It Once lists its pots before the rake, another
matter)."""


def test_rio_side_pot_without_hyphen() -> None:
    assert checked(RIO_SIDE) == ("ok", OK)


RIO_WALK = (
    "Run It Once Poker Hand #40000002:  Hold'em No Limit (€0.05/€0.10)"
    " - 2019/06/26 19:34 UTC [2019/06/26 20:34 CET]\n"
    """Table ID '40000000' 6-Max Seat #1 is the button
Seat 1: ann (€10 in chips)
Seat 2: ben (€10 in chips)
Seat 3: cat (€10 in chips)
ben: posts small blind €0.05
cat: posts big blind €0.10
*** HOLE CARDS ***
ann: folds
ben: folds
*** SHOWDOWN ***
cat: mucks hand
cat collected €0.15 from pot
*** SUMMARY ***
Total pot €0.15 | Rake €0.00
Seat 1: ann (button) folded before Flop
Seat 2: ben (small blind) folded before Flop
Seat 3: cat (big blind) mucked hand and won €0.15
"""
)
"""A walk as Run It Once writes it: no uncalled-bet line, the big blind's unmatched €0.05 counted in the pot it
collects (€0.15).  The big blind ends €0.05 up either way."""


def test_rio_walk_collects_its_unmatched_blind() -> None:
    assert checked(RIO_WALK) == ("ok", OK)


# --- "raises X to Y" with X the chips the player adds (Y minus its own stake), not Y minus the bet it faces ---

ADDED = (
    "PokerStars Game #300000001: Tournament #3000000, $20+$1 USD Hold'em No Limit"
    " - Match Round I, Level I (10/20) - 2012/09/27 05:51:02 ET\n"
    """Table '1' 2-max Seat #2 is the button
Seat 1: ann (1500 in chips)
Seat 2: ben (1500 in chips)
ben: posts small blind 10
ann: posts big blind 20
*** HOLE CARDS ***
ben: raises 30 to 40
ann: folds
Uncalled bet (20) returned to ben
ben collected 40 from pot
*** SUMMARY ***
Total pot 40 | Rake 0
Seat 1: ann (big blind) folded before Flop
Seat 2: ben (button) (small blind) collected (40)
"""
)
"""The small blind (10 in) raises to 40 and writes ``raises 30 to 40``: 30 is what it adds, where PokerStars' usual
line says ``raises 20 to 40`` (the raise over the 20 it faces).  Converted exports and 9stacks write it so too; the
``to`` amount is the same either way."""


def test_raise_written_as_the_chips_added() -> None:
    assert checked(ADDED) == ("ok", OK)


# --- Headers and currencies of other rooms and clients ---

INR = (
    "PokerStars Hand #300000002:  Hold'em No Limit (Rs.\u00a025/Rs.\u00a050 INR)"
    " - 2019/02/18 18:36:00 IST [2019/02/18 8:06:00 ET]\n"
    """Table 'Akita' 6-max Seat #1 is the button
Seat 1: ann (Rs.\u00a05000 in chips)
Seat 2: ben (Rs.\u00a05000 in chips)
ann: posts small blind Rs.\u00a025
ben: posts big blind Rs.\u00a050
*** HOLE CARDS ***
ann: raises Rs.\u00a0100 to Rs.\u00a0150
ben: folds
Uncalled bet (Rs.\u00a0100) returned to ann
ann collected Rs.\u00a0100 from pot
*** SUMMARY ***
Total pot Rs.\u00a0100 | Rake Rs.\u00a00
Seat 1: ann (button) (small blind) collected (Rs.\u00a0100)
Seat 2: ben (big blind) folded before Flop
"""
)
"""PokerStars India writes rupees as ``Rs.`` and a non-breaking space before the number."""


def test_indian_rupees() -> None:
    hand = read_one(INR)
    assert (hand.currency, hand.stakes) == ("INR", (Decimal(25), Decimal(50)))
    assert check(hand).status == "ok"


def _heads_up(header: str, table: str) -> str:
    """A heads-up walk under ``header`` and ``table`` lines (play-money chips)."""
    return f"""{header}
{table}
Seat 1: ann (1000 in chips)
Seat 2: ben (1000 in chips)
ann: posts small blind 5
ben: posts big blind 10
*** HOLE CARDS ***
ann: folds
Uncalled bet (5) returned to ben
ben collected 10 from pot
*** SUMMARY ***
Total pot 10 | Rake 0
Seat 1: ann (button) (small blind) folded before Flop
Seat 2: ben (big blind) collected (10)
"""


FULL_TILT = _heads_up(
    "Full Tilt Hand #300000003:  Hold'em No Limit (5/10) - 2016/05/20 8:19:23 ET",
    "Table 'Gamma' 2-max (Play Money) Seat #1 is the button",
)
"""Full Tilt after its 2016 move onto PokerStars' software writes PokerStars' lines under ``Full Tilt Hand #``
(and ``Full Tilt Rush Hand #``)."""


def test_full_tilt_header() -> None:
    hand = read_one(FULL_TILT)
    assert hand.site.startswith("Full Tilt")
    assert check(hand).status == "ok"


NINE_STACKS = _heads_up(
    "9stacks Poker Hand #300000004:  Hold'em No Limit (5/10) - 2019/03/18 12:32:24 UTC",
    "Table 'HIGH (5/10) #1'(30000000) 2-max (Real Money) Seat #1 is the button",
)
"""9stacks (India) writes PokerStars' lines under its own header, the table's number after its name and
``(Real Money)`` before the button."""


def test_nine_stacks_header_and_table_line() -> None:
    hand = read_one(NINE_STACKS)
    assert (hand.site, hand.table, hand.max_seats, hand.button) == ("9stacks Poker", "HIGH (5/10) #1", 2, 1)
    assert check(hand).status == "ok"


PORTUGUESE = (
    "Mão PokerStars #300000005: Torneio #3000001, 4500+500 Hold'em No Limit - Nível I (10/20)"
    " - 2015/07/07 16:42:52 ET\n"
    """Mesa '3000001 1' 6-max Lugar #1 é o botão
Lugar 1: ann (500 em fichas)
Lugar 2: ben (500 em fichas)
Lugar 3: cat (500 em fichas)
ben: paga o small blind 10
cat: paga o big blind 20
*** CARTAS DA MÃO ***
ann: aumenta 20 para 40
ben: desiste
cat: iguala 20
*** FLOP *** [8c 2d 6s]
cat: passa
ann: aposta 60
cat: desiste
Aposta não-igualada (60) voltou para ann
ann recebeu 90 do pote
*** SUMÁRIO ***
Total pote 90 | comissão 0
Mesa [8c 2d 6s]
Lugar 1: ann (Botão) recebeu (90)
Lugar 2: ben (small blind) desistiu antes Flop
Lugar 3: cat (big blind) desistiu no Flop
"""
)
"""The Portuguese client's lines (``Mão PokerStars #``, ``Lugar``, ``em fichas``, ``aumenta X para Y``, ``iguala``,
``desiste``, ``passa``, ``aposta``, ``Aposta não-igualada``, ``recebeu X do pote``, ``SUMÁRIO``)."""


def test_portuguese_client() -> None:
    hand = read_one(PORTUGUESE)
    assert (hand.hand_id, hand.tournament, hand.stakes) == ("300000005", "3000001", (Decimal(10), Decimal(20)))
    assert checked(PORTUGUESE) == ("ok", OK)


RUSSIAN_JOIN = (
    "Раздача PokerStars №300000006:  Холдем Безлимитный ($0.01/$0.02 USD)"
    " - 03.05.2026 18:47:07 EET [03.05.2026 11:47:07 ВВ]\n"
    """Стол 'Delta' 6-max Баттон на месте №1
Место 1: ann ($2 фишек)
Место 3: cat ($2 фишек)
ann: ставит малый блайнд $0.01
cat: ставит большой блайнд $0.02
*** ЗАКРЫТЫЕ КАРТЫ ***
ben садится за стол на место №2
ann: делает фолд
Неуравненная ставка ($0.01) возвращается игроку cat
cat получил $0.02 ( банк)
*** ИТОГ ***
Общий банк $0.02 | Доля $0
Место 1: ann (баттон) (малый блайнд) сделал фолд до Флоп
Место 3: cat (большой блайнд) собрал ($0.02)
"""
)
"""A player taking a seat during a Russian-client hand: ``NAME садится за стол на место №2`` ("joins the table at
seat #2"), a note that moves no chips."""


def test_russian_join_note() -> None:
    assert checked(RUSSIAN_JOIN) == ("ok", OK)


# --- Notes that move no chips ---

_KO = (
    "PokerStars Hand #300000007: Tournament #3000002, $12.30+$12.25+$2.45 USD 5 Card Omaha Pot Limit"
    " - Level I (10/20) - 2016/11/01 20:00:00 ET\n"
    """Table '3000002 1' 6-max Seat #1 is the button
Seat 1: ann (500 in chips)
Seat 2: ben (500 in chips)
Seat 3: cat (500 in chips)
ben: posts small blind 10
cat: posts big blind 20
*** HOLE CARDS ***
ann: raises 40 to 60
ben: folds
cat: folds
Uncalled bet (40) returned to ann
ann collected 50 from pot
{note}
*** SUMMARY ***
Total pot 50 | Rake 0
Seat 1: ann (button) collected (50)
Seat 2: ben (small blind) folded before Flop
Seat 3: cat (big blind) folded before Flop
"""
)

KO_NOTES = [
    "ann wins $4.60 for splitting the elimination of dan and their own bounty increases by $4.59 to $41.32",
    "ann, cat split the $50 bounty for eliminating dan",
]


@pytest.mark.parametrize("note", KO_NOTES)
def test_split_bounty_notes(note: str) -> None:
    assert checked(_KO.replace("{note}", note)) == ("ok", OK)


CONVERTED_NOTES = """PokerStars Hand #3000000008: Hold'em No Limit ($0.10/$0.25) - 2015/08/18 10:59:04
Table '#3000000' 6-max Seat #1 is the button
Seat 1: ann ($20 in chips)
Seat 2: ben ($20 in chips)
Seat 3: cat ($20 in chips)
Table deposit $30
Seat sit down
ben: posts small blind $0.10
cat: posts big blind $0.25
*** HOLE CARDS ***
Table leave user
ann: folds (auth)
ben: Sitout (wait for bb)
ben: folds
Uncalled bet ($0.15) returned to cat
cat collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0.00
Seat 1: ann (button) folded before Flop (didn't bet)
Seat 2: ben (small blind) folded before Flop
Seat 3: cat (big blind) collected ($0.20)
"""
"""Lines a converter (other sites' hands written as PokerStars', no time zone) leaves in: ``Table deposit $30``,
``Seat sit down``, ``Table leave user``, ``NAME: folds (auth)``, ``NAME: Sitout (wait for bb)``."""


def test_converter_notes() -> None:
    assert checked(CONVERTED_NOTES) == ("ok", OK)


COMMENT = """PokerMaster Hand #300000009: Hold'em No Limit ($1/$2 USD) - 2019/05/26 12:53:33 UTC
Table 'Echo' 6-max Seat #1 is the button
Seat 1: ann ($100 in chips)
Seat 2: ben ($100 in chips)
# {"gt":"NLH","tid":1}
ann: posts small blind $1
ben: posts big blind $2
*** HOLE CARDS ***
ann: folds
Uncalled bet ($1) returned to ben
ben collected $2 from pot
*** SUMMARY ***
Total pot $2 | Rake $0
Seat 1: ann (button) (small blind) folded before Flop
Seat 2: ben (big blind) collected ($2)
"""
"""PokerMaster's exports carry a ``# {...}`` line of the room's own data after the seats."""


def test_pokermaster_comment_line() -> None:
    assert checked(COMMENT) == ("ok", OK)


REBUY_FIRST = (
    "PokerStars Hand #300000010: Tournament #3000003, $10+$1 USD Hold'em No Limit"
    " - Level I (10/20) - 2015/01/29 12:15:12 ET\n"
    """Table '3000003 5' 9-max Seat #1 is the button
ben re-buys and receives 3000 chips for $10.00
Seat 1: ann (3000 in chips)
Seat 2: ben (6000 in chips)
ann: posts small blind 10
ben: posts big blind 20
*** HOLE CARDS ***
ann: folds
Uncalled bet (10) returned to ben
ben collected 20 from pot
*** SUMMARY ***
Total pot 20 | Rake 0
Seat 1: ann (button) (small blind) folded before Flop
Seat 2: ben (big blind) collected (20)
"""
)
"""A rebuy bought between hands, noted before the seat lines (the seat's stack already counts it)."""


def test_rebuy_note_before_the_seats() -> None:
    assert checked(REBUY_FIRST) == ("ok", OK)


# --- Games and boards ---

EMPTY_TURN = """PokerStars Hand #300000011:  Hold'em No Limit ($0.10/$0.25 USD) - 2022/08/01 12:00:00 ET
Table 'Foxtrot' 6-max Seat #1 is the button
Seat 1: ann ($25 in chips)
Seat 2: ben ($25 in chips)
ann: posts small blind $0.10
ben: posts big blind $0.25
*** HOLE CARDS ***
ann: calls $0.15
ben: checks
*** FLOP *** [3c Jd 6d]
ben: checks
ann: checks
*** TURN *** [3c Jd 6d] []
ben: checks
ann: checks
*** RIVER *** [3c Jd 6d] [5s]
ben: checks
ann: checks
*** SHOW DOWN ***
ann: shows [Ac Ah] (a pair of Aces)
ben: shows [Kc Kh] (a pair of Kings)
ann collected $0.50 from pot
*** SUMMARY ***
Total pot $0.50 | Rake $0
Board [3c Jd 6d Jh 5s]
Seat 1: ann (button) (small blind) showed [Ac Ah] and won ($0.50) with two pair, Aces and Jacks
Seat 2: ben (big blind) showed [Kc Kh] and lost with two pair, Kings and Jacks
"""
"""PokerStars sometimes writes the turn card as ``[]`` (and leaves it out of the river's board); the summary's
``Board`` has it (Jh)."""


def test_empty_turn_card_taken_from_the_summary() -> None:
    assert checked(EMPTY_TURN) == ("ok", OK)


MIXED_STAKES = """PokerStars Hand #300000012:  8-Game (Razz Limit, $4/$8 USD) - 2017/01/21 16:58:03 ET
Table 'Golf' 8-max
Seat 1: ann ($100 in chips)
Seat 2: ben ($100 in chips)
ann: posts the ante $0.50
ben: posts the ante $0.50
*** 3rd STREET ***
Dealt to ann [Xx Xx 2c]
Dealt to ben [Xx Xx Kd]
ben: brings in for $1
ann: folds
Uncalled bet ($1) returned to ben
ben collected $1 from pot
*** SUMMARY ***
Total pot $1 | Rake $0
Seat 1: ann folded on the 3rd Street
Seat 2: ben collected ($1)
"""
"""A mixed game's header with the stakes inside the parentheses: ``8-Game (Razz Limit, $4/$8 USD)``."""


def test_mixed_game_stakes_inside_the_parentheses() -> None:
    hand = read_one(MIXED_STAKES)
    assert (hand.game_id, hand.stakes, hand.currency) == ("razz", (Decimal(4), Decimal(8)), "USD")


FIVE_CARD_OMAHA = """PokerMaster Hand #300000013: Omaha Pot Limit ($1/$2 USD) - 2019/05/26 12:53:33 UTC
Table 'Hotel' 6-max Seat #1 is the button
Seat 1: ann ($100 in chips)
Seat 2: ben ($100 in chips)
ann: posts small blind $1
ben: posts big blind $2
*** HOLE CARDS ***
Dealt to ann [As Ah Kd 7c 2s]
Dealt to ben [Qs Qh Jd 8c 3s]
ann: folds
Uncalled bet ($1) returned to ben
ben collected $2 from pot
*** SUMMARY ***
Total pot $2 | Rake $0
Seat 1: ann (button) (small blind) folded before Flop
Seat 2: ben (big blind) collected ($2)
"""
"""PokerMaster names 5 Card Omaha ``Omaha Pot Limit``; the five cards dealt say which game it is."""


def test_five_card_omaha_under_the_name_omaha() -> None:
    hand = read_one(FIVE_CARD_OMAHA)
    assert check(hand).status == "ok"
    assert hand.game_id == "omaha5"


ALL_IN_FOLD = (
    "PokerStars Hand #300000014: Tournament #3000004, Freeroll  Hold'em No Limit"
    " - Level II (15/30) - 2016/12/06 15:10:17 ET\n"
    """Table '3000004 21' 9-max Seat #1 is the button
Seat 1: ann (900 in chips)
Seat 2: ben (2000 in chips)
Seat 3: cat (5 in chips) is sitting out
Seat 4: dan (2000 in chips)
ben: posts small blind 15
cat: posts big blind 5 and is all-in
*** HOLE CARDS ***
dan: raises 45 to 60
ann: folds
ben: calls 45
cat: folds
*** FLOP *** [3h Ad 5d]
ben: checks
dan: bets 100
ben: folds
Uncalled bet (100) returned to dan
dan collected 110 from side pot
dan collected 15 from main pot
cat finished the tournament in 900th place
*** SUMMARY ***
Total pot 125 Main pot 15. Side pot 110. | Rake 0
Board [3h Ad 5d]
Seat 1: ann (button) folded before Flop (didn't bet)
Seat 2: ben (small blind) folded on the Flop
Seat 3: cat (big blind) folded before Flop
Seat 4: dan collected (125)
"""
)
"""A sitting-out player all-in for part of the big blind ``folds`` when its turn comes: it gives up the main pot,
and when the last opponent folds on the flop the hand ends there, with no turn or river dealt (dan takes both pots)."""


def test_all_in_fold_then_the_hand_ends_before_the_river() -> None:
    assert checked(ALL_IN_FOLD) == ("ok", OK)
