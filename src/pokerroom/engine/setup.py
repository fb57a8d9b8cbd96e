"""Setting a hand up: the forced-bet layout of a table and the forced bets posted before the first card (RULES
§3.4-§3.6, §3.9, §3.11, G4, G8, G9, G13, G14; settled decisions 14 and 21; TRAPS T24).

* :func:`deal`: a game's hand at a table: the blinds laid out from the button (or as the room posts them), the
  antes, the bring-in, the betting structure, the card source; what ``game.deal(...)`` does;
* :func:`post_forced_bets`: antes, then the live blinds, then dead money, as a new :class:`~pokerroom.engine.Hand`
  posts them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pokerroom.engine.dealing import CardSource, DeckSource
from pokerroom.engine.events import Event, EventType
from pokerroom.engine.order import clockwise
from pokerroom.engine.pots import RakeRule
from pokerroom.errors import UnsupportedRule
from pokerroom.games.structures import Betting, Limit

if TYPE_CHECKING:
    from pokerroom.engine.hand import Hand
    from pokerroom.games.base import Game

__all__ = ["blind_order", "deal", "deal_in_order", "post_forced_bets"]


def blind_order(game: Game, button: int, n: int) -> list[int]:
    """The ``n`` seats in the order the blinds are laid out and posted, the small blind first: clockwise from the
    button's left; heads-up the button first where the button posts the small blind (RULES §3.11, settled
    decision 14), else the player left of the button, the button then posting the big blind (the club's literal
    layout, A-G2-5).  The one place both the layout and the blinds' names come from."""
    if n == 2 and game.house.hu_button_posts_sb:
        return [button, (button + 1) % n]
    return clockwise(button + 1, n)


def deal(
    game: Game,
    *,
    stacks: Sequence[int],
    button: int = 0,
    blinds: Sequence[int] | None = None,
    ante: int | None = None,
    big_blind_ante: int = 0,
    straddle: int = 0,
    bring_in: int = 0,
    limit: Limit | str | None = None,
    betting: Betting | None = None,
    seed: int | None = None,
    cards: CardSource | None = None,
    auto_showdown: bool = True,
    carried_in: int = 0,
    last_hand: bool = False,
    posts: Sequence[int] | None = None,
    dead: Sequence[int] | None = None,
    big_blind_seat: int | None = None,
    rake: RakeRule | None = None,
) -> Hand:
    """Start a hand of ``game`` at a table of ``len(stacks)`` seats with the button (or dealer box) at ``button``.

    Blind games: ``blinds`` are (small, big), by default the game's own or 1/2; with three or more players the
    small blind is left of the button, then the big blind, then the ``straddle`` (if any); heads-up the button
    posts the small blind (RULES §3.11, settled decision 14) unless the game keeps the literal layout.
    Stud games post no blinds: ``bring_in`` (default: twice the ante, or half the small bet without one)
    and the ``ante``.  ``ante`` is taken from everyone (counted in the side-pot levels, TRAPS T24 b),
    ``big_blind_ante`` from the big blind only (then every ante is dead money in the main pot).
    ``betting`` overrides the structure built from ``limit`` and the big blind (stud: the small bet).
    Cards come from ``cards``, else a deck shuffled with ``seed`` (``secrets``-grade with no seed).
    ``carried_in`` chips left in the pot by the previous hand start this pot (the club games); on the
    ``last_hand`` of the evening odd chips are paid out instead of carried (A-G1-7).
    The room lays out the blinds itself when players join, leave or owe blinds (RULES §3.4-§3.5, §3.11):
    ``posts`` gives each seat's live blind (replacing the layout from ``button``; ``blinds`` still sets the
    betting level), ``dead`` each seat's dead money, ``big_blind_seat`` the big blind in position; ``rake``
    is the house's cut (see :class:`~pokerroom.engine.Hand`).  Amounts are chips.

    Raises :class:`~pokerroom.errors.UnsupportedRule` for a table size the game does not seat, ``posts`` of the
    wrong length or a limit the game is not offered at, and :class:`~pokerroom.errors.IllegalAction` for an
    impossible set-up (see :class:`~pokerroom.engine.Hand`).
    """
    return deal_in_order(
        game, stacks, button, blinds, ante, big_blind_ante, straddle, bring_in, limit, betting, seed, cards,
        auto_showdown, carried_in, last_hand, posts, dead, big_blind_seat, rake,
    )  # fmt: skip


