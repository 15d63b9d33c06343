"""Evaluation: retrieval (LiHua-World), hallucination detection (HaluEval, FOLIO), the prover on gold FOL.

Above ``verification`` (which checks one answer) and ``reasoning``: an evaluation runs a method over a
labelled data set and reports its scores. Benchmarks and the ``graphproof eval`` commands call it.
"""
