"""Pure game rules for Ridotto: no Discord, no I/O, no clock; deterministic for a seed."""
