"""The PHH conventions of the public dataset's online hands (HandHQ) and what a broken or hostile file does.

Conventions: negative ``blinds_or_straddles`` entries (a post: a new player's live big blind, RULES §3.4), dead
money in ``antes`` with ``ante_trimming_status``, ``inf`` stacks, string hand ids, shows after an uncontested win,
only a big blind posted, decimal stakes with a currency (no chip unit coarser than the cent), ``winnings`` after
rake (status ``rake``), a file cut off mid-hand (status ``incomplete``), thousands of tables in one ``.phhs``.
Faults: one bad table is one ``error`` line naming its table and field while the rest of the file replays; deep
nesting, a 5,000-digit number, ``/dev/zero``, a named pipe and a file over ``--max-size`` each give one line and
the run goes on to its summary.
"""

from __future__ import annotations

import os
import sys
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.cards import parse_cards
from pokerroom.cli import app
from pokerroom.errors import PHHError
from pokerroom.formats.phh import BadHand, chip_unit, dumps, loads, loads_each, read, read_each
from pokerroom.formats.phh_hand import from_record, to_record
from pokerroom.formats.replay import replay

runner = CliRunner()

NT = """variant = 'NT'
antes = {antes}
blinds_or_straddles = {blinds}
min_bet = {min_bet}
starting_stacks = {stacks}
actions = [{actions}]
"""


def nt(actions: str, *, blinds: str, stacks: str, antes: str | None = None, min_bet: str = "10", more: str = "") -> str:
    n = stacks.count(",") + 1
    antes = antes if antes is not None else "[" + ", ".join(["0"] * n) + "]"
    return NT.format(antes=antes, blinds=blinds, min_bet=min_bet, stacks=stacks, actions=actions) + more


DEALS5 = "'d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'd dh p5 ????'"


# -- posts (negative blind entries) -------------------------------------------------------------------------------


def test_a_negative_blind_is_a_live_post_that_does_not_change_who_opens() -> None:
    # p4 has just sat down and posts 10 to play at once: p3 still opens (left of the big blind, p2), p4's 10 is
    # live (a check at its turn), and p2 keeps the big blind's option.
    text = nt(
        f"{DEALS5}, 'p3 f', 'p4 cc', 'p5 f', 'p1 f', 'p2 cc', 'd db AsKsQs', 'p2 cc', 'p4 cbr 20', 'p2 f'",
        blinds="[5, 10, 0, -10, 0]",
        stacks="[1000, 1000, 1000, 1000, 1000]",
        more="finishing_stacks = [995, 990, 1000, 1015, 1000]\nwinnings = [0, 0, 0, 25, 0]\n",
    )
    (hand,) = loads(text)
    assert hand.blinds_or_straddles == (5, 10, 0, -10, 0)
    assert "blinds_or_straddles = [5, 10, 0, -10, 0]" in dumps(hand)  # written back as read
    r = replay(hand)
    assert r.status == "ok" and r.message == "final stacks and winnings match"
    assert r.hand is not None
    posts = [(e.seat, e.amount, e.text) for e in r.hand.events if e.type.value == "post_blind"]
    assert posts == [(0, 5, "small blind"), (1, 10, "big blind"), (3, 10, "posted big blind")]
    # the record of the replay writes the post the same way, and replays to the same stacks
    again = from_record(to_record(hand))
    assert again.blinds_or_straddles == (5, 10, 0, -10, 0) and "_big_blind_seat" not in again.extra
    assert replay(again).computed == [995, 990, 1000, 1015, 1000]


def test_a_post_is_out_of_turn_when_it_acts_before_the_opener() -> None:
    text = nt(f"{DEALS5}, 'p4 cc'", blinds="[5, 10, 0, -10, 0]", stacks="[100, 100, 100, 100, 100]")
    r = replay(loads(text)[0])
    assert r.status == "error" and r.message.startswith("action 5 'p4 cc'") and "p3's turn" in r.message


def test_only_a_big_blind_posted() -> None:
    text = nt(
        "'d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 f'",
        blinds="[0, 10, 0]",
        stacks="[100, 100, 100]",
        more="winnings = [0, 10, 0]\n",
    )
    r = replay(loads(text)[0])
    assert r.status == "ok" and r.computed == [100, 100, 100]
    assert r.hand is not None and [e.text for e in r.hand.events if e.type.value == "post_blind"] == ["big blind"]


# -- antes as dead money, inf stacks, string ids, shows after a fold ----------------------------------------------


