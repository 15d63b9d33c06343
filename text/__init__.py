"""Text utilities every layer shares: sentence splitting, word lists, alias keys.

The lowest layer: it imports nothing from graphproof, and ``graph``, ``loaders``, ``reasoning`` and
``verification`` all use it, so no layer borrows text helpers from a sibling.
"""
