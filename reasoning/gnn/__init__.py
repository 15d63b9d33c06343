"""GNN reasoning over subgraphs exported from the graph store: ReaRev (Mavromatis & Karypis, 2022) in PyG.

Modules (nothing is loaded at import time; torch and PyG are imported by the modules that need them):

- ``qa``: MetaQA-format question files (``question<TAB>ans1|ans2``, topic entity in ``[brackets]``).
- ``linking``: topic entities of a question (exact name, then full-text, then vector).
- ``export``: the capped k-hop subgraph of a question as a PyG ``Data``.
- ``encoder``: the frozen sentence-transformer that encodes questions and relation text.
- ``layers`` / ``model``: ReaRev's message-passing layers and the adaptive reasoning model.
- ``train`` / ``supervision`` / ``evaluate`` / ``metrics`` / ``checkpoint``: training with early stopping
  (plus an auxiliary hop-wise loss), KGQA metrics, checkpoints.
- ``paths`` / ``rog`` / ``reason``: reasoning paths (BFS in the subgraph, LLM relation paths) and the
  ``GnnReasoner`` library API that ``graphproof ask --method gnn`` uses.
- ``baseline``: a non-learned baseline (BFS ranked by relation-text similarity to the question).
- ``synthetic``: a tiny film graph with known answers (tests, smoke checks).
"""
