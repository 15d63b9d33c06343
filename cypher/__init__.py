"""graphproof: cypher layer."""
