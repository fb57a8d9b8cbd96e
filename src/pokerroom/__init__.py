"""pokerroom: a card room in a box — an exact poker rules engine, rankings, hand histories, bots and a CLI.

Layers (see ``../shared/DESIGN.md``): :mod:`pokerroom.cards`, :mod:`pokerroom.rankings`, :mod:`pokerroom.games`,
:mod:`pokerroom.engine`, :mod:`pokerroom.formats`, :mod:`pokerroom.bots`, :mod:`pokerroom.cli`.
"""

__version__ = "0.1.0"

__all__ = ["__version__"]
