"""graphproof: graphproof layer."""
