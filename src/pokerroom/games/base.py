"""The game model: a game is a frozen declaration the engine walks (DESIGN: "games are data").

A :class:`Game` names its deck, its streets (cards dealt face down, face up or to the board, a draw, and whether a
betting round follows and who opens it), the shares each pot is divided into at the showdown (high, or high and
low with a qualifier), the stud parts (who brings in, the best showing hand, the common card when the deck runs
out) and the limit structures it is offered at.  :meth:`Game.deal` starts a :class:`~pokerroom.engine.Hand` of
the game (the engine lays out the forced bets: :mod:`pokerroom.engine.setup`).  The engine asks these
declarations; it never asks which game it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from pokerroom.errors import UnsupportedRule
from pokerroom.games.structures import Betting, Limit
from pokerroom.rankings import Ranking, best_omaha, omaha_value

if TYPE_CHECKING:
    from pokerroom.engine.dealing import CardSource
    from pokerroom.engine.hand import Hand
    from pokerroom.engine.pots import RakeRule

__all__ = [
    "DrawParts",
    "Family",
    "Game",
    "HouseDefaults",
    "HouseRule",
    "Opener",
    "Selection",
    "Share",
    "Street",
    "StudParts",
    "format_rule_value",
    "pair_fault",
]


class Opener(StrEnum):
    """Who opens a betting round (RULES §6.2), or shows first at the showdown (§6.5)."""

    BLINDS = "blinds"
    """Left of the last blind or straddle (the first round of a blind game); left of the button without blinds."""
    BUTTON = "button"
    """The first active player left of the button or dealer box."""
    BRING_IN = "bring-in"
    """The bring-in (stud third street): the up card the game's ``bring_in_key`` ranks first."""
    SHOWING = "showing"
    """The best showing hand by the game's ``showing_key``; ties go clockwise from the dealer."""
    OPENER = "opener"
    """The player who made the first bet of the previous round, else the next active player clockwise; left of
    the dealer when that round was checked through (RULES G3)."""
    OPENER_OR_RAISER = "opener-or-raiser"
    """The previous round's opener, or its last raiser if the opener is out; left of the dealer when that round
    was checked through (RULES G1, A-G1-1)."""
    AFTER_BIG_BLIND = "after-big-blind"
    """The first active player after the big blind's seat (RULES G15)."""


@dataclass(frozen=True, slots=True)
class Street:
    """One street: ``hole`` cards dealt face down and then ``up`` cards face up to each player, ``board``
    community cards, a draw of up to ``draw`` cards when ``draw`` (RULES §2.5), then a betting round opened by
    ``opener`` when ``betting``."""

    name: str
    hole: int = 0
    up: int = 0
    board: int = 0
    draw: int = 0
    betting: bool = True
    opener: Opener = Opener.BUTTON


class Family(StrEnum):
    """The three families of the rulebooks; a game's family says how it is dealt and shown (DESIGN: games are
    data).  ``stud``: hole and up cards and a bring-in (G4, G8-G10, G13, G14, G16); ``draw``: hands dealt face
    down and improved by draws (G1, G3, G11, G12, G15, G17); ``board``: hole cards and community cards with blinds
    (G2, G5-G7, E-SHORT)."""

    STUD = "stud"
    DRAW = "draw"
    BOARD = "board"


class Selection(StrEnum):
    """Which of a player's cards a share values (RULES §2.2, G6)."""

    BEST_FIVE = "best-five"
    """The best five of the player's cards and the board (hold'em, stud, draw, Telesina's Vela)."""
    OMAHA = "omaha"
    """Exactly two hole cards and three board cards (RULES G6, G7; TRAPS T12, T13)."""


_OMAHA = Selection.OMAHA  # read once: a class attribute is not a specialised lookup in Python 3.11


@dataclass(frozen=True, slots=True)
class Share:
    """One share of every pot at the showdown: ``name`` (``high``, ``low``), the ``ranking`` that values hands
    (larger is better; a ranking with a qualifier gives 0 for no hand, which :meth:`evaluate` reports as
    ``None``: that player takes no part in the share, RULES §2.4, G7, G10) and the ``selection`` of cards it
    values.  ``pot_keys``, when set, is a pot-level rule that is not a plain comparison (Telesina's heads-up
    straight-flush rule, RULES G14): given the values of the hands contesting one pot, it returns the keys to
    compare them by instead.

    The ranking's tables are built at the first showdown, not when a game module is imported (DESIGN: build
    tables lazily), so that ``import pokerroom.games`` and every command start quickly.
    """

    name: str
    ranking: Ranking
    selection: Selection = Selection.BEST_FIVE
    pot_keys: Callable[[Sequence[int]], Sequence[int]] | None = None

    def evaluate(self, hole: Sequence[int], board: Sequence[int]) -> int | None:
        """The seat's value under this share, or ``None`` when the hand does not qualify."""
        if self.selection is _OMAHA:
            return omaha_value(hole, board, self.ranking) or None
        return self.ranking.evaluate([*hole, *board]) or None

    def describe(self, value: int) -> str:
        """The name of a value (``flush, ace high``)."""
        return self.ranking.describe(value)

    def cards(self, hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...]:
        """The five cards the value comes from."""
        if self.selection is Selection.OMAHA:
            return best_omaha(hole, board, self.ranking).cards
        return self.ranking.best_hand([*hole, *board]).cards


