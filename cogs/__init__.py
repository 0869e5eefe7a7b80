"""Thin Discord layer: parse the interaction, check who may act, call the table or store, render."""
