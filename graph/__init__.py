"""graphproof: graph layer."""