def format_rule_value(value: object) -> str:
    """A house-rule value as a player writes it: ``true``, ``3``, ``1,10,30`` (the form ``--rule NAME=VALUE``
    reads back)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple | list):
        return ",".join(format_rule_value(v) for v in value)
    return str(value)


@dataclass(frozen=True, slots=True)
class HouseRule:
    """A house-rule parameter (RULES §5, §8): ``name`` as players write it, the :class:`Game` ``field`` it sets
    (a dotted path into the game's parts: ``house.ante``, ``stud.open_pair_double``, ``draw.order``), its
    ``default``, the ``choices`` when it has a few (a choice that is a ``StrEnum`` may be given as its text),
    what it means, and the rule's ``source``."""

    name: str
    field: str
    default: object
    description: str
    source: str
    choices: tuple[object, ...] = ()
    check: Callable[[Any], str | None] | None = None
    """Why a value of the right type is still refused (``None``: it is fine), e.g. :func:`pair_fault`."""


def pair_fault(pair: Sequence[object]) -> str | None:
    """Why ``pair`` cannot be a small and a big amount (blinds, stakes): two whole numbers of chips with
    ``0 < small <= big``; ``None`` when it can."""
    if len(pair) != 2 or not all(type(x) is int for x in pair):
        return "it takes two whole numbers of chips, the small first"
    small, big = pair
    assert isinstance(small, int) and isinstance(big, int)
    if not 0 < small <= big:
        return "both amounts must be positive and the small one no larger than the big one"
    return None


@dataclass(frozen=True, slots=True)
class StudParts:
    """What the stud family adds (RULES §6.1, §6.2, G4, G8-G10, G13, G14, G16).

    * ``bring_in_key``: a door card's key at a limit; the largest key brings in;
    * ``showing_key``: the value of a player's up cards; the largest opens the later streets;
    * ``bring_in_antes``: the default bring-in as a number of antes (RULES G8, G9, G13, G14: 2); -1: half the
      small bet instead (seed 003's Stud8, RULES G4);
    * ``common_card``: when the deck cannot give every player a last down card, one community card is dealt (G9),
      and ``common_card_betting`` whether a betting round follows it (A-G9-3: the seed says no);
    * ``open_pair_double``: at fixed limit an open pair on fourth street allows the big bet in that round (G9).
    """

    bring_in_key: Callable[[int, Limit], int]
    showing_key: Callable[[Sequence[int]], tuple[int, ...]]
    bring_in_antes: int = 2
    common_card: bool = False
    common_card_betting: bool = False
    open_pair_double: bool = False


@dataclass(frozen=True, slots=True)
class DrawParts:
    """What the draw family adds (RULES §2.5, G1, G3, G11, G12, G15).

    * ``limit``: the most cards a player may draw by the number of players dealt in (club lowball: 5, 4, 3; RULES
      G1); ``None``: each draw street's own ``draw``;
    * ``order``: who draws first: left of the button (A-G11-1), or after the big blind (A-G15-3);
    * ``timeout_rest_of_hand``: a draw timed out loses bet and raise for the rest of the hand (G11); ``False``: the
      next round only (G12).
    """

    limit: Callable[[int], int] | None = None
    order: Opener = Opener.BUTTON
    timeout_rest_of_hand: bool = True


@dataclass(frozen=True, slots=True)
class HouseDefaults:
    """What a game is played with when a table names nothing else: the usual stakes and the house's table rules
    (the club's, seeds 000-002; RULES §5).

    * ``ante``, ``blinds``, ``fixed_bets``: the usual ante (club lowball 3, the A-6 table 1), blinds (club hold'em
      5/10) and fixed-limit small and big bet (the A-6 table 1 and 2; (0, 0): from the big blind);
    * ``nl_min_chips``: no limit with this smallest bet and raise increment (the club's one chip, decision 2);
      0: the big blind and the last raise (TDA);
    * ``ranges``: spread limit as the club's per-round ranges, the smallest bet then each round's largest (lowball
      1, 10, 30, RULES §5.1); empty: online spread limit (§3.9);
    * ``hu_button_posts_sb``: heads-up the button posts the small blind (settled decision 14); the club keeps its
      literal layout;
    * ``fold_without_bet``: folding with no bet pending is allowed (§2.3); the A-6 table refuses it (A-G3-3);
    * ``odd_chips_carry``: odd chips of a split stay in the pot for the next hand (§6.3 ``CARRY_OVER``);
    * ``clamp_out_of_range_bets``: the table places the nearest legal amount instead of refusing (seed 000 5.3,
      decision 19);
    * ``home_game``: a home game of the club seeds: never raked (§3.10 is seed 004's), the buy-in agreed for the
      evening;
    * ``rebuy_to_average``: between hands a rebuy brings a player to at most X = M/S chips (G2, A-G2-6;
      :func:`pokerroom.games.club.rebuy_cap`);
    * ``new_player_fee``: a player who joins a running game, or comes back after busting without buying in at
      once, pays the first blind as dead money in their first hand (G2, A-G2-7;
      :func:`pokerroom.games.club.new_player_fee`);
    * ``rebuy_when_busted``: the limits at which a rebuy waits until the player has no chips (no-limit club
      lowball, G1);
    * ``min_stack``: chips every player must hold before a deal, else top up or sit out (the A-6 table's 13, G3);
    * ``odd_chips_to_high``: every odd chip of a pot split between shares goes to the high winner, one from a tied
      low half included (settled decision 18's alternative, RULES §3.2); ``False``: an odd chip between the halves
      to the high half, inside a tied half to the first tied winner clockwise from the dealer;
    * ``fixed_cap``: at fixed limit, the most bets in one round counting the opening bet (the big blind preflop):
      a bet and three raises in the rulebooks' games (RULES §3.9), a bet and one raise in Leduc hold'em, one bet in
      Kuhn poker; ``None``: no cap.
    """

    ante: int = 0
    blinds: tuple[int, ...] = ()
    fixed_bets: tuple[int, int] = (0, 0)
    nl_min_chips: int = 0
    ranges: tuple[int, ...] = ()
    hu_button_posts_sb: bool = True
    fold_without_bet: bool = True
    odd_chips_carry: bool = False
    clamp_out_of_range_bets: bool = False
    home_game: bool = False
    rebuy_to_average: bool = False
    new_player_fee: bool = False
    rebuy_when_busted: tuple[Limit, ...] = ()
    min_stack: int = 0
    odd_chips_to_high: bool = False
    fixed_cap: int | None = 4

    def rebuy_only_busted(self, limit: Limit) -> bool:
        """Whether at ``limit`` a rebuy waits until the player has no chips left (``rebuy_when_busted``: no-limit
        club lowball, RULES G1, §5.1 #7).  The one answer the table and the club night's books ask."""
        return limit in self.rebuy_when_busted


_NO_CHOICE = object()
_PARTS = ("stud", "draw", "house")
_BETTINGS: dict[tuple[int, Limit | str | None, int, int | None], tuple[Game, Betting]] = {}
"""The structures :meth:`Game.betting` made (frozen, so shared by every hand at those stakes), by the game's id and
the arguments: a deal builds none.  Each entry holds its game; emptied when it reaches :data:`_BETTINGS_KEPT`."""
_BETTINGS_KEPT = 256


@dataclass(frozen=True, slots=True)
class Game:
    """A poker game as data, read in the order of its RULES.md section.

    * ``id``, ``name``, ``aliases``; ``family`` (:class:`Family`); ``deck``; ``min_players``..``max_players``;
    * ``streets``: what each street deals, whether a draw or a betting round follows and who opens it;
    * ``shares``: how every pot is divided at the showdown (high; or high and a qualifying low);
    * ``limits`` it is offered at and its ``default_limit``;
    * ``show_first``: who shows first when the last round had no bet (RULES §6.5): left of the button, the best
      showing hand, or after the big blind;
    * ``split_offer``: the last betting round offers the split proposal (32-card draw, RULES G15);
    * ``rake_street``: the street from which a pot is raked (RULES §3.10, A-3.10-3, "no flop, no drop"): the
      second street in every game of the rulebooks;
    * ``stud``, ``draw``: the family's own parts (:class:`StudParts`, :class:`DrawParts`), present exactly for
      that family;
    * ``house``: the usual stakes and table rules (:class:`HouseDefaults`);
    * ``house_rules``: the house-rule parameters it offers, with their defaults (``pokerroom rules GAME``);
    * ``research``: a game of the research literature, not of the rulebooks (Kuhn poker, Leduc hold'em): in the
      registry so that bots and search methods can walk its small game tree exactly, marked as such by
      ``pokerroom games``, and never offered by the room (:func:`pokerroom.games.room_games`).

    Built and checked once: a declaration whose parts do not fit its family and streets raises
    :class:`~pokerroom.errors.UnsupportedRule`.
    """

    id: str
    name: str
    family: Family
    deck: tuple[int, ...]
    streets: tuple[Street, ...]
    shares: tuple[Share, ...]
    limits: tuple[Limit, ...]
    default_limit: Limit
    max_players: int = 10
    min_players: int = 2
    aliases: tuple[str, ...] = field(default=())
    show_first: Opener = Opener.BUTTON
    split_offer: bool = False
    rake_street: int = 1
    stud: StudParts | None = None
    draw: DrawParts | None = None
    house: HouseDefaults = HouseDefaults()
    house_rules: tuple[HouseRule, ...] = ()
    research: bool = False

    def __post_init__(self) -> None:
        bring_in = any(s.opener is Opener.BRING_IN for s in self.streets)
        draws = any(s.draw for s in self.streets)
        expected = Family.STUD if bring_in else Family.DRAW if draws else Family.BOARD
        if self.family is not expected:
            raise UnsupportedRule(f"{self.id}: its streets make it a {expected.value} game, not {self.family.value}")
        if (self.stud is not None) != bring_in:
            raise UnsupportedRule(f"{self.id}: stud parts go with a bring-in street and only with one")
        if (self.draw is not None) != draws:
            raise UnsupportedRule(f"{self.id}: draw parts go with a draw street and only with one")
        cap = self.house.fixed_cap
        if cap is not None and cap < 1:
            raise UnsupportedRule(f"{self.id}: a fixed-limit cap is one bet or more (or None), not {cap}")
        for rule in self.house_rules:
            self._get(rule.field)  # a rule naming a field the game does not have is a declaration error

    def _get(self, path: str) -> object:
        head, _, rest = path.partition(".")
        if head in _PARTS and rest:
            part = getattr(self, head)
            if part is None:
                raise UnsupportedRule(f"{self.id} has no {head} parts, so no {path}")
            return getattr(part, rest)
        return getattr(self, path)

    @property
    def blinds_open(self) -> bool:
        """Whether the first betting round is opened by blinds (RULES §3.11: a moving button and blinds), not by
        a bring-in or from the dealer's left after antes."""
        return any(s.opener is Opener.BLINDS for s in self.streets)

    def with_rules(self, **values: object) -> Game:
        """This game with house rules changed, by their names (see ``house_rules``); raises
        :class:`~pokerroom.errors.UnsupportedRule` naming the rules there are for an unknown name or value."""
        known = {r.name: r for r in self.house_rules}
        changes: dict[str, object] = {}
        for name, value in values.items():
            rule = known.get(name.replace("-", "_"))
            if rule is None:
                there = ", ".join(known) or "none"
                raise UnsupportedRule(f"{self.id} has no house rule {name!r}; its house rules: {there}")
            if rule.choices:
                # The choice itself, also when given as its text ("button" for Opener.BUTTON).
                chosen = next((c for c in rule.choices if c == value), _NO_CHOICE)
                if chosen is _NO_CHOICE:
                    allowed = ", ".join(map(str, rule.choices))
                    raise UnsupportedRule(f"house rule {name} cannot be {value!r}; choices: {allowed}")
                value = chosen
            if not rule.choices and type(value) is not type(rule.default):
                kind = type(rule.default).__name__
                raise UnsupportedRule(f"house rule {name} takes a {kind} like {rule.default!r}, not {value!r}")
            why = None if rule.check is None else rule.check(value)
            if why is not None:
                raise UnsupportedRule(f"house rule {name} cannot be {value!r}: {why}")
            changes[rule.field] = value
        return self._replaced(changes)

    def _replaced(self, changes: dict[str, object]) -> Game:
        top: dict[str, object] = {}
        parts: dict[str, dict[str, object]] = {}
        for path, value in changes.items():
            head, _, rest = path.partition(".")
            if head in _PARTS and rest:
                parts.setdefault(head, {})[rest] = value
            else:
                top[path] = value
        for head, values in parts.items():
            top[head] = replace(getattr(self, head), **values)
        return replace(self, **top)  # type: ignore[arg-type]

    def rule_value(self, name: str) -> object:
        """The current value of the house rule ``name``; raises :class:`~pokerroom.errors.UnsupportedRule` for a
        rule the game does not have."""
        for rule in self.house_rules:
            if rule.name == name:
                return self._get(rule.field)
        raise UnsupportedRule(f"{self.id} has no house rule {name!r}")

    def changed_rules(self) -> dict[str, object]:
        """The house rules whose values differ from the registered game's, by name (empty for the registered
        game itself)."""
        from pokerroom.games import find

        base = find(self.id)
        if base is self:
            return {}
        mine = {r.name: self.rule_value(r.name) for r in base.house_rules}
        return {name: value for name, value in mine.items() if value != base.rule_value(name)}

    @property
    def hole_cards(self) -> int:
        """Cards each player holds at the end of the deal, face down and face up."""
        return sum(s.hole + s.up for s in self.streets)

    @property
    def betting_rounds(self) -> int:
        return sum(1 for s in self.streets if s.betting)

    def betting(
        self,
        limit: Limit | str | None = None,
        *,
        big_blind: int,
        big_bet: int | None = None,
        spread: tuple[int, ...] | None = None,
    ) -> Betting:
        """The betting structure at ``limit`` for a table whose big blind (fixed limit: small bet) is
        ``big_blind``.  Fixed limit's big bet defaults to twice the small bet, and its cap is the game's
        (``house.fixed_cap``).  Spread limit's round maxima
        ``spread`` default to 2, 4 and 6 big blinds (seed 004's "€1-€2-€3" with a 50-cent big blind: two big
        blinds in the first half of the rounds, six in the last, four between).  Raises
        :class:`~pokerroom.errors.UnsupportedRule` for a structure the game is not offered at."""
        key = (id(self), limit, big_blind, big_bet)
        made = _BETTINGS.get(key) if spread is None else None
        if made is not None and made[0] is self:  # (the entry holds the game: its id is not reused meanwhile)
            return made[1]
        betting = self._betting(limit, big_blind, big_bet, spread)
        if spread is None:
            if len(_BETTINGS) >= _BETTINGS_KEPT:
                _BETTINGS.clear()
            _BETTINGS[key] = (self, betting)
        return betting

    def _betting(
        self, limit: Limit | str | None, big_blind: int, big_bet: int | None, spread: tuple[int, ...] | None
    ) -> Betting:
        """:meth:`betting`, worked out."""
        lim = self.default_limit if limit is None else (limit if isinstance(limit, Limit) else Limit.parse(limit))
        if lim not in self.limits:
            offered = ", ".join(x.value for x in self.limits)
            raise UnsupportedRule(f"{self.id} is not played at {lim.value} limit; offered: {offered}")
        rounds = self.betting_rounds
        if lim is Limit.FIXED:
            return Betting.fixed_limit(big_blind, big_bet or 2 * big_blind, rounds=rounds, cap=self.house.fixed_cap)
        house = self.house
        if lim is Limit.NO and house.nl_min_chips:
            return Betting(lim, min_bet=house.nl_min_chips, min_raise=house.nl_min_chips)
        if lim is Limit.SPREAD and house.ranges:
            return Betting.ranges(house.ranges[0], house.ranges[1:])
        if lim is Limit.SPREAD:
            if spread is None:
                spread = tuple(
                    2 * big_blind if i < rounds // 2 else 6 * big_blind if i == rounds - 1 else 4 * big_blind
                    for i in range(rounds)
                )
            return Betting.spread_limit(big_blind, spread)
        return Betting(lim, min_bet=big_blind)

    def deal(
        self,
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
        """Start a hand of this game at a table of ``len(stacks)`` seats with the button (or dealer box) at
        ``button``: the blinds (or antes and bring-in) laid out, the betting structure built from ``limit``, the
        cards shuffled with ``seed`` or taken from ``cards``.  Every keyword, default and error is that of
        :func:`pokerroom.engine.setup.deal`, which lays out the forced bets (RULES §3.4-§3.6, §3.11)."""
        return (_DEAL or _deal_function())(
            self, stacks, button, blinds, ante, big_blind_ante, straddle, bring_in, limit, betting, seed, cards,
            auto_showdown, carried_in, last_hand, posts, dead, big_blind_seat, rake,
        )  # fmt: skip


_DEAL: Callable[..., Hand] | None = None
""":func:`pokerroom.engine.setup.deal_in_order`, once imported (the engine imports this module: not at the top)."""


def _deal_function() -> Callable[..., Hand]:
    global _DEAL
    from pokerroom.engine.setup import deal_in_order

    _DEAL = deal_in_order
    return deal_in_order
