"""Where the GNN runs: ``auto`` (CUDA when available, else CPU), ``cpu`` or ``cuda`` (``cuda:N``).

Checkpoints are always saved with CPU tensors and loaded with ``map_location="cpu"``, then moved,
so a checkpoint trained on a GPU loads on a CPU-only machine and the other way round.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from graphproof.reasoning.gnn.errors import GnnError

if TYPE_CHECKING:
    import torch

DEVICE_CHOICES = ("auto", "cpu", "cuda")
_DEVICE = re.compile(r"auto|cpu|cuda(:\d+)?")


class DeviceUnavailable(GnnError):
    """The requested device does not exist on this machine (e.g. ``cuda`` without a CUDA GPU)."""


def resolve_device(name: str | None = "auto") -> torch.device:
    """The ``torch.device`` for ``name``; raises ``DeviceUnavailable`` when CUDA is asked for but absent."""
    import torch

    choice = (name or "auto").strip().lower()
    if not _DEVICE.fullmatch(choice):
        raise DeviceUnavailable(f"device must be auto, cpu, cuda or cuda:N, got {name!r}")
    if choice == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if choice == "cpu":
        return torch.device("cpu")
    if not torch.cuda.is_available():
        built = "this torch build has no CUDA support" if torch.version.cuda is None else "no CUDA GPU is visible"
        raise DeviceUnavailable(f"device {choice!r} was requested but {built}; use --device cpu or auto")
    device = torch.device(choice)
    if device.index is not None and device.index >= torch.cuda.device_count():
        raise DeviceUnavailable(f"device {choice!r} was requested but only {torch.cuda.device_count()} GPU(s) exist")
    return device
