"""What a table takes from its game and its :class:`~pokerroom.room.config.TableConfig` (RULES §3.3, §3.4, §3.10,
§3.11, G1-G3): the limit, stakes and blinds, the minimum stack, the rebuy rules, the buy-in range, the rake, how
the deal moves and what a new player owes.  Pure: :func:`derive` computes, the table applies.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.errors import PokerroomError, RoomError, UnsupportedRule
from pokerroom.games import Family, Game, Limit
from pokerroom.games.stakes import Stakes, table_stakes
from pokerroom.room.config import TableConfig
from pokerroom.room.layout import Dealer, NewPlayerRule
from pokerroom.room.rake import TableRake, schedule_for
from pokerroom.room.stakes import BuyIn

__all__ = ["TableSettings", "derive"]


@dataclass(frozen=True)
class TableSettings:
    """A table's settings as derived (see :func:`derive`): the ``game`` with its house rules, the ``limit``, the
    ``stakes`` (forced bets and betting structure) and ``stakes_text`` as given, the ``blinds`` (small, big; (0, 0)
    without), ``min_stack``, the club's ``rebuy_cap`` (A-G2-6), ``rebuy_only_busted`` (no-limit lowball, G1),
    the ``buy_in`` range, the ``rake`` (``None``: not raked), the ``dealer`` kind and the ``new_player_rule``."""

    game: Game
    limit: Limit
    stakes_text: str | None
    stakes: Stakes
    blinds: tuple[int, int]
    min_stack: int
    rebuy_cap: bool
    rebuy_only_busted: bool
    buy_in: BuyIn
    rake: TableRake | None
    dealer: Dealer
    new_player_rule: NewPlayerRule


def _dealer(game: Game, config: TableConfig) -> Dealer:
    """RULES §3.11: a moving button in blind games, the stud games' fixed box, the club's rotating deal."""
    blind_game = game.blinds_open
    if config.dealer is not None:
        fits = (Dealer.MOVING_BUTTON, Dealer.DEAD_BUTTON) if blind_game else (Dealer.BOX, Dealer.ROTATING)
        if config.dealer not in fits:
            kind = "a blind game" if blind_game else "played without blinds"
            allowed = " or ".join(d.value for d in fits)
            raise RoomError(f"{game.id} is {kind}: its dealer is {allowed}, not {config.dealer.value}")
        return config.dealer
    if blind_game:
        return Dealer.MOVING_BUTTON
    return Dealer.BOX if game.family is Family.STUD else Dealer.ROTATING


def _new_player_rule(game: Game, config: TableConfig) -> NewPlayerRule:
    """RULES §3.4: seed 004's post or wait in blind games, the club's fee where the game declares it (G2)."""
    if config.new_player_rule is not None:
        return config.new_player_rule
    if game.house.new_player_fee:
        return NewPlayerRule.FEE
    return NewPlayerRule.POST_OR_WAIT if game.blinds_open else NewPlayerRule.NONE


def derive(game: Game, config: TableConfig) -> TableSettings:
    """Everything a table of ``game`` (with its house rules) takes from ``config``; checked by dealing a probe
    hand with them, so that settings no hand could be dealt with are refused now (:class:`RoomError` or
    :class:`~pokerroom.errors.UnsupportedRule` naming the setting) rather than at the next deal."""
    limit = Limit.parse(config.limit) if config.limit else game.default_limit
    blind_game = game.blinds_open
    text = config.stakes
    if text is None and config.blinds is not None and blind_game:
        small, big = config.blinds
        text = f"{big}/{2 * big}" if limit is Limit.FIXED else f"{small}/{big}"
    try:
        stakes = table_stakes(game, limit, text, ante=config.ante, bring_in=config.bring_in or None)
    except (ValueError, TypeError) as err:
        raise RoomError(f"stakes for {game.id}: {err}") from None
    own = stakes.blinds
    blinds: tuple[int, int] = config.blinds if config.blinds is not None else (
        (own[0], own[1]) if len(own) >= 2 else (0, 0)
    )
    house = game.house
    min_stack = config.min_stack if config.min_stack is not None else (house.min_stack or 1)
    rebuy_cap = config.rebuy_cap if config.rebuy_cap is not None else house.rebuy_to_average
    only_busted = config.rebuy_only_busted
    if only_busted is None:  # the game's own rule at this limit (no-limit club lowball, G1)
        only_busted = house.rebuy_only_busted(limit)
    unit = stakes.unit
    if config.buy_in is not None:
        buy_in = config.buy_in
    elif house.home_game:
        buy_in = BuyIn(min_stack, None)  # the club: the evening's agreed chips, no table maximum
    else:
        buy_in = BuyIn.for_table(limit, small_bet=unit, big_blind=unit, cents_per_chip=config.cents_per_chip)
    rake: TableRake | None = None
    if config.real_money and not house.home_game:
        rake = TableRake(schedule_for(limit, small_bet=unit, cents_per_chip=config.cents_per_chip),
                         config.cents_per_chip)
    settings = TableSettings(
        game, limit, text, stakes, blinds, min_stack, bool(rebuy_cap), only_busted, buy_in, rake,
        _dealer(game, config), _new_player_rule(game, config),
    )
    _probe(settings)
    return settings


def _probe(s: TableSettings) -> None:
    """Deal a hand with ``s`` on deep stacks as the table would; a refusal names the setting."""
    n = max(2, s.game.min_players)
    stack = max(10**9, 100 * max(s.min_stack, s.buy_in.minimum))
    try:
        s.game.deal(
            stacks=[stack] * n, button=0, blinds=s.blinds if s.game.blinds_open else None, ante=s.stakes.ante,
            bring_in=s.stakes.bring_in, betting=s.stakes.betting, seed=0,
        )
    except PokerroomError as err:
        what = s.stakes.describe()
        raise UnsupportedRule(f"{s.game.id} cannot be dealt with these settings ({what}): {err}") from None
    except (ValueError, TypeError, ArithmeticError) as err:
        raise UnsupportedRule(f"{s.game.id} cannot be dealt with these settings: {err!r}") from None