def test_dead_antes_without_trimming_and_a_string_hand_id() -> None:
    # p3 posts a dead small blind as an 'ante' (ante_trimming_status false: dead money in the main pot)
    text = nt(
        "'d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 30', 'p1 f', 'p2 f'",
        blinds="[5, 10, 0]",
        antes="[0, 0, 5]",
        stacks="[100, 100, 100]",
        more="ante_trimming_status = false\nhand = 'HH-2009-07-01-0001'\nwinnings = [0, 0, 30]\n",
    )
    (hand,) = loads(text)
    assert hand.extra["hand"] == "HH-2009-07-01-0001"
    r = replay(hand)
    # p3 pays 5 dead and raises to 30; 20 uncalled comes back; p3 takes 5 + 10 + 5 (dead) + 10 (its matched part)
    assert r.status == "ok" and r.computed == [95, 90, 115]
    record = to_record(hand)
    assert record.setup.number is None  # a string id is not a hand number


def test_inf_stacks_are_checked_by_their_winnings() -> None:
    text = nt(
        "'d dh p1 ????', 'd dh p2 ????', 'p2 cbr 30', 'p1 f'",
        blinds="[5, 10]",
        stacks="[inf, inf]",
        more="winnings = [0, 20]\n",
    )
    r = replay(loads(text)[0])
    assert r.status == "ok" and r.message == "winnings match"
    wrong = text.replace("winnings = [0, 20]", "winnings = [0, 25]")
    r = replay(loads(wrong)[0])
    # above the pot share (20), so measured against it with the uncalled 20 back (sites that count it): 40
    assert r.status == "mismatch" and r.message == "winnings (expected vs computed): p2 25 vs 40"


def test_shows_after_an_uncontested_win_are_read_and_ignored() -> None:
    text = nt(
        "'d dh p1 AsKs', 'd dh p2 QhQd', 'd dh p3 7c2d', 'p3 f', 'p1 cbr 30', 'p2 f', 'p1 sm AsKs'",
        blinds="[5, 10, 0]",
        stacks="[100, 100, 100]",
        more="finishing_stacks = [110, 90, 100]\n",
    )
    r = replay(loads(text)[0])
    assert r.status == "ok" and r.computed == [110, 90, 100]


# -- chip units and the chop to the cent ----------------------------------------------------------------------------


def test_a_chop_at_whole_dollar_stakes_splits_to_the_cent() -> None:
    # Every amount a multiple of $5: p3 raises to 310, p1 folds its small blind, p2 calls; the pot of 625 is
    # chopped on the board: 312.50 each (in units of $5 it would be 315/310).
    text = nt(
        "'d dh p1 ????', 'd dh p2 AhKd', 'd dh p3 AcKh', 'p3 cbr 310', 'p1 f', 'p2 cc', 'd db 2c7d9h', "
        "'p2 cc', 'p3 cc', 'd db Js', 'p2 cc', 'p3 cc', 'd db Qs', 'p2 cc', 'p3 cc', 'p2 sm AhKd', 'p3 sm AcKh'",
        blinds="[5, 10, 0]",
        stacks="[500, 500, 500]",
        more="currency = 'USD'\nfinishing_stacks = [495, 502.50, 502.50]\n",
    )
    (hand,) = loads(text)
    assert chip_unit(hand) == Decimal("0.01")
    r = replay(hand)
    assert r.status == "ok" and r.computed == [495, Decimal("502.50"), Decimal("502.50")]
    # without a currency the hand counts in whole chips: 625 splits 313/312, the odd chip to p2, the first
    # winner left of the button (RULES §3.2); never in units of 5
    bare = loads(text.replace("currency = 'USD'\n", "").replace("[495, 502.50, 502.50]", "[495, 503, 502]"))[0]
    assert chip_unit(bare) == 1 and replay(bare).status == "ok"
    # --unit still overrides: in units of 5 the split is 315/310
    assert replay(hand, unit=Decimal(5)).computed == [495, 505, 500]


# -- rake and cut-off files -------------------------------------------------------------------------------------------


