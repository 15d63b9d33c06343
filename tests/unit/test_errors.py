"""Every error graphproof raises on purpose descends from one root, so callers (the CLI) catch one class."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from graphproof.graph.errors import GraphproofError, LLMReplyError

PACKAGES = ("graphproof.graph", "graphproof.loaders", "graphproof.reasoning", "graphproof.verification")


def _error_classes() -> list[type[BaseException]]:
    found: list[type[BaseException]] = []
    for name in PACKAGES:
        package = importlib.import_module(name)
        for info in pkgutil.walk_packages(package.__path__, prefix=f"{name}."):
            if not info.name.endswith(("errors", "embed", "store", "resolve")):
                continue
            module = importlib.import_module(info.name)
            found += [
                obj
                for _, obj in inspect.getmembers(module, inspect.isclass)
                if issubclass(obj, Exception) and obj.__module__ == module.__name__
            ]
    return found


def test_every_layer_error_descends_from_the_one_root() -> None:
    classes = _error_classes()
    names = {cls.__name__ for cls in classes}
    assert {"StoreError", "EmbeddingError", "LoaderError", "ReasoningError", "GnnError", "VerificationError"} <= names
    outside = [f"{cls.__module__}.{cls.__name__}" for cls in classes if not issubclass(cls, GraphproofError)]
    assert outside == []


def test_one_llm_reply_error_shared_by_every_layer() -> None:
    from graphproof.reasoning.gnn import errors as gnn_errors
    from graphproof.verification import grounding_errors

    assert gnn_errors.LLMReplyError is LLMReplyError
    assert grounding_errors.LLMReplyError is LLMReplyError


def test_the_shell_reexports_the_root() -> None:
    from graphproof import errors as shell

    assert shell.GraphproofError is GraphproofError
    shell_errors = (shell.ConfigError, shell.InvalidStoreURL, shell.ExportError)
    assert all(issubclass(cls, GraphproofError) for cls in shell_errors)
