"""graphproof: verification layer."""