def test_rake_implied_by_winnings_and_finishing_stacks() -> None:
    text = nt(
        "'d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cc', 'p1 cc', 'p2 cc', 'd db 2c7d9h', 'p1 cbr 10', "
        "'p2 f', 'p3 f'",
        blinds="[5, 10, 0]",
        stacks="[100, 100, 100]",
        more="finishing_stacks = [118.50, 90, 90]\nwinnings = [28.50, 0, 0]\n",
    )
    r = replay(loads(text)[0])
    assert r.status == "rake"
    assert r.message == "a rake of 1.5 is implied (final stacks and winnings: p1 30 -> 28.5)"
    # the two fields disagreeing about the missing chips is a mismatch, not a rake
    odd = text.replace("[118.50, 90, 90]", "[118, 90, 90]")
    assert replay(loads(odd)[0]).status == "mismatch"
    # chips missing from a player who won nothing are not a rake
    lost = text.replace("finishing_stacks = [118.50, 90, 90]\n", "").replace("[28.50, 0, 0]", "[30, 0, -0]")
    assert replay(loads(lost.replace("[30, 0, -0]", "[30, 0, 0]"))[0]).status == "ok"


def test_a_file_cut_off_after_the_river_is_incomplete() -> None:
    text = nt(
        "'d dh p1 ????', 'd dh p2 ????', 'p2 cc', 'p1 cc', 'd db 2c7d9h', 'p1 cc', 'p2 cc', 'd db Js', "
        "'p1 cc', 'p2 cc', 'd db Qs'",
        blinds="[5, 10]",
        stacks="[100, 100]",
        more="finishing_stacks = [90, 110]\n",
    )
    r = replay(loads(text)[0])
    assert r.status == "incomplete" and r.computed is None
    assert r.message.endswith("the hand stops in its betting on the river, p1 to act")
    assert r.hand is not None and len(r.hand.board) == 5 and r.hand.stacks == [90, 90]


# -- one bad table, the rest of the file ------------------------------------------------------------------------------


def _tables(bodies: list[str]) -> str:
    return "\n".join(f"[{i + 1}]\n{body}" for i, body in enumerate(bodies))


GOOD = nt("'d dh p1 ????', 'd dh p2 ????', 'p2 f'", blinds="[5, 10]", stacks="[100, 100]")  # heads-up: p2 posts 5


def test_one_bad_table_does_not_hide_the_others(tmp_path: Path) -> None:
    bad_field = GOOD.replace("starting_stacks = [100, 100]", "starting_stacks = [100, 'x']")
    bad_toml = GOOD.replace("starting_stacks = [100, 100]", "starting_stacks = [100, 100")
    bad_action = GOOD.replace("'p2 f'", "'p7 f'")
    path = tmp_path / "mixed.phhs"
    path.write_text(_tables([GOOD, bad_field, GOOD, bad_toml, bad_action, GOOD]))
    items = list(read_each(path))
    assert [type(i).__name__ for i in items] == ["PHHHand", "BadHand", "PHHHand", "BadHand", "BadHand", "PHHHand"]
    bad = [i for i in items if isinstance(i, BadHand)]
    assert [(b.index, b.label) for b in bad] == [(1, "2"), (3, "4"), (4, "5")]
    assert "field 'starting_stacks', entry for p2: 'x' is not a number" in str(bad[0].error)
    assert "not valid TOML: Unclosed array (at line 31, column 1)" in str(bad[1].error)  # the file's line
    assert "there is no player p7" in str(bad[2].error)
    with pytest.raises(PHHError, match=r"table \[2\]"):
        read(path)  # the strict reader stops at the first bad one
    result = runner.invoke(app, ["replay", str(path)])
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines[:6]] == ["unchecked", "error", "unchecked", "error", "error", "unchecked"]
    assert "#1 [2]  field 'starting_stacks', entry for p2: 'x' is not a number" in lines[1]
    assert "6 hands in" in lines[6] and "0 ok, 0 mismatch, 3 error, 3 unchecked" in lines[6]
    assert result.exit_code == 1


def test_a_table_name_used_twice() -> None:
    items = list(loads_each(f"[1]\n{GOOD}\n[1]\n{GOOD}", path="x.phhs"))
    assert isinstance(items[0], type(loads(GOOD)[0])) and isinstance(items[1], BadHand)
    assert "table name [1] (line 9) is used twice" in str(items[1].error)


def test_thousands_of_tables_in_one_file(tmp_path: Path) -> None:
    path = tmp_path / "big.phhs"
    path.write_text(_tables([f"{GOOD}hand = {i}\n" for i in range(3000)]))
    hands = read(path)
    assert len(hands) == 3000 and hands[-1].label == "3000" and hands[-1].extra["hand"] == 2999
    assert {replay(h).status for h in hands[:50]} == {"unchecked"}


