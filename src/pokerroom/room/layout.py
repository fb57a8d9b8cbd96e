"""Who is dealt in, where the button or dealer box is and who posts what before a hand (RULES §3.4, §3.5,
§3.11; TRAPS T07; the club games G1-G3).

The table's seats are numbered clockwise ``0..size-1``.  :func:`plan_hand` takes the seats that want to play and
the previous hand's positions and returns a :class:`Layout`: the seats dealt in, the button (or box), the
blinds, every live post and every piece of dead money, and the missed blinds to record for players who sat out.
It is pure: the table applies the layout.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

__all__ = ["Candidate", "Dealer", "Layout", "NewPlayerRule", "plan_hand"]


class Dealer(StrEnum):
    """How the deal position moves between hands (RULES §3.11)."""

    MOVING_BUTTON = "moving_button"
    """Seed 004: the button moves to the next player after every hand (settled decision 20)."""
    DEAD_BUTTON = "dead_button"
    """RRoP/TDA: the big blind moves one seat; the button may stay on an empty seat."""
    ROTATING = "rotating"
    """The club's deal: one seat clockwise each hand; no blinds (club lowball, the A-6 table)."""
    BOX = "box"
    """The stud games' dealer box: it does not move; the deal starts left of it (RULES §3.11)."""


class NewPlayerRule(StrEnum):
    """What a player joining a running blind game owes (RULES §3.4, G2)."""

    POST_OR_WAIT = "post_or_wait"
    """Seed 004: post a big blind (live) from an allowed seat, or wait for the big blind."""
    FEE = "fee"
    """The club's hold'em: a fee equal to the first blind, dead money in the first hand played (A-G2-7)."""
    NONE = "none"
    """Nothing (ante games)."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """A seat that wants to be dealt in: ``owes_big`` / ``owes_small`` when it missed those blinds, ``new``
    when it joined a running game and has not played, ``post`` when it asked to post rather than wait."""

    seat: int
    new: bool = False
    owes_big: bool = False
    owes_small: bool = False
    post: bool = True


@dataclass(frozen=True, slots=True)
class Layout:
    """One hand's positions.  ``dealt``: table seats dealt in, ascending; ``button``: the button's seat (it may
    be empty under the dead-button rule) or the seat the box sits before; ``small_blind`` / ``big_blind``: the
    seats in those positions (``None`` when none is posted); ``posts``: live blinds by seat (posted big blinds
    included); ``dead``: dead money by seat; ``waiting``: seats not dealt in that wait for the big blind;
    ``missed``: seats sitting out that the blinds passed, with ``"big"`` or ``"small"``; ``cleared``: seats whose
    owed blinds are settled by this hand."""

    dealt: tuple[int, ...]
    button: int
    small_blind: int | None = None
    big_blind: int | None = None
    posts: dict[int, int] = field(default_factory=dict)
    dead: dict[int, int] = field(default_factory=dict)
    waiting: tuple[int, ...] = ()
    missed: dict[int, str] = field(default_factory=dict)
    cleared: tuple[int, ...] = ()

    def engine_button(self) -> int:
        """The button as an index into ``dealt``: the last seat dealt in at or counterclockwise from
        ``button``, so the engine's "left of the button" is the first seat dealt in after it."""
        before = [i for i, s in enumerate(self.dealt) if s <= self.button]
        return before[-1] if before else len(self.dealt) - 1


def _after(ring: Sequence[int], seat: int, size: int) -> int:
    """The first seat of ``ring`` strictly clockwise after ``seat``."""
    return min(ring, key=lambda s: (s - seat - 1) % size)


def _inside(seat: int, a: int, b: int, size: int) -> bool:
    """Whether ``seat`` lies strictly between ``a`` and ``b`` going clockwise."""
    return 0 < (seat - a) % size < (b - a) % size


def _between(a: int, b: int, size: int) -> list[int]:
    """The seats strictly between ``a`` and ``b`` going clockwise."""
    return [(a + k) % size for k in range(1, (b - a) % size)]


