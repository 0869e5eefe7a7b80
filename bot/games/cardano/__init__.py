"""Primero under Cardano's Milanese rules on Discord: invitations, changes, the vie and the
final duel, played from a hand panel."""

from bot.games.cardano.plugin import CardanoPlugin

PLUGIN = CardanoPlugin()
