"""Shared fixtures: paths to the public evaluation data and a session-wide real embedder."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = ROOT.parent / "shared" / "data"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """``../shared/data`` beside the project; tests that need it skip when it is absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"evaluation data not found at {SHARED_DATA} (expected ../shared/data beside the project)")
    return SHARED_DATA


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say once, not once per test, why the Neo4j half of the contract suite was skipped."""
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if "neo4j" in r.keywords]
    if skipped:
        from tests.contract.graph_fixture import NEO4J_HOWTO

        terminalreporter.write_line(f"{len(skipped)} Neo4j backend tests skipped. {NEO4J_HOWTO}")


@pytest.fixture(autouse=True)
def _wide_fixed_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """CLI output never depends on the terminal running the tests: rich sees a fixed 200-column, colourless one."""
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("LINES", "50")
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
