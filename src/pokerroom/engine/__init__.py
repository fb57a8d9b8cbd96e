"""The rules engine: one hand from the first forced bet to settled pots.

Layers inside (DESIGN habit 1): ``actions`` (what a player asks), ``dealing`` (card sources), ``setup`` (the
forced-bet layout of a table and posting it; ``game.deal`` comes here), ``order`` (who opens or shows first: the
table from each opener to the function that finds the seat), ``betting`` (legal ranges and the betting round's
state), ``draw`` (the draws), ``showdown`` (show order, splitting pots among shares, the split proposal, the
rake), ``pots`` (side pots and splits), ``events`` (what happened), ``phase`` (where a hand is), ``views`` (what a
seat may know), ``results`` (a settled hand in words), ``codec`` (the JSON of actions and events) and ``hand``
(the state machine that walks a game's streets and owns the phases' state).
"""

from pokerroom.engine.actions import Action, ActionKind, LegalActions
from pokerroom.engine.dealing import CardSource, DeckSource, OutOfCards, ScriptedCards
from pokerroom.engine.events import TIMED_OUT, Event, EventType
from pokerroom.engine.hand import Hand, Phase
from pokerroom.engine.pots import Pot, build_pots, split_chips
from pokerroom.engine.views import HandView

__all__ = [
    "TIMED_OUT",
    "Action",
    "ActionKind",
    "CardSource",
    "DeckSource",
    "Event",
    "EventType",
    "Hand",
    "HandView",
    "LegalActions",
    "OutOfCards",
    "Phase",
    "Pot",
    "ScriptedCards",
    "build_pots",
    "split_chips",
]
