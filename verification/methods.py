"""The grounding methods by name, built from the objects they need (the factory lives beside what it builds).

| name              | needs                         | what decides |
|-------------------|-------------------------------|--------------|
| ``offline``       | ``embedder``                  | claims as triples and patterns, Prover9 |
| ``fol``           | ``chat_model``, ``embedder``  | the LLM translates grouped sentences to FOL, Prover9 |
| ``fol-no-grouping``| ``chat_model``               | the same, one sentence at a time |
| ``baseline``      | ``chat_model``                | an LLM judge |
| ``lexical``       | nothing                       | word overlap with the premises (a baseline, not a proof) |
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from graphproof.verification.defaults import DEFAULT_THRESHOLD, DEFAULT_TIMEOUT
from graphproof.verification.errors import VerificationError

if TYPE_CHECKING:
    from graphproof.graph.embed import Embedder
    from graphproof.verification.grounding import GroundingMethod
    from langchain_core.language_models import BaseChatModel

METHOD_NAMES: tuple[str, ...] = ("offline", "fol", "fol-no-grouping", "baseline", "lexical")
NEEDS_CHAT_MODEL = frozenset({"fol", "fol-no-grouping", "baseline"})
NEEDS_EMBEDDER = frozenset({"offline", "fol"})


def build_method(
    name: str,
    *,
    embedder: Embedder | None = None,
    chat_model: BaseChatModel | None = None,
    threshold: float = DEFAULT_THRESHOLD,
    timeout: float = DEFAULT_TIMEOUT,
    wordnet_dir: str | None = None,
) -> GroundingMethod:
    """The grounding method called ``name``; a ``VerificationError`` names what is missing or unknown.

    ``wordnet_dir`` (WordNet index and data files) gives the offline method its synonyms and antonyms; without it,
    or when the files are not there, a sentence template aligns no paraphrase (``verification.templates``)."""
    if name not in METHOD_NAMES:
        raise VerificationError(f"unknown verification method {name!r}; expected one of {', '.join(METHOD_NAMES)}")
    if name in NEEDS_CHAT_MODEL and chat_model is None:
        raise VerificationError(f"verification method {name!r} needs a chat model (the chat_model argument)")
    if name in NEEDS_EMBEDDER and embedder is None:
        raise VerificationError(f"verification method {name!r} needs an embedder (the embedder argument)")
    from graphproof.verification.prover import Prover9

    prover = Prover9(timeout=timeout)
    if name == "lexical":
        from graphproof.verification.lexical import LexicalVerifier

        return LexicalVerifier()
    if name == "offline":
        from pathlib import Path

        from graphproof.verification.offline import OfflineVerifier
        from graphproof.verification.wordnet import load_wordnet

        assert embedder is not None
        wordnet = load_wordnet(Path(wordnet_dir)) if wordnet_dir else None
        return OfflineVerifier(
            embedder,
            prover,
            synonyms=wordnet.synonyms if wordnet else None,
            antonyms=wordnet.antonyms if wordnet else None,
            hypernyms=wordnet.is_a if wordnet else None,
        )
    assert chat_model is not None
    if name == "baseline":
        from graphproof.verification.grounding_judge import LLMJudge

        return LLMJudge(chat_model)
    from graphproof.verification.llm_pipeline import FolPipeline

    grouping = name == "fol"
    group_with = embedder if grouping else None
    return FolPipeline(chat_model, group_with, grouping=grouping, threshold=threshold, prover=prover)
