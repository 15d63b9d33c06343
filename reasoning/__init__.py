"""graphproof: reasoning layer."""
