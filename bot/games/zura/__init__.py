"""Zura: travel cards, a search area of sealed Tzerzurians, and stacks whose top card rules.

Modules have the roles of ``bot/games/README.md``: ``cards`` (the card set, from
``cards.json``), ``state``, ``setup``, ``scenario``, ``decisions``, ``rules`` (the turn),
``scoring``, ``view`` (``ZView``, what each seat sees), ``hidden``, ``text``, ``ai``, ``help``
and a thin ``game``; besides them ``abilities`` (one handler per ability: a new ability is
its ``cards.json`` entry, its handler and its caption in ``bot/render/zura.py``) and ``board``
(names, hands and menu pieces that rules and abilities share).

Readings of the rulebook where it leaves room (house rules first, then these):

- Imps come in pairs: a lone revealed Imp stays face up; whoever reveals a second one claims
  both. The rulebook's example of an Imp claimed with a mountain card is read in that light.
- Discarding seven cards (possible with ``hand7``) gives the six-card effect.
- Abilities come from the top card when their moment comes (turn start, drawing, discarding);
  cards claimed during a search are stacked at its end, so they act from the next moment on.
- Printed effects and abilities add up: five cards with ``peek4`` peek twice, six cards with
  ``steal5`` steal twice. Every steal may be declined.
- ``restack`` and ``swap`` are used before discarding, once each per turn; after a restack the
  new top card's ability applies for the rest of the turn. In a swap both players choose their
  card at the same time, without seeing the other's.
- Cards flipped and not claimed go face down again but stay known to everyone.
- ``scry`` is skipped when the travel deck is empty at the start of the turn.
- The last round starts when a refill takes the last Tzerzurian card, whether or not the
  search area could be filled.
- Ties share the placing.
"""

from bot.games.zura.game import Zura

GAME = Zura()
"""The registry's entry point."""
