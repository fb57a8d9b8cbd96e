"""``pokerroom rules GAME``: a game's rules as the engine reads them (DESIGN habit 2).

The streets table is the game's own ``streets`` declaration, the one the engine walks: each street's cards dealt
down, up and to the board, its draw, whether a betting round follows and who opens it.  Then the pot shares
(each with its ranking and qualifier), the forced bets (blinds, or the ante and who brings in), who shows first,
the other rules the game declares, and every house-rule parameter with its default, description and source.

:func:`parse_rule` and :func:`apply_rules` turn ``--rule NAME=VALUE`` options into :meth:`Game.with_rules`
arguments, parsing each value by the type of the rule's default (``pokerroom play`` uses them too).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from typing import Annotated

import typer
from rich.console import Console

from pokerroom.cards import format_card
from pokerroom.errors import PokerroomError, UnsupportedRule
from pokerroom.games import Family, Game, Limit, Selection, Share, find
from pokerroom.games.base import HouseRule, Opener, Street, format_rule_value
from pokerroom.words import plural

__all__ = ["apply_rules", "format_value", "parse_rule", "rules", "rules_text"]

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")
_OPENS = {
    "blinds": "left of the big blind",
    "button": "left of the button",
    "bring-in": "the bring-in",
    "showing": "best showing hand",
    "opener": "last round's opener",
    "opener-or-raiser": "last opener or raiser",
    "after-big-blind": "left of the big blind",
}


format_value = format_rule_value
"""A house-rule value as a player writes it (:func:`pokerroom.games.base.format_rule_value`)."""


_INT = re.compile(r"[+-]?[0-9]+")
"""A whole number as a house-rule value is written: digits with an optional sign, nothing else."""


def _whole(word: str) -> int | None:
    word = word.strip()
    return int(word) if _INT.fullmatch(word) else None


def _parse_value(rule: HouseRule, text: str) -> object:
    """``text`` parsed strictly by the type of ``rule``'s default: whole numbers with an optional sign, lists
    of exactly as many whole numbers as the default has, separated by commas.  Whether the value makes sense
    (a negative ante, blinds of 0) is for the game and the table to say."""
    default, word = rule.default, text.strip()
    if isinstance(default, bool):
        if word.lower() in _TRUE:
            return True
        if word.lower() in _FALSE:
            return False
        raise UnsupportedRule(f"house rule {rule.name} is true or false (yes/no, on/off), not {text!r}")
    if isinstance(default, int):
        number = _whole(word)
        if number is None:
            raise UnsupportedRule(f"house rule {rule.name} takes a whole number like {default}, not {text!r}")
        return number
    if isinstance(default, float):
        try:
            value = float(word)
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            raise UnsupportedRule(f"house rule {rule.name} takes a number like {default}, not {text!r}")
        return value
    if isinstance(default, tuple):
        numbers = [_whole(part) for part in word.split(",")]
        if len(numbers) != len(default) or any(n is None for n in numbers):
            example = format_value(default)
            raise UnsupportedRule(
                f"house rule {rule.name} takes {len(default)} whole numbers separated by commas, like {example}, "
                f"not {text!r}"
            )
        return tuple(n for n in numbers if n is not None)
    if rule.choices:  # choices of another type: match them as written
        for choice in rule.choices:
            if format_value(choice).lower() == word.lower():
                return choice
    return word


def parse_rule(game: Game, text: str) -> tuple[str, object]:
    """``NAME=VALUE`` -> the house rule's name and the value parsed by the type of its default (bools as
    true/false, yes/no, on/off; whole numbers; lists of numbers as ``1,10,30``); raises
    :class:`~pokerroom.errors.UnsupportedRule` naming the game's house rules for an unknown name.

    >>> parse_rule(find("stud"), "open_pair_big_bet=no")
    ('open_pair_big_bet', False)
    """
    name, sep, value = text.partition("=")
    name = name.strip().replace("-", "_")
    if not sep or not name:
        raise UnsupportedRule(f"a house rule is written NAME=VALUE, such as open_pair_big_bet=false (got {text!r})")
    known = {r.name: r for r in game.house_rules}
    rule = known.get(name)
    if rule is None:
        there = ", ".join(known) or "none"
        raise UnsupportedRule(f"{game.id} has no house rule {name!r}; its house rules: {there}")
    return name, _parse_value(rule, value)


def apply_rules(game: Game, texts: Sequence[str]) -> Game:
    """``game`` with every ``NAME=VALUE`` of ``texts`` applied (:meth:`Game.with_rules`)."""
    values = dict(parse_rule(game, text) for text in texts)
    return game.with_rules(**values) if values else game


# ---------------------------------------------------------------------------------------------- the text


def _first_paragraph(obj: object) -> str:
    doc = getattr(obj, "__doc__", None) or ""
    return " ".join(doc.strip().split("\n\n")[0].split())


def _table(rows: Sequence[Sequence[str]], indent: str = "  ") -> list[str]:
    widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]))]
    return [(indent + "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True))).rstrip() for row in rows]


def _limits(game: Game) -> str:
    return ", ".join(f"{lim.value} (the default)" if lim is game.default_limit else lim.value for lim in game.limits)


def _fixed_sizes(game: Game) -> list[str]:
    """``small``/``big`` for each betting round at fixed limit (RULES §6.4), or nothing when not offered."""
    if Limit.FIXED not in game.limits or not game.betting_rounds:
        return []
    try:
        sizes = game.betting(Limit.FIXED, big_blind=1, big_bet=2).bet_sizes
    except PokerroomError:
        return []
    return ["small" if size == 1 else "big" for size in sizes]


def _opens(street: Street, first: bool, blinds: bool) -> str:
    if not street.betting:
        return "-"
    if street.opener is Opener.BLINDS and not (first and blinds):
        return _OPENS["button"]
    return _OPENS.get(str(street.opener.value), str(street.opener.value).replace("-", " "))


def _streets(game: Game) -> list[str]:
    sizes = _fixed_sizes(game)
    header = ["#", "street", "down", "up", "board", "draw", "betting", "opens"]
    if sizes:
        header.append("fixed-limit bet")
    rows = [header]
    blinds = game.family is not Family.STUD
    open_pair = game.stud is not None and game.stud.open_pair_double
    betting_round = 0
    for k, street in enumerate(game.streets):
        row = [
            str(k + 1),
            street.name,
            str(street.hole or "-"),
            str(street.up or "-"),
            str(street.board or "-"),
            f"up to {street.draw}" if street.draw else "-",
            "yes" if street.betting else "no",
            _opens(street, k == 0, blinds),
        ]
        if sizes:
            size = sizes[min(betting_round, len(sizes) - 1)] if street.betting else "-"
            if street.betting and betting_round == 1 and open_pair and size == "small":
                size = "small (big with an open pair)"
            row.append(size)
        betting_round += street.betting
        rows.append(row)
    return _table(rows)


def _share_text(share: Share, game: Game) -> str:
    ranking = share.ranking
    name = f"{ranking.title} ({ranking.id})"
    if share.selection is Selection.OMAHA:
        how = "exactly two hole cards and three board cards"
    elif game.hole_cards + sum(s.board for s in game.streets) < 5:  # the research games: every card counts
        how = "the player's cards and the board" if any(s.board for s in game.streets) else "the player's cards"
    elif any(s.board for s in game.streets):
        how = "the best five of the player's cards and the board"
    else:
        how = "the best five of the player's cards"
    text = f"{share.name} by {name}, {how}"
    no_hand = ranking.no_hand_name
    if no_hand != "no hand":
        text += f"; a hand that does not qualify has {no_hand} and takes no part in this share"
    if share.pot_keys is not None:
        text += f"; a pot-level rule: {_first_paragraph(share.pot_keys) or 'see the game module'}"
    return text


def _door_order(game: Game, key: Callable[[int, Limit], int], limit: Limit) -> str:
    order = sorted(game.deck, key=lambda c: key(c, limit), reverse=True)
    return ", ".join(format_card(c) for c in order[:5]) + ", ..."


def _bring_in_amount(game: Game) -> str:
    """The default bring-in as the game deals it: probe deals with an ante of 10 (and without one) say how much."""
    seats = [10**6] * game.min_players
    try:
        with_ante = game.deal(stacks=seats, ante=10, seed=0)
        antes = with_ante.bring_in / 10
        text = f"{plural(antes, 'ante', spec='g')} by default"
        if with_ante.betting.fixed:
            wide = game.deal(stacks=seats, ante=10, seed=0, betting=game.betting(Limit.FIXED, big_blind=1000))
            if wide.bring_in == 500:  # it follows the small bet, not the ante (bring_in_antes=-1, RULES G4)
                return "half the small bet by default, with or without an ante"
            without = game.deal(stacks=seats, ante=0, seed=0, betting=game.betting(Limit.FIXED, big_blind=10))
            share = without.bring_in / 10
            text += f" ({'half' if share == 0.5 else f'{share:g} times'} the small bet without an ante)"
        for lim in game.limits:
            if lim is not Limit.FIXED:
                other = game.deal(stacks=seats, ante=10, seed=0, limit=lim)
                if other.betting.min_bet == other.bring_in:
                    text += "; at pot and no limit the smallest bet is the bring-in"
                break
    except PokerroomError:
        return "as the game declares"
    return text


def _forced_bets(game: Game) -> list[str]:
    lines: list[str] = []
    house = game.house
    ante, blinds = house.ante, house.blinds
    if game.stud is not None:
        lines.append("an ante from every player, then the bring-in (pokerroom play: --ante, --bring-in)")
        lines.append(f"bring-in: {_bring_in_amount(game)}; the player may complete to the small bet instead")
        key = game.stud.bring_in_key
        groups: dict[str, list[str]] = {}
        for lim in game.limits:
            groups.setdefault(_door_order(game, key, lim), []).append(lim.value)
        for order, lims in groups.items():
            lines.append(f"brings in at {' and '.join(lims)} limit: the door card ranked first of {order}")
        doc = _first_paragraph(key)
        if doc:
            lines.append(f"  ({doc})")
        return lines
    if blinds:
        lines.append(f"blinds {'/'.join(map(str, blinds))} by default (pokerroom play: --stakes)")
    elif not ante:
        lines.append("small and big blind (pokerroom play: --stakes SMALL/BIG)")
    if ante:
        lines.append(f"an ante of {ante} from every player")
    if blinds or not ante:
        if house.hu_button_posts_sb:
            lines.append("heads-up the button posts the small blind")
        else:
            lines.append("heads-up the blinds stay as at a full table: the player left of the button posts the small")
    return lines


def _show_order(game: Game) -> str:
    first = game.show_first
    if first is Opener.SHOWING:
        then = "the best showing hand"
    else:  # in the words of the streets' openers: left of the button, left of the big blind
        then = f"the first player {_OPENS[str(Opener.BUTTON if first is Opener.BLINDS else first)]}"
    return f"the last player to bet or raise in the last round shows first; when nobody bet, {then}"


def _other_rules(game: Game) -> list[str]:
    lines: list[str] = []
    stud, draw, house = game.stud, game.draw, game.house
    if stud is not None:
        doc = _first_paragraph(stud.showing_key)
        lines.append("best showing hand: " + (doc or "by the game's own key"))
        if stud.open_pair_double:
            lines.append("fixed limit: an open pair on fourth street allows the big bet in that round")
        if stud.common_card:
            after = "a betting round follows" if stud.common_card_betting else "no betting round follows"
            lines.append(f"when the deck cannot give everyone a last card, one community card is dealt; {after}")
    if draw is not None and draw.limit is not None:
        counts = {n: draw.limit(n) for n in range(game.min_players, game.max_players + 1)}
        lines.append("most cards drawn by players dealt in: " + ", ".join(f"{n}: {c}" for n, c in counts.items()))
    if draw is not None:
        span = "the rest of the hand" if draw.timeout_rest_of_hand else "the next betting round"
        lines.append(f"a draw the clock made stands pat and may not bet or raise for {span}")
        lines.append("discards are never dealt back to the player who threw them when the stub is reshuffled")
    if len(game.shares) > 1:
        first = game.shares[0].name
        lines.append(
            f"each pot (main and side) is split between the shares; an odd chip between them goes to the {first} share"
        )
        if house.odd_chips_to_high:
            lines.append(
                f"every odd chip of a tied share goes to the {first} winner as well (the first tied {first} winner "
                "clockwise from the dealer when that share is tied too)"
            )
        else:
            lines.append("odd chips inside a tied share go to the first tied winner clockwise from the dealer")
    small, big = house.fixed_bets
    if Limit.FIXED in game.limits and small:
        lines.append(f"fixed limit: the small bet is {plural(small, 'chip')} and the big bet {big} by default")
    cap = house.fixed_cap
    if Limit.FIXED in game.limits and cap != 4:
        raises = plural((cap or 1) - 1, "raise")
        most = {1: "one bet, no raise", 2: "a bet and one raise"}.get(cap or 0, f"a bet and {raises}")
        lines.append("fixed limit: no cap on raises" if cap is None else f"fixed limit: at most {most} in each round")
    if not house.fold_without_bet:
        lines.append("a player may not fold when no bet is pending")
    if house.odd_chips_carry:
        lines.append("odd chips that cannot be split stay in the pot for the next hand")
    if house.clamp_out_of_range_bets:
        lines.append("an amount out of range is placed as the nearest legal amount instead of refused")
    ranges = house.ranges
    if ranges:
        lines.append("spread limit ranges: " + ", ".join(f"{ranges[0]}-{top}" for top in ranges[1:]) + " by round")
    nl_min = house.nl_min_chips
    if nl_min:
        lines.append(f"no limit: the smallest bet and raise is {plural(nl_min, 'chip')}")
    return lines


def _house_rules(game: Game, base: Game) -> list[str]:
    """Each house rule with the game's default (its declared value) and, when ``game`` changed it, the value."""
    if not game.house_rules:
        return ["  (none)"]
    lines: list[str] = []
    for rule in game.house_rules:
        default = base.rule_value(rule.name)
        value = game.rule_value(rule.name)
        kind = type(rule.default).__name__
        if value != default:
            shown = f"{format_value(value)} (changed; default {format_value(default)})"
        else:
            shown = f"default {format_value(default)}"
        head = f"  {rule.name}: {shown}  ({kind}"
        if rule.choices:
            head += "; choices " + ", ".join(format_value(c) for c in rule.choices)
        lines.append(head + ")")
        lines.append(f"      {rule.description}")
        lines.append(f"      source: {rule.source}")
    return lines


