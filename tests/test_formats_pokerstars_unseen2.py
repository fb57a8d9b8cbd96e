"""PokerStars shapes found by the second hunt for hand histories the reader had never seen (issue 21, "unseen2").

Each case is a short synthetic hand written for this file in the line shapes those files use (no third-party hand
is copied) and asserts what the reader and the check SHOULD do.  The survey read 47,750 hands from 230 files
(HHSmithy's parser tests, a 2021 9-max cash data set of 40,000 hands, 2017 Zoom exports, Home Game play money,
French-client tournament files): 47,492 checked ok; each class that was the reader's fault is a case here.
"""

from __future__ import annotations

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


def refused(text: str) -> str:
    """The error of the one hand of ``text``, which the reader must refuse."""
    (hand,) = loads_each(text)
    assert isinstance(hand, BadStarsHand)
    return str(hand.error)


# --- a time-out of a player with no seat line (sitting out, so not listed): a note, as "dan: is sitting out" is ---

UNSEATED_TIMED_OUT = """PokerStars Hand #900000001:  Hold'em No Limit ($0.25/$0.50 USD) - 2021/07/30 5:45:25 ET
Table 'Test II' 9-max Seat #3 is the button
Seat 1: ann ($50 in chips)
Seat 2: ben ($50 in chips)
Seat 3: cat ($50 in chips)
{note}
dan: is sitting out
ann: posts small blind $0.25
ben: posts big blind $0.50
*** HOLE CARDS ***
cat: folds
ann: folds
Uncalled bet ($0.25) returned to ben
ben collected $0.50 from pot
ben: doesn't show hand
*** SUMMARY ***
Total pot $0.50 | Rake $0
Seat 1: ann (small blind) folded before Flop
Seat 2: ben (big blind) collected ($0.50)
Seat 3: cat (button) folded before Flop (didn't bet)
"""
"""A walk: ben's big blind of $0.50 meets ann's $0.25, $0.25 comes back and ben collects $0.50.  dan, on no seat
line, times out before the blinds (PokerStars writes it before ``dan: is sitting out``)."""


def test_time_out_of_a_player_without_a_seat_is_a_note() -> None:
    assert checked(UNSEATED_TIMED_OUT.format(note="dan has timed out")) == ("ok", OK)


def test_unknown_line_of_a_player_without_a_seat_is_still_refused() -> None:
    assert "line 6: this line is not one the reader knows: 'dan juggles'" in refused(
        UNSEATED_TIMED_OUT.format(note="dan juggles")
    )


# --- "NAME: " with nothing after the colon: an all-in player's cards turned up, hidden from this observer ---

EMPTY_SHOW = """PokerStars Hand #900000002:  Hold'em No Limit ($0.25/$0.50 USD) - 2021/07/30 5:45:25 ET
Table 'Test II' 9-max Seat #3 is the button
Seat 1: ann ($50 in chips)
Seat 2: ben ($10 in chips)
Seat 3: cat ($50 in chips)
ann: posts small blind $0.25
ben: posts big blind $0.50
*** HOLE CARDS ***
cat: folds
ann: raises $1 to $1.50
ben: calls $1
*** FLOP *** [7s 5s 4d]
ann: bets $20
ben: calls $8.50 and is all-in
Uncalled bet ($11.50) returned to ann
ben: {ben}
ann: {ann}
*** TURN *** [7s 5s 4d] [Qd]
*** RIVER *** [7s 5s 4d Qd] [8d]
*** SHOW DOWN ***
ann: shows [Ad Jc] (high card Ace)
ben: shows [Ks Kh] (a pair of Kings)
ben collected $20 from pot
*** SUMMARY ***
Total pot $20 | Rake $0
Board [7s 5s 4d Qd 8d]
Seat 1: ann (small blind) showed [Ad Jc] and lost with high card Ace
Seat 2: ben (big blind) showed [Ks Kh] and won ($20) with a pair of Kings
Seat 3: cat (button) folded before Flop (didn't bet)
"""
"""ben ($10) is all-in on the flop for $8.50 more: the pot is $1.50 + $1.50 + $8.50 + $8.50 = $20 and ann's
$11.50 comes back.  The 2021 files then write one ``NAME: `` line per player all in, with nothing after the colon
(seemingly the cards turned up before the runout, left out of a history seen by an observer).  Neither line moves
chips."""


def test_empty_line_after_a_players_name_is_a_note() -> None:
    assert checked(EMPTY_SHOW.format(ben="", ann="")) == ("ok", OK)


def test_unknown_move_after_a_players_name_is_still_refused() -> None:
    assert "line 16: 'ben' does something this reader does not know: 'ben: waves'" in refused(
        EMPTY_SHOW.format(ben="waves", ann="")
    )


# --- a capped no-limit call that reaches the cap: "calls $72 and has reached the $80 cap" ---

CAP_CALL = """PokerStars Hand #900000003:  Hold'em No Limit ($2/$4 - $80 Cap -  USD) - 2015/04/19 11:46:35 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: ann ($300 in chips)
Seat 2: ben ($300 in chips)
Seat 3: cat ($300 in chips)
ben: posts small blind $2
cat: posts big blind $4
*** HOLE CARDS ***
ann: raises $4 to $8
ben: raises $72 to $80 and has reached the $80 cap
cat: folds
ann: calls $72 and has reached the $80 cap
*** FLOP *** [Qd Qs 4h]
*** TURN *** [Qd Qs 4h] [Ts]
*** RIVER *** [Qd Qs 4h Ts] [7s]
*** SHOW DOWN ***
ben: shows [Ad Ks] (a pair of Queens)
ann: shows [2h 3c] (a pair of Queens)
ben collected $164 from pot
*** SUMMARY ***
Total pot $164 | Rake $0
Board [Qd Qs 4h Ts 7s]
Seat 1: ann (button) showed [2h 3c] and lost with a pair of Queens
Seat 2: ben (small blind) showed [Ad Ks] and won ($164) with a pair of Queens
Seat 3: cat (big blind) folded before Flop
"""
"""An $80-cap table: ann opens to $8, ben (small blind, $2 in) raises $72 over ann's $8 to the $80 cap, cat folds
his $4 big blind, ann calls $72 and is capped too.  Pot $80 + $80 + $4 = $164, ben's queens with the ace kicker win.
The raise's own ``and has reached the $80 cap`` is read today; the call's is not."""


def test_call_reaching_the_cap_is_read() -> None:
    assert checked(CAP_CALL) == ("ok", OK)