def plan_hand(
    candidates: Sequence[Candidate],
    *,
    size: int,
    dealer: Dealer,
    previous_button: int | None,
    previous_big_blind: int | None = None,
    previous_small_blind: int | None = None,
    blinds: tuple[int, int] = (0, 0),
    new_player_rule: NewPlayerRule = NewPlayerRule.NONE,
    sitting_out: Sequence[int] = (),
    hu_button_posts_sb: bool = True,
) -> Layout | None:
    """The positions of the next hand, or ``None`` when fewer than two players can be dealt in.

    ``candidates`` are the seats that want to play (seated, not sitting out, with enough chips);
    ``sitting_out`` the seated players who do not, for the missed-blind record.  ``previous_*`` are the last
    hand's positions (``None`` before the first hand: the button then goes to the first candidate, or stays on
    ``previous_button`` itself for the box).  ``blinds`` are (small, big) in chips.

    Blind games always lay out clockwise button -> small blind -> big blind -> the others (RULES §3.11).  With
    the moving button the button and the small blind go to square players (not owing blinds), the big blind to
    the next player after the small blind, never past the button: when nobody sits between the small blind and
    the button the two play heads-up and players owing blinds wait.  Heads-up, the button posts the small blind
    and last hand's big blind never posts it again (settled decision 14); coming back from heads-up last hand's
    big blind gets the button or the small blind, so nobody posts the big blind twice in a row either way.  With
    the dead button the button stays before the small blind's position, never on the big blind.
    """
    by_seat = {c.seat: c for c in candidates}
    ring = sorted(by_seat)
    if len(ring) < 2:
        return None
    if dealer is Dealer.BOX:
        box = 0 if previous_button is None else previous_button
        return Layout(dealt=tuple(ring), button=box)
    if dealer is Dealer.ROTATING:
        start = ring[-1] if previous_button is None else previous_button
        return Layout(dealt=tuple(ring), button=_after(ring, start, size))
    small, big = blinds
    post_or_wait = new_player_rule is NewPlayerRule.POST_OR_WAIT
    owing = {
        s for s in ring if post_or_wait and (by_seat[s].new or by_seat[s].owes_big or by_seat[s].owes_small)
    }
    cleared: list[int] = []
    if len(owing) == len(ring) or (len(ring) > 2 and len(ring) - len(owing) < 2):
        # Blinds are owed to a game in progress (RULES §3.4, §3.5).  When fewer than two players seated are square
        # (everyone who played has left, or one is left waiting for company), there is no game in progress: a new
        # one starts and nobody owes anything.  (Two players, one of them owing: heads-up, where the owing player
        # takes the big blind in position and so owes nothing either.)
        cleared = sorted(owing)
        owing = set()

    def owes(seat: int) -> bool:
        return seat in owing

    settled = [s for s in ring if not owes(s)]
    sb_pos: int | None  # the small blind's position, also when nobody posts there (dead button)
    if dealer is Dealer.DEAD_BUTTON and previous_big_blind is not None:
        # RULES §3.11 dead_button: the big blind moves one player; the small blind is last hand's big blind (not
        # posted when that player is gone); the button is last hand's small-blind position, even if empty.
        bb = _after(ring, previous_big_blind, size)
        sb: int | None = previous_big_blind if previous_big_blind in by_seat else None
        sb_pos = previous_big_blind
        if previous_small_blind is not None:
            button = previous_small_blind
        else:
            button = previous_button if previous_button is not None else previous_big_blind
        if not _inside(button, bb, sb_pos, size):
            # The button must sit clockwise before the small blind's position and after the big blind.  Coming
            # back from heads-up, last hand's small blind was the button and may now be the big blind: the
            # button goes to the last player before the small blind's position (else the seat just before it).
            before = [s for s in ring if _inside(s, bb, sb_pos, size)]
            if before:
                button = max(before, key=lambda s: (s - bb) % size)
            else:
                button = (sb_pos - 1) % size
    else:
        start = settled[-1] if previous_button is None else previous_button
        button = _after(settled, start, size)
        sb = _after(settled, button, size) if len(settled) >= 2 else None
        bb = _after(ring, sb if sb is not None else button, size)
        if cleared and len(ring) > 2 and bb == previous_big_blind:
            # A new game among players who all sat down since (one may be left from the last game): the button
            # moves one more seat so that last hand's big blind does not post it again (RULES §3.11).
            assert sb is not None
            button, sb = sb, bb
            bb = _after(ring, bb, size)
        sb_pos = sb
        if bb == button:
            # Nobody sits between the small blind and the button (two square players; newcomers or owing players
            # only between the button and the small blind, where they wait): the two play heads-up, and the
            # heads-up rule below places the button.  The big blind never wraps past the button.
            assert sb is not None
            bb = sb
    # Owing players: the big blind in position settles everything; elsewhere they post or wait (A-3.4-1: not in
    # the small blind's seat or on the button, nor between them).
    dealt: list[int] = []
    posts: dict[int, int] = {}
    dead: dict[int, int] = {}
    waiting: list[int] = []
    blocked = {button} if sb_pos is None else {button, sb_pos, *_between(button, sb_pos, size)}
    for seat in ring:
        if seat == bb or not owes(seat):
            dealt.append(seat)
            if seat == bb and owes(seat):
                cleared.append(seat)
            continue
        c = by_seat[seat]
        if not c.post or seat in blocked:
            waiting.append(seat)
            continue
        dealt.append(seat)
        cleared.append(seat)
        if c.new or c.owes_big:
            posts[seat] = big
            if c.owes_small:
                dead[seat] = small
        else:  # missed only the small blind: it is posted dead (TRAPS T07 a, A-3.5-1)
            dead[seat] = small
    if len(dealt) < 2:
        return None
    heads_up = len(dealt) == 2
    if heads_up:
        # RULES §3.11: no player posts the big blind twice in a row; the button posts the small blind.
        other = dealt[0] if dealt[1] == bb else dealt[1]
        if bb == previous_big_blind:
            bb, other = other, bb
        posts = {s: a for s, a in posts.items() if s != bb and s != other}
        dead = {s: a for s, a in dead.items() if s != bb and s != other}
        if hu_button_posts_sb:
            button, sb = other, other
        else:  # the club's literal layout (A-G2-5): the dealer posts the big blind
            button, sb = bb, other
    if sb is not None and sb in dealt and small:
        posts[sb] = posts.get(sb, 0) + small
    posts[bb] = big
    missed: dict[int, str] = {}
    if post_or_wait and not heads_up:
        for seat in [*sitting_out, *(s for s in waiting if not by_seat[s].new)]:
            if sb_pos is not None and (seat == sb_pos or seat in _between(button, sb_pos, size)):
                missed[seat] = "small"
            elif seat in _between(sb_pos if sb_pos is not None else button, bb, size):
                missed[seat] = "big"
    return Layout(
        dealt=tuple(dealt),
        button=button,
        small_blind=sb if sb in dealt else None,
        big_blind=bb,
        posts=posts,
        dead=dead,
        waiting=tuple(waiting),
        missed=missed,
        cleared=tuple(cleared),
    )
