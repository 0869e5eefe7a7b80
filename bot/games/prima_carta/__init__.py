"""Prima Carta on Discord: the tavern game of the Postas deck, played on the table message."""

from bot.games.prima_carta.plugin import PrimaCartaPlugin

PLUGIN = PrimaCartaPlugin()
