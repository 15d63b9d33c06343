"""Extractors: chunk texts -> entities and relations (``loaders.types.Extraction``).

``rule`` (``RuleExtractor``, the offline default) needs no model; ``llm`` (``LLMExtractor``) asks a
LangChain chat model. ``make_extractor(name, model)`` builds either by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from graphproof.loaders.extract.errors import ExtractorError

if TYPE_CHECKING:
    from graphproof.loaders.types import Extractor
    from langchain_core.language_models import BaseChatModel

EXTRACTORS: tuple[str, ...] = ("rule", "llm")

__all__ = ["EXTRACTORS", "ExtractorError", "make_extractor"]


def make_extractor(name: str, model: BaseChatModel | None = None, **options: Any) -> Extractor:
    """The extractor called ``name`` (``"rule"`` or ``"llm"``); ``options`` go to its constructor.

    ``"llm"`` needs ``model``; without one this raises ``ExtractorError`` saying how to configure it.
    """
    key = name.strip().casefold() if isinstance(name, str) else name
    if key == "rule":
        from graphproof.loaders.extract.rule import RuleExtractor

        return RuleExtractor(**options)
    if key == "llm":
        if model is None:
            raise ExtractorError(
                "the 'llm' extractor needs a chat model (the model argument: a LangChain chat model such as "
                "init_chat_model('ollama:qwen3:8b')), or use the offline 'rule' extractor"
            )
        from graphproof.loaders.extract.llm import LLMExtractor

        return LLMExtractor(model, **options)
    raise ExtractorError(f"unknown extractor {name!r}; expected one of {', '.join(EXTRACTORS)}")
