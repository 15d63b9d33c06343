"""Store URL parsing (pure, no connection) and settings from the environment."""

from __future__ import annotations

from pathlib import Path

import pytest
from graphproof.graph.store import StoreError

from graphproof.errors import ConfigError, InvalidStoreURL
from graphproof.settings import DEFAULT_STORE, Settings, load_settings
from graphproof.stores import StoreTarget, open_store, parse_store_url, redact

ENV = ("GRAPHPROOF_STORE", "GRAPHPROOF_EMBEDDING_MODEL", "GRAPHPROOF_LLM",
       "NEO4J_URI", "NEO4J_USER", "NEO4J_PASSWORD", "NEO4J_DATABASE")  # fmt: skip


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ENV:
        monkeypatch.delenv(name, raising=False)


def test_settings_defaults_and_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    defaults = Settings()
    assert (defaults.store, defaults.neo4j_user, defaults.llm) == (DEFAULT_STORE, "neo4j", None)
    assert defaults.neo4j_password is not None
    assert defaults.neo4j_password.get_secret_value() == "graphproof-dev", "docker-compose.yml's default"
    monkeypatch.setenv("GRAPHPROOF_STORE", "sqlite:///x.db")
    monkeypatch.setenv("GRAPHPROOF_LLM", "ollama:qwen3:8b")
    monkeypatch.setenv("GRAPHPROOF_EMBEDDING_MODEL", "")
    monkeypatch.setenv("NEO4J_USER", "alice")
    monkeypatch.setenv("NEO4J_PASSWORD", "s3cret")
    monkeypatch.setenv("NEO4J_DATABASE", "kg")
    settings = Settings()
    assert (settings.store, settings.llm, settings.embedding_model) == ("sqlite:///x.db", "ollama:qwen3:8b", None)
    assert (settings.neo4j_user, settings.neo4j_database) == ("alice", "kg")
    assert settings.neo4j_password is not None and settings.neo4j_password.get_secret_value() == "s3cret"
    assert "s3cret" not in repr(settings)


def test_invalid_settings_raise_a_config_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRAPHPROOF_STORE", "  ")
    with pytest.raises(ConfigError, match="store"):
        load_settings()


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("sqlite:///graph.db", "/work/dir/graph.db"),
        ("sqlite:///.graphproof/graph.db", "/work/dir/.graphproof/graph.db"),
        ("sqlite:////abs/path/g.db", "/abs/path/g.db"),
        ("sqlite:///my%20graph.db", "/work/dir/my graph.db"),
        ("sqlite:///:memory:", ":memory:"),
        ("sqlite://", ":memory:"),
    ],
)
def test_sqlite_urls(url: str, path: str) -> None:
    assert parse_store_url(url, Settings(), cwd=Path("/work/dir")) == StoreTarget(backend="sqlite", path=path)


def test_neo4j_url_with_credentials_and_database() -> None:
    target = parse_store_url("neo4j+s://bob:p%40ss@db.example.com:7687?database=movies", Settings())
    assert (target.backend, target.uri, target.user, target.database) == (
        "neo4j", "neo4j+s://db.example.com:7687", "bob", "movies",
    )  # fmt: skip
    assert target.password is not None and target.password.get_secret_value() == "p@ss"
    assert "p@ss" not in target.display and "bob@" in target.display


@pytest.mark.parametrize("scheme", ["neo4j", "neo4j+s", "neo4j+ssc", "bolt", "bolt+s", "bolt+ssc"])
def test_neo4j_schemes_take_credentials_from_settings(scheme: str) -> None:
    settings = Settings(NEO4J_USER="carol", NEO4J_PASSWORD="pw", NEO4J_DATABASE="kg")
    target = parse_store_url(f"{scheme}://localhost", settings)
    assert (target.uri, target.user, target.database) == (f"{scheme}://localhost", "carol", "kg")
    assert target.password is not None and target.password.get_secret_value() == "pw"


def test_url_database_wins_over_settings_and_ipv6_hosts_keep_brackets() -> None:
    settings = Settings(NEO4J_DATABASE="kg")
    target = parse_store_url("bolt://[::1]:7688?database=other", settings)
    assert (target.uri, target.database) == ("bolt://[::1]:7688", "other")


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("mysql://localhost/db", "unknown scheme 'mysql'"),
        ("graph.db", "no scheme"),
        ("", "empty"),
        ("sqlite://host/graph.db", "no host"),
        ("sqlite:///graph.db?mode=ro", "no query parameters"),
        ("sqlite:///data/", "directory"),
        ("neo4j://", "needs a host"),
        ("neo4j://localhost:99999", "Port out of range"),
        ("neo4j://localhost/movies", "unexpected path"),
        ("neo4j://localhost?db=x", "unknown query parameter"),
    ],
)
def test_bad_urls_name_the_url_and_the_accepted_forms(url: str, problem: str) -> None:
    with pytest.raises(InvalidStoreURL) as caught:
        parse_store_url(url, Settings())
    message = str(caught.value)
    assert problem in message
    assert repr(url) in message
    assert "sqlite:///relative/path.db" in message and "neo4j://" in message


def test_passwords_are_redacted_in_errors() -> None:
    assert redact("neo4j://bob:hunter2@host") == "neo4j://bob:***@host"
    with pytest.raises(InvalidStoreURL) as caught:
        parse_store_url("neo4j://bob:hunter2@host/path", Settings())
    assert "hunter2" not in str(caught.value)


def test_open_store_creates_sqlite_only_when_asked(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/sub/g.db"
    with pytest.raises(StoreError, match="no graphproof store"):
        open_store(url, Settings(), create=False)
    with open_store(url, Settings()) as store:
        assert store.backend == "sqlite"
        assert Path(store.location) == tmp_path / "sub" / "g.db"
    with open_store(url, Settings(), create=False) as store:
        assert store.stats().entities == 0
