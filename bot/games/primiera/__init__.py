"""Primiera (Albertarelli) on Discord: the Heralds game, classic Scopone, two and three players
and three players with a robot, played from a hand panel to 21 (or 11)."""

from bot.games.primiera.plugin import PrimieraPlugin

PLUGIN = PrimieraPlugin()
