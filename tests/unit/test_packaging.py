"""The install puts every layer under the one ``graphproof`` namespace and nothing at the top level beside it."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ("graph", "cypher", "loaders", "reasoning", "verification", "evaluation", "text")


def _setuptools() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def test_every_package_folder_is_installed_under_graphproof() -> None:
    config = _setuptools()
    mapping = config["package-dir"]
    assert all(name == "graphproof" or name.startswith("graphproof.") for name in config["packages"])
    found = set()
    for layer in (*LAYERS, "graphproof"):
        for init in (ROOT / layer).rglob("__init__.py"):
            parts = init.parent.relative_to(ROOT).parts
            dotted = ".".join(parts) if parts[0] == "graphproof" else "graphproof." + ".".join(parts)
            found.add(dotted)
    data_folders = {"demo_corpus", "templates", "prompts", "static"}
    data = {name for name in config["packages"] if name.rsplit(".", 1)[-1] in data_folders}
    assert found == set(config["packages"]) - data, "pyproject's package list and the package folders differ"
    assert {mapping[f"graphproof.{layer}"] for layer in LAYERS} == set(LAYERS)


def test_no_module_imports_a_bare_layer_name() -> None:
    offenders = []
    for path in ROOT.rglob("*.py"):
        if any(part in {".venv", "node_modules", "build"} for part in path.parts):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            offenders += [f"{path.relative_to(ROOT)}: {n}" for n in names if n.split(".")[0] in LAYERS]
    assert offenders == []
