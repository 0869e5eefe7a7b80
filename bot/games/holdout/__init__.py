"""Holdout (Postes de Cerca) on Discord: stacks at the table, the secret pass and the line."""

from bot.games.holdout.plugin import HoldoutPlugin

PLUGIN = HoldoutPlugin()
