"""Checkpoints: the model's weights with its config, relation vocabulary, encoder and export caps.

A checkpoint is one ``torch.save`` file holding only tensors and plain values, so it is read back
with ``weights_only=True`` (no pickled code). ``MODEL_VERSION`` changes whenever the model's
architecture or the meaning of a stored field does; an older or newer checkpoint is refused with a
message that says to retrain.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import torch
from graphproof.graph.embed import Embedder
from graphproof.reasoning.gnn.errors import CheckpointError, CheckpointMismatch
from graphproof.reasoning.gnn.export import ExportConfig
from graphproof.reasoning.gnn.model import ModelConfig, ReaRev
from graphproof.reasoning.gnn.vocab import RelationVocab

FORMAT = "graphproof-rearev"
MODEL_VERSION = 1


@dataclass
class Checkpoint:
    """A loaded (or about to be saved) model with everything needed to use it on a store."""

    model: ReaRev
    vocab: RelationVocab
    export: ExportConfig
    encoder_name: str
    encoder_dimensions: int
    summary: dict[str, Any] = field(default_factory=dict)

    def check_encoder(self, embedder: Embedder, path: str | Path = "<checkpoint>") -> None:
        """``CheckpointMismatch`` unless ``embedder`` is the encoder the model was trained with."""
        if embedder.name != self.encoder_name or embedder.dimensions != self.encoder_dimensions:
            raise CheckpointMismatch(
                f"checkpoint {str(path)!r} was trained with the encoder {self.encoder_name!r} "
                f"({self.encoder_dimensions} dimensions), but the configured embedder is {embedder.name!r} "
                f"({embedder.dimensions} dimensions); load it with an embedder of the former model, or retrain"
            )


def save_checkpoint(checkpoint: Checkpoint, path: str | Path) -> Path:
    """Write ``checkpoint`` to ``path`` (parent folders are created)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    payload = {
        "format": FORMAT,
        "version": MODEL_VERSION,
        "config": checkpoint.model.config.as_dict(),
        "export": checkpoint.export.as_dict(),
        "predicates": list(checkpoint.vocab.predicates),
        "relation_texts": checkpoint.vocab.texts(),
        "encoder": {"name": checkpoint.encoder_name, "dimensions": checkpoint.encoder_dimensions},
        "summary": checkpoint.summary,
        "state_dict": checkpoint.model.state_dict(),
    }
    torch.save(payload, target)
    return target


def load_checkpoint(path: str | Path) -> Checkpoint:
    """Read a checkpoint; ``CheckpointError`` when unreadable, ``CheckpointMismatch`` for another version."""
    source = Path(path)
    if not source.is_file():
        raise CheckpointError(f"checkpoint {str(source)!r} does not exist; train one with `graphproof gnn train`")
    try:
        payload = torch.load(source, map_location="cpu", weights_only=True)
    except pickle.UnpicklingError as exc:  # weights_only refused a pickled object: say so in one line
        raise CheckpointError(
            f"cannot read checkpoint {str(source)!r}: it holds Python objects other than tensors and plain data, "
            "which are refused for safety; train a checkpoint with `graphproof gnn train`"
        ) from exc
    except OSError as exc:
        raise CheckpointError(f"cannot read checkpoint {str(source)!r}: {exc.strerror or exc}") from exc
    except Exception as exc:  # torch's loaders raise many kinds (KeyError, EOFError, zip errors) on foreign files
        raise CheckpointError(
            f"cannot read checkpoint {str(source)!r}: not a PyTorch checkpoint file ({type(exc).__name__})"
        ) from exc
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        raise CheckpointError(f"{str(source)!r} is not a graphproof ReaRev checkpoint (expected format {FORMAT!r})")
    version = payload.get("version")
    if version != MODEL_VERSION:
        raise CheckpointMismatch(
            f"checkpoint {str(source)!r} was written for model version {version!r}; this graphproof reads version "
            f"{MODEL_VERSION}: retrain it with `graphproof gnn train`"
        )
    try:
        config = ModelConfig.from_dict(payload["config"])
        vocab = RelationVocab(tuple(payload["predicates"]))
        model = ReaRev(config, payload["state_dict"]["relation_text"])
        model.load_state_dict(payload["state_dict"])
        export = ExportConfig.from_dict(payload["export"])
        encoder = payload["encoder"]
        checkpoint = Checkpoint(model, vocab, export, str(encoder["name"]), int(encoder["dimensions"]),
                                dict(payload.get("summary", {})))  # fmt: skip
    except (KeyError, TypeError, ValueError, RuntimeError) as exc:
        raise CheckpointError(f"checkpoint {str(source)!r} is damaged or incomplete: {exc}") from exc
    if model.num_relations != vocab.size:
        raise CheckpointError(
            f"checkpoint {str(source)!r} is inconsistent: {vocab.size} predicates but {model.num_relations} "
            "relation embeddings"
        )
    model.eval()
    return checkpoint
