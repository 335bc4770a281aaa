"""Beacons, a small hex game built from scratch on hexkit's turn engine.

Two to four players light beacons on a board of 19 hexes: play a terrain
card from a secret hand to light a hex of that terrain, paying oil to sit
next to a rival; the largest connected group scores a prize. The rules are
in ``RULES.md`` beside this package; the tutorial "Build a new game" writes
it step by step.

==================  =========================================================
registry name       ``beacons`` (entry-point group ``hexkit.games``)
players             2 to 4
questions           :class:`~hexkit_beacons.turn.Menu` (options), an
                    :class:`~hexkit.flow.AskHex` resumed by
                    :class:`~hexkit_beacons.turn.LightAt`; step
                    :class:`~hexkit_beacons.turn.EndTurn`
answers             :class:`~hexkit.flow.OptionChoice`, :class:`~hexkit.flow.HexChoice`
components          :class:`~hexkit.components.Deck` (cards), :class:`~hexkit.components.Pool` (oil)
information         imperfect: other hands and the deck's order are hidden
data                ``data/rules.toml`` (numbers), ``data/terrain.toml``
==================  =========================================================
"""

from hexkit_beacons.game import BeaconsGame
from hexkit_beacons.render import render_text
from hexkit_beacons.state import BeaconsState, PlayerState

__all__ = ["GAME", "BeaconsGame", "BeaconsState", "PlayerState", "render_text"]

GAME = BeaconsGame()
"""The game object the registry loads (``hexkit.load_game("beacons")``)."""
