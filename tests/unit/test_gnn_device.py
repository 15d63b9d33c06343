"""``--device auto|cpu|cuda``: resolution, the CPU path end to end, and CUDA asked for where there is none."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch
from graphproof.reasoning.gnn.device import DeviceUnavailable, resolve_device
from typer.testing import CliRunner

from graphproof.cli import app
from tests.unit.test_gnn_cli import env  # noqa: F401 - the synthetic film graph fixture


@pytest.fixture
def no_cuda(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)


def test_auto_is_cpu_without_cuda_and_cpu_is_cpu(no_cuda: None) -> None:
    assert resolve_device("auto") == torch.device("cpu")
    assert resolve_device(None) == torch.device("cpu")
    assert resolve_device("CPU") == torch.device("cpu")


def test_auto_is_cuda_when_available(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    assert resolve_device("auto") == torch.device("cuda")


@pytest.mark.parametrize("name", ["cuda", "cuda:0"])
def test_cuda_requested_but_unavailable_is_a_clear_error(no_cuda: None, name: str) -> None:
    with pytest.raises(DeviceUnavailable, match=rf"device '{name}' was requested but .*use --device cpu or auto"):
        resolve_device(name)


def test_unknown_device_names_are_refused() -> None:
    with pytest.raises(DeviceUnavailable, match="auto, cpu, cuda or cuda:N"):
        resolve_device("tpu")


def test_cli_trains_and_evaluates_on_cpu_and_refuses_missing_cuda(
    env: tuple[CliRunner, str, Path],  # noqa: F811
    no_cuda: None,
) -> None:
    runner, store, folder = env
    ckpt = folder / "model.pt"
    train = ["--store", store, "gnn", "train", "--qa", str(folder / "train.txt"), "--hops", "1", "--epochs", "2",
             "--batch-size", "8", "--out", str(ckpt)]  # fmt: skip
    result = runner.invoke(app, [*train, "--device", "auto", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["device"] == "cpu"
    saved = torch.load(ckpt, map_location="cpu", weights_only=True)["state_dict"]
    assert all(t.device.type == "cpu" for t in saved.values())
    evaluate = ["--store", store, "gnn", "eval", "--qa", str(folder / "test.txt"), "--ckpt", str(ckpt), "--json"]
    assert runner.invoke(app, [*evaluate, "--device", "cpu"]).exit_code == 0
    paths = ["--store", store, "gnn", "paths", "who directed [Movie 25]", "--ckpt", str(ckpt)]
    for command in (train, evaluate, paths):
        refused = runner.invoke(app, [*command, "--device", "cuda"])
        assert refused.exit_code == 1
        assert "device 'cuda' was requested but" in refused.output
