"""The configured LangChain chat model (``GRAPHPROOF_LLM``), created only when a step needs one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from graphproof.errors import GraphproofError
from graphproof.settings import Settings

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

LLM_HELP = "set GRAPHPROOF_LLM to an init_chat_model string such as ollama:qwen3:8b or openai:gpt-4o-mini"


def chat_model(settings: Settings) -> BaseChatModel:
    """``init_chat_model(settings.llm)``; a clear error when none is configured or it cannot be created."""
    if not settings.llm:
        raise GraphproofError(f"this step needs an LLM: {LLM_HELP}")
    from langchain.chat_models import init_chat_model

    try:
        return init_chat_model(settings.llm)
    except (ImportError, ValueError) as exc:
        raise GraphproofError(
            f"cannot create the chat model {settings.llm!r}: {exc} (the provider's LangChain package, e.g. "
            "langchain-ollama or langchain-openai, must be installed)"
        ) from exc
