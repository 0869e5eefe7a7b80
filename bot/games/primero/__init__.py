"""Primero under the Bergamese rules on Discord: bids, passes and stakes from a hand panel."""

from bot.games.primero.plugin import PrimeroPlugin

PLUGIN = PrimeroPlugin()