def rules_text(game: Game, base: Game | None = None) -> str:
    """The text ``pokerroom rules`` prints for ``game``; ``base`` is the game as registered, when ``game`` has
    house rules changed."""
    aliases = f"; also {', '.join(game.aliases)}" if game.aliases else ""
    players = f"{game.min_players} to {game.max_players} players"
    lines = [
        f"{game.name} ({game.id}{aliases})",
        f"{len(game.deck)}-card deck, {players}; limits: {_limits(game)}",
        "",
        "Streets, in the order the engine walks them:",
        *_streets(game),
        "",
        "Pot shares:",
        *(f"  {_share_text(share, game)}" for share in game.shares),
        "",
        "Forced bets:",
        *(f"  {line}" for line in _forced_bets(game)),
        "",
        "Showdown:",
        f"  {_show_order(game)}",
    ]
    others = _other_rules(game)
    if others:
        lines += ["", "Other rules:", *(f"  {line}" for line in others)]
    lines += ["", f"House rules (pokerroom play {game.id} --rule NAME=VALUE):", *_house_rules(game, base or game)]
    return "\n".join(lines)


def rules(
    game: Annotated[str, typer.Argument(help="The game id or alias (pokerroom games lists them).")],
    rule: Annotated[
        list[str] | None, typer.Option("--rule", help="Show the rules with a house rule changed: NAME=VALUE.")
    ] = None,
) -> None:
    """Print a game's streets, shares, forced bets, show order and house rules with their defaults."""
    try:
        base = find(game)
        chosen = apply_rules(base, rule or [])
    except PokerroomError as exc:
        Console(stderr=True).print(f"error: {exc}", markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(code=2) from None
    print(rules_text(chosen, base))
