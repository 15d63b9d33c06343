"""Application settings, read from the environment (the only module that reads it).

``GRAPHPROOF_STORE``, ``GRAPHPROOF_EMBEDDING_MODEL`` and ``GRAPHPROOF_LLM`` configure graphproof;
the standard, un-prefixed ``NEO4J_URI``, ``NEO4J_USER``, ``NEO4J_PASSWORD`` and ``NEO4J_DATABASE``
are read as well (the same variables Neo4j's own tools use).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from graphproof.errors import ConfigError

DEFAULT_STORE = "sqlite:///.graphproof/graph.db"


DEV_NEO4J_PASSWORD = "graphproof-dev"  # noqa: S105 - docker-compose.yml's documented development default


class Settings(BaseSettings):
    """graphproof's configuration. Construct with keyword arguments to override the environment."""

    model_config = SettingsConfigDict(env_prefix="GRAPHPROOF_", extra="ignore", populate_by_name=True, frozen=True)

    store: str = Field(
        default=DEFAULT_STORE,
        description="Store URL: sqlite:///relative.db, sqlite:////absolute.db, sqlite:///:memory:, "
        "neo4j://host:7687, bolt://host:7687 (and their +s / +ssc forms).",
    )
    embedding_model: str | None = Field(
        default=None, description="sentence-transformers model path or cached name; default all-MiniLM-L6-v2."
    )
    embed_bf16: bool | None = Field(
        default=None,
        description="Batch embedding (ingest) under bfloat16 autocast: true, false, or unset for wherever the CPU "
        "multiplies bfloat16 natively (AVX512-BF16, AMX).",
    )
    llm: str | None = Field(default=None, description="A LangChain init_chat_model string such as 'ollama:qwen3:8b'.")
    gnn_checkpoint: str | None = Field(
        default=None, description="A ReaRev checkpoint (graphproof gnn train --out) for ask --method gnn."
    )
    reranker: str | None = Field(
        default=None, description="A sentence-transformers CrossEncoder model name or local path for hybrid-rerank."
    )
    wordnet_dir: str = Field(
        default="/usr/share/wordnet",
        description="WordNet 3.0 index and data files (Debian: wordnet-base) for the offline verifier's synonyms "
        "and antonyms; when absent, a sentence template aligns no paraphrase.",
    )
    neo4j_timeout: float = Field(
        default=5.0, gt=0, description="Seconds to wait for a Neo4j server before giving up (connection timeout)."
    )
    neo4j_uri: str | None = Field(default=None, validation_alias="NEO4J_URI")
    neo4j_user: str = Field(default="neo4j", validation_alias="NEO4J_USER")
    neo4j_password: SecretStr | None = Field(
        default=SecretStr(DEV_NEO4J_PASSWORD),
        validation_alias="NEO4J_PASSWORD",
        description="Neo4j password; defaults to docker-compose.yml's development password.",
    )
    neo4j_database: str | None = Field(default=None, validation_alias="NEO4J_DATABASE")

    @field_validator(
        "embedding_model",
        "llm",
        "reranker",
        "gnn_checkpoint",
        "neo4j_uri",
        "neo4j_database",
        "neo4j_password",
        mode="before",
    )
    @classmethod
    def _blank_is_unset(cls, value: Any) -> Any:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("store", "neo4j_user", mode="before")
    @classmethod
    def _not_blank(cls, value: Any) -> Any:
        if isinstance(value, str) and not value.strip():
            raise ValueError("must not be empty")
        return value


def load_settings(**overrides: Any) -> Settings:
    """``Settings`` from the environment (plus ``overrides``), with a ``ConfigError`` naming bad values."""
    try:
        return Settings(**overrides)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'settings'}: {e['msg']}" for e in exc.errors(include_url=False)
        )
        raise ConfigError(f"invalid graphproof settings ({problems})") from exc
