"""The rules engine: one hand from the first forced bet to settled pots.

Layers inside (DESIGN habit 1): ``actions`` (what a player asks), ``betting`` (legal ranges), ``dealing`` (card
sources), ``pots`` (side pots and splits), ``events`` (what happened), ``views`` (what a seat may know),
``order`` (who opens or shows first), ``showdown`` (show order, splitting pots, the split proposal) and ``hand``
(the state machine that walks a game's streets).
"""

from pokerroom.engine.actions import Action, ActionKind, LegalActions
from pokerroom.engine.dealing import CardSource, DeckSource, OutOfCards, ScriptedCards
from pokerroom.engine.events import Event, EventType
from pokerroom.engine.hand import Hand, Phase
from pokerroom.engine.pots import Pot, build_pots, split_chips
from pokerroom.engine.views import HandView

__all__ = [
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
