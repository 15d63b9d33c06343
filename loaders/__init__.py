"""graphproof: loaders layer."""
