"""Prefa (Greek Preference) on Discord: bidding, the kitty, the defence and the tricks from
private hand panels; pouches and chips on a score sheet, for the scoreboard or the bankroll."""

from bot.games.prefa.plugin import PrefaPlugin

PLUGIN = PrefaPlugin()