def test_byte_order_mark_and_crlf() -> None:
    (hand,) = loads("\ufeff" + _tables([GOOD]).replace("\n", "\r\n"))
    assert hand.label == "1" and hand.starting_stacks == (100, 100)


# -- hostile files --------------------------------------------------------------------------------------------------


def hostile_files(folder: Path) -> dict[str, Path]:
    deep = folder / "deep.phh"
    deep.write_text("x = " + "[" * 100_000 + "]" * 100_000 + "\n")
    digits = folder / "digits.phhs"
    digits.write_text(_tables([GOOD.replace("[100, 100]", "[1" + "0" * 5000 + ", 100]"), GOOD]))
    huge = folder / "huge.phh"
    with open(huge, "wb") as f:
        f.truncate(3 * 1024 * 1024)  # sparse: 3 MiB of zero bytes
    files = {"deep": deep, "digits": digits, "huge": huge}
    if hasattr(os, "mkfifo"):
        pipe = folder / "pipe.phh"
        os.mkfifo(pipe)
        files["pipe"] = pipe
    return files


def test_hostile_files_each_give_one_line_and_the_run_goes_on(tmp_path: Path) -> None:
    files = hostile_files(tmp_path)
    good = tmp_path / "good.phh"
    good.write_text(GOOD)
    paths = [*files.values(), Path("/dev/zero"), good]
    result = runner.invoke(app, ["replay", "--max-size", "2", *map(str, paths)])
    lines = result.stdout.splitlines()
    by_file = {line.split()[1]: line for line in lines[:-1]}
    assert "nested too deeply" in by_file[str(files["deep"])]
    assert "Exceeds the limit" in by_file[str(files["digits"])] or "digit" in by_file[str(files["digits"])]
    assert "huge.phh is 3.0 MiB, over --max-size 2 MiB" in by_file[str(files["huge"])]
    assert "not a regular file" in by_file["/dev/zero"]
    if "pipe" in files:
        assert "not a regular file" in by_file[str(files["pipe"])]
    assert by_file[str(good)].startswith("unchecked")
    # the 5,000-digit stack spoils its own table only; the other table of that file replays
    assert sum(1 for line in lines if str(files["digits"]) in line) == 2
    assert lines[-1].startswith(f"{len(lines) - 1} hands in") and result.exit_code == 1


def test_a_huge_amount_or_too_fine_a_fraction_is_refused() -> None:
    for huge in ("1e30", "1e3010000"):  # past Decimal's own exponent limit too
        items = list(loads_each(_tables([GOOD.replace("[100, 100]", f"[{huge}, 100]")]), path="x.phhs"))
        assert isinstance(items[0], BadHand) and "larger than any stake" in str(items[0].error), huge
    items = list(loads_each(_tables([GOOD.replace("[5, 10]", "[5, -1e3010000]")]), path="x.phhs"))  # a post
    assert isinstance(items[0], BadHand) and "larger than any stake" in str(items[0].error)
    items = list(loads_each(_tables([GOOD.replace("'p2 f'", "'p2 cbr 0.0000000000001'")]), path="x.phhs"))
    assert isinstance(items[0], BadHand) and "more than 12 decimal places" in str(items[0].error)
    assert sys.getrecursionlimit() > 0  # the deep-nesting read above left the interpreter usable


def test_a_raked_chop_is_a_rake_whatever_its_share_of_a_small_pot() -> None:
    # a pot of 10 chopped by p1 and p3 (5 each); the file's stacks say 2 of it went to the house: 4 each
    text = nt(
        "'d dh p1 AhKd', 'd dh p2 3c4d', 'd dh p3 AcKh', 'p3 cc', 'p1 cc', 'p2 cc', 'd db 2c7d9h', 'p1 cc', "
        "'p2 cc', 'p3 cbr 2', 'p1 cc', 'p2 f', 'd db Js', 'p1 cc', 'p3 cc', 'd db Qs', 'p1 cc', 'p3 cc', "
        "'p1 sm AhKd', 'p3 sm AcKh'",
        blinds="[1, 2, 0]",
        stacks="[100, 100, 100]",
        min_bet="2",
        more="finishing_stacks = [100, 98, 100]\n",
    )
    r = replay(loads(text)[0])
    assert r.status == "rake" and r.computed == [101, 98, 101]
    assert r.message == "a rake of 2 is implied (final stacks: p1 5 -> 4, p3 5 -> 4)"


