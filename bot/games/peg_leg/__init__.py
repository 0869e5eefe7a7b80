"""Peg Leg on Discord: the house banks bets on how tall the key suit's stack ends."""

from bot.games.peg_leg.plugin import PegLegPlugin

PLUGIN = PegLegPlugin()
