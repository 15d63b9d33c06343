"""graphproof: knowledge-graph RAG with BM25-scored graph paths, GNN reasoning and FOL-checked answers.

The public API (see ``graphproof.api``)::

    import graphproof
    store = graphproof.open_store("sqlite:///notes.db")
    graphproof.ingest(store, ["docs/"])
    result = graphproof.ask(store, "Who built the Heron Mk II drones?", verify=True)
    print(result.to_dict()["answer"])

Names are imported on first use, so ``import graphproof`` loads neither torch nor a model.
"""

from __future__ import annotations

from importlib import import_module
from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from graphproof.api import Reasoner, ask, enrich, ingest, open_store, verify
    from graphproof.graph.errors import GraphproofError
    from graphproof.rag import AskResult, GraphRAG

__all__ = ["AskResult", "GraphRAG", "GraphproofError", "Reasoner", "__version__", "ask", "enrich", "ingest",
           "open_store", "verify"]  # fmt: skip

_LAZY = {
    "open_store": "graphproof.api",
    "ingest": "graphproof.api",
    "ask": "graphproof.api",
    "verify": "graphproof.api",
    "enrich": "graphproof.api",
    "Reasoner": "graphproof.api",
    "GraphRAG": "graphproof.rag",
    "AskResult": "graphproof.rag",
    "GraphproofError": "graphproof.graph.errors",
}

try:
    __version__ = version("graphproof")
except PackageNotFoundError:  # running from a source tree that was not installed
    __version__ = "0+unknown"


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'graphproof' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