def test_shows_of_unknown_cards_on_every_street_then_the_real_cards() -> None:
    # an all-in run-out as some sites write it: 'sm ????' each street, the cards at the end; p1 mucks unknown
    text = nt(
        "'d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 100', 'p1 cc', 'p2 f', 'p1 sm ????', "
        "'p3 sm ????', 'd db 2c7d9h', 'p1 sm ????', 'p3 sm ????', 'd db Js', 'd db Qs', 'p3 sm AsAd', "
        "'p1 sm ????'",
        blinds="[1, 2, 0]",
        stacks="[100, 100, 100]",
        min_bet="2",
        more="winnings = [0, 0, 202]\nfinishing_stacks = [0, 98, 202]\n",
    )
    r = replay(loads(text)[0])
    assert r.status == "ok" and r.computed == [0, 98, 202]
    assert r.hand is not None and r.hand.mucked == [0]
    assert r.hand.hole[2] == list(parse_cards("AsAd"))  # dealt '????', known from the show at the end
    # the same when the file says the unknown player won: the cards are needed, nothing can be checked
    won = text.replace("winnings = [0, 0, 202]", "winnings = [202, 0, 0]").replace("[0, 98, 202]", "[202, 98, 0]")
    r = replay(loads(won)[0])
    assert (
        r.status == "unchecked" and "p1's cards are unknown at the showdown, and the record says they won" in r.message
    )


def test_inf_stacks_stay_inf_in_the_computed_stacks() -> None:
    text = nt("'d dh p1 ????', 'd dh p2 ????', 'p2 f'", blinds="[5, 10]", stacks="[inf, 100]")
    r = replay(loads(text)[0])
    assert r.computed is not None and r.computed[0].is_infinite() and r.computed[1] == 95
    assert r.to_json()["computed"] == ["inf", 95]


def test_keys_before_the_tables_are_a_file_error_not_a_silent_loss() -> None:
    with pytest.raises(PHHError, match=r"keys at the top level and hand tables \(\[1\], \[2\]\)"):
        list(loads_each(f"{GOOD}\n{_tables([GOOD, GOOD])}", path="x.phhs"))


def test_an_implied_rake_is_never_more_than_the_winner_took_and_a_lone_post_is_live() -> None:
    text = nt(
        "'d dh p1 AhKd', 'd dh p2 3c4d', 'p2 cc', 'p1 cc', 'd db 2c7d9h', 'p1 cc', 'p2 cc', 'd db Js', 'p1 cc', "
        "'p2 cc', 'd db Qs', 'p1 cc', 'p2 cc', 'p1 sm AhKd', 'p2 sm 3c4d'",
        blinds="[1, 2]",
        stacks="[200, 200]",
        min_bet="2",
        more="finishing_stacks = [0, 198]\n",
    )
    r = replay(loads(text)[0])
    assert r.status == "mismatch" and r.computed == [202, 198]  # 202 missing from a winner who took 4: no rake
    post = nt("'d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 f'", blinds="[0, -2, 0]", stacks="[9, 9, 9]")
    r = replay(loads(post)[0])
    assert r.status == "unchecked" and r.hand is not None and r.hand.is_complete  # p2's 2 live: p3 opens


def test_a_post_of_both_blinds_is_the_big_one_live_and_the_small_one_dead() -> None:
    # 5/10, p4 returns and posts 15: 10 live (a check at its turn), 5 dead in the pot; p3 opens, p2 keeps the option
    text = nt(
        f"{DEALS5}, 'p3 f', 'p4 cc', 'p5 f', 'p1 f', 'p2 cc', 'd db AsKsQs', 'p2 cbr 10', 'p4 f'",
        blinds="[5, 10, 0, -15, 0]",
        stacks="[1000, 1000, 1000, 1000, 1000]",
        more="finishing_stacks = [995, 1020, 1000, 985, 1000]\n",
    )
    r = replay(loads(text)[0])
    assert r.status == "ok" and r.computed == [995, 1020, 1000, 985, 1000]
    assert r.hand is not None and r.hand.dead_posted == [0, 0, 0, 5, 0] and r.hand.won == [0, 30, 0, 0, 0]
    posts = [(e.seat, e.amount, e.text) for e in r.hand.events if e.type.value in ("post_blind", "post_dead")]
    assert posts == [(0, 5, "small blind"), (1, 10, "big blind"), (3, 10, "posted big blind"), (3, 5, "dead")]