def deal_in_order(
    game: Game,
    stacks: Sequence[int],
    button: int,
    blinds: Sequence[int] | None,
    ante: int | None,
    big_blind_ante: int,
    straddle: int,
    bring_in: int,
    limit: Limit | str | None,
    betting: Betting | None,
    seed: int | None,
    cards: CardSource | None,
    auto_showdown: bool,
    carried_in: int,
    last_hand: bool,
    posts: Sequence[int] | None,
    dead: Sequence[int] | None,
    big_blind_seat: int | None,
    rake: RakeRule | None,
) -> Hand:
    """:func:`deal` with every argument given in its order (``Game.deal`` passes its keywords on this way: a call
    with eighteen keywords costs several times one with eighteen positions)."""
    house = game.house
    stud = game.stud
    if blinds is None:
        blinds = house.blinds if house.blinds or house.ante or stud is not None else (1, 2)
    if ante is None:
        ante = house.ante
    n = len(stacks)
    if not game.min_players <= n <= game.max_players:
        raise UnsupportedRule(f"{game.id} seats {game.min_players} to {game.max_players} players, not {n}")
    layout = [0] * n
    order = blind_order(game, button, n)
    if posts is not None:
        if len(posts) != n:
            raise UnsupportedRule(f"posts need one amount per seat ({n}), got {len(posts)}")
        layout = list(posts)
    elif stud is None:
        for seat, amount in zip(order, [*blinds, straddle] if straddle else blinds, strict=False):
            layout[seat] = amount
    antes = [ante] * n
    if big_blind_ante:
        antes[order[1]] += big_blind_ante
    big = max(blinds) if blinds else 0
    asked_bring_in = bring_in
    if stud is not None and not bring_in and ante and stud.bring_in_antes >= 0:
        bring_in = stud.bring_in_antes * ante  # RULES G8, G9, G13, G14: usually twice the ante
    if betting is None:
        small, large = house.fixed_bets
        lim = game.default_limit if limit is None else Limit.parse(limit) if isinstance(limit, str) else limit
        if stud is not None and lim is not Limit.FIXED and bring_in:
            big = bring_in  # stud at pot and no limit: the smallest bet is the bring-in (RULES §3.9)
        betting = game.betting(limit, big_blind=small or big or 1, big_bet=large or None)
    if stud is not None and not bring_in:
        bring_in = max(1, betting.size(0) // 2) if betting.fixed else max(1, betting.min_bet // 2)
    if stud is not None and betting.fixed and asked_bring_in > betting.size(0):
        raise UnsupportedRule(  # equal is allowed: at the smallest stakes the bring-in is the small bet
            f"at fixed limit the bring-in ({asked_bring_in}) is at most the small bet ({betting.size(0)}): the player "
            "who brings in may complete to the small bet instead (RULES G4, G9)"
        )
    source = cards if cards is not None else DeckSource.shuffled(game.deck, seed=seed)
    return (_HAND or _hand_class())(
        game,
        stacks=stacks,
        button=button,
        blinds=layout,
        antes=antes,
        bring_in=bring_in if stud is not None else 0,
        betting=betting,
        cards=source,
        ante_trimming=not big_blind_ante,  # a big-blind ante is dead money, never an uncalled bet
        auto_showdown=auto_showdown,
        carried_in=carried_in,
        last_hand=last_hand,
        dead=dead,
        big_blind_seat=big_blind_seat,
        rake=rake,
    )


_HAND: type[Hand] | None = None
""":class:`~pokerroom.engine.hand.Hand`, once imported (it imports this module: not at the top; an import statement
in :func:`deal_in_order` would cost a tenth of the deal)."""


def _hand_class() -> type[Hand]:
    global _HAND
    from pokerroom.engine.hand import Hand

    _HAND = Hand
    return Hand


def post_forced_bets(hand: Hand, dead: Sequence[int] | None) -> None:
    """Post a new hand's forced bets, each as an event: antes, then the live blinds (posted big blinds
    included), then ``dead`` money (one entry per seat, chips; ``None``: none).  A short stack's chips go live
    first: a returning player all-in for less than what they owe can still win from each opponent what they put
    in (RULES §3.6), and only what is left over is dead (§3.5).  Antes count in the side-pot levels unless the hand
    has ``ante_trimming`` off (dead money in the main pot, TRAPS T24)."""
    ev = hand.events.append
    stacks = hand.stacks
    if any(hand.antes):
        for seat in clockwise(hand.button + 1, hand.n):
            want = hand.antes[seat]
            if want:
                paid = min(want, stacks[seat])
                stacks[seat] -= paid
                if hand.ante_trimming:
                    hand.contributions[seat] += paid
                else:
                    hand.dead += paid
                ev(Event(EventType.POST_ANTE, seat, paid, all_in=stacks[seat] == 0))
    _post_blinds(hand)
    if dead is not None and any(dead):
        for seat in clockwise(hand.button + 1, hand.n):
            paid = min(dead[seat], stacks[seat])
            if paid:
                stacks[seat] -= paid
                hand.dead += paid
                hand.dead_posted[seat] += paid
                ev(Event(EventType.POST_DEAD, seat, paid, text="dead", all_in=stacks[seat] == 0))


def _post_blinds(hand: Hand) -> None:
    """The live blinds in :func:`blind_order` (the small blind first), each named: small blind, big blind,
    straddle; with a big blind in position named by the room, the others are small blinds or posted big
    blinds."""
    ev = hand.events.append
    stacks, blinds = hand.stacks, hand.blinds
    posting = blind_order(hand.game, hand.button, hand.n)
    posters = [s for s in posting if blinds[s]]
    names = ("small blind", "big blind") if len(posters) > 1 else ("big blind",)
    big_blind_seat = hand.big_blind_seat
    for k, seat in enumerate(posters):
        want = blinds[seat]
        stack = stacks[seat]
        paid = want if want < stack else stack
        stacks[seat] = stack - paid
        hand.bets[seat] = paid
        hand.contributions[seat] += paid
        if big_blind_seat is None:
            name = names[k] if k < len(names) else "straddle"
        elif seat == big_blind_seat:
            name = "big blind"
        else:  # left of the button (heads-up: the button) is the small blind, as big as the big one or not
            name = "small blind" if want < max(blinds) or seat == posting[0] else "posted big blind"
        ev(_tnew(Event, (_POST_BLIND, seat, paid, paid, None, name, stack == paid, None, None, None)))


_tnew = tuple.__new__
"""An :class:`Event` from its ten fields at once (the named tuple's keyword ``__new__`` costs more)."""
if len(Event._fields) != 10:  # the literal field tuple of _post_blinds lists all ten
    raise AssertionError("Event's fields changed: update the tuple _post_blinds builds")
_POST_BLIND = EventType.POST_BLIND
