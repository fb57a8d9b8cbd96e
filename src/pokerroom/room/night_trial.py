"""Trial hands for the club night: house rules are tried at a throwaway table before they are agreed, so a value
the game or the table cannot play with (a negative ante, blinds of 0, ranges out of order) is refused with its
reason before a hand of the evening is dealt (RULES §5 meta-rule 2).  The terminal's ``pokerroom night`` and the
server's nights both ask :func:`check_rules`."""

from __future__ import annotations

from collections.abc import Mapping

from pokerroom.errors import UnsupportedRule
from pokerroom.games import find
from pokerroom.games.base import format_rule_value
from pokerroom.room.night import Night
from pokerroom.room.night_seats import first_button_for
from pokerroom.room.table import Table, TableConfig

__all__ = ["check_rules", "trial_table"]


def trial_table(night: Night, rules: Mapping[str, object]) -> Table:
    """A table of ``night``'s game and limit under house ``rules``: its seated players at seats ``0..n-1``, each
    with the first buy-in, the deal going to the night's next dealer."""
    config = night.config
    order = night.seats
    table_config = TableConfig(
        config.game,
        rules=dict(rules),
        seats=max(2, len(order)),
        limit=None if night.limit is night.game.default_limit else night.limit.value,
    )
    first = first_button_for(Table(table_config), range(len(order)), order.index(night.next_dealer))
    table = Table(table_config, first_button=first)
    for seat, name in enumerate(order):
        table.sit(seat, name, config.first_buyin)
    return table


def check_rules(night: Night, rules: Mapping[str, object]) -> None:
    """Refuse house ``rules`` that no hand of ``night``'s game could be dealt with: the game checks each value,
    then one hand is dealt and played out passively (check, call, stand pat) at a :func:`trial_table`, with a
    fixed deck.  Touches nothing of the evening.  Raises :class:`~pokerroom.errors.UnsupportedRule` with the
    reason."""
    find(night.config.game).with_rules(**rules)  # an unknown rule or a value of the wrong kind: its own refusal
    try:
        table = trial_table(night, rules)
        hand = table.start_hand(seed=0)
        while not hand.is_complete:
            seat, legal = table.to_act, hand.legal_actions()
            assert seat is not None and legal is not None
            table.act(seat, legal.passive())
    except (ValueError, ArithmeticError) as exc:  # PokerroomError is a ValueError; absurd numbers may overflow
        text = ", ".join(f"{k}={format_rule_value(v)}" for k, v in rules.items())
        raise UnsupportedRule(f"the table cannot deal under {text or 'these rules'}: {exc}") from None
