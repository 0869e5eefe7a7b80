"""Ridotto's Discord side: start-up, settings, storage, the table registry, timers."""
