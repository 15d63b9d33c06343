"""Store URLs (SQLAlchemy style) and opening the store they name.

Accepted forms:

- ``sqlite:///relative/path.db`` (relative to the current directory), ``sqlite:////absolute/path.db``,
  ``sqlite:///:memory:`` (a throw-away store);
- ``neo4j://host[:port]``, ``neo4j+s://``, ``neo4j+ssc://``, ``bolt://``, ``bolt+s://``, ``bolt+ssc://``,
  optionally with ``user:password@`` and ``?database=name``. Without credentials in the URL the
  user and password come from ``NEO4J_USER`` / ``NEO4J_PASSWORD``; without ``?database=`` the
  database comes from ``NEO4J_DATABASE`` (else the server's default).

``parse_store_url`` is pure (no connection, no file system writes) so it can be tested alone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal
from urllib.parse import parse_qs, unquote, urlsplit

from pydantic import BaseModel, ConfigDict, SecretStr

from graphproof.errors import InvalidStoreURL
from graphproof.graph.store import ConnectionFailed, GraphStore, StoreError
from graphproof.settings import Settings

NEO4J_SCHEMES = frozenset({"neo4j", "neo4j+s", "neo4j+ssc", "bolt", "bolt+s", "bolt+ssc"})
MEMORY = ":memory:"
ACCEPTED_FORMS = (
    "sqlite:///relative/path.db, sqlite:////absolute/path.db, sqlite:///:memory:, "
    "neo4j://[user:password@]host[:port][?database=name] "
    "(also neo4j+s, neo4j+ssc, bolt, bolt+s, bolt+ssc)"
)


class StoreTarget(BaseModel):
    """Where a store URL points: an SQLite file (``path``) or a Neo4j server (``uri`` and credentials)."""

    model_config = ConfigDict(frozen=True)

    backend: Literal["sqlite", "neo4j"]
    path: str | None = None
    uri: str | None = None
    user: str | None = None
    password: SecretStr | None = None
    database: str | None = None

    @property
    def display(self) -> str:
        """A description safe to print (never the password)."""
        if self.backend == "sqlite":
            return f"sqlite:{self.path}"
        who = f"{self.user}@" if self.user else ""
        db = f" (database {self.database})" if self.database else ""
        return f"{self.uri}{db}".replace("://", f"://{who}", 1)


def redact(url: str) -> str:
    """``url`` with any password replaced by ``***`` (for error messages)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "<unparsable URL>"
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return parts._replace(netloc=netloc).geturl()


def _invalid(url: str, problem: str) -> InvalidStoreURL:
    return InvalidStoreURL(f"invalid store URL {redact(url)!r}: {problem}; expected one of: {ACCEPTED_FORMS}")


def _sqlite_target(url: str, cwd: Path) -> StoreTarget:
    rest = url[len("sqlite:") :]
    if rest in ("", "//"):
        return StoreTarget(backend="sqlite", path=MEMORY)
    if not rest.startswith("///"):
        raise _invalid(
            url, "an SQLite URL has no host: use three slashes before a relative path, four before an absolute one"
        )
    raw, _, query = rest[3:].partition("?")
    if query:
        raise _invalid(url, "SQLite URLs take no query parameters")
    path = unquote(raw)
    if not path:
        return StoreTarget(backend="sqlite", path=MEMORY)
    if path == MEMORY:
        return StoreTarget(backend="sqlite", path=MEMORY)
    if path.endswith("/"):
        raise _invalid(url, "the SQLite path names a directory; expected a file such as graph.db")
    return StoreTarget(backend="sqlite", path=str(cwd / path))


def _neo4j_target(url: str, settings: Settings) -> StoreTarget:
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise _invalid(url, str(exc)) from exc
    if not parts.hostname:
        raise _invalid(url, "a Neo4j URL needs a host, e.g. neo4j://localhost:7687")
    if parts.path not in ("", "/"):
        raise _invalid(url, f"unexpected path {parts.path!r} (give the database as ?database=name)")
    query = parse_qs(parts.query, keep_blank_values=True)
    unknown = sorted(set(query) - {"database"})
    if unknown:
        raise _invalid(url, f"unknown query parameter(s) {', '.join(unknown)} (only 'database' is accepted)")
    database = query.get("database", [""])[-1] or settings.neo4j_database
    host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    uri = f"{parts.scheme}://{host}" + (f":{port}" if port is not None else "")
    if parts.username is not None:
        user = unquote(parts.username)
        password = SecretStr(unquote(parts.password)) if parts.password is not None else settings.neo4j_password
    else:
        user, password = settings.neo4j_user, settings.neo4j_password
    return StoreTarget(backend="neo4j", uri=uri, user=user, password=password, database=database)


def parse_store_url(url: str, settings: Settings | None = None, cwd: Path | None = None) -> StoreTarget:
    """Where ``url`` points; raises ``InvalidStoreURL`` naming the URL and the accepted forms."""
    if not isinstance(url, str) or not url.strip():
        raise _invalid(str(url), "the URL is empty")
    url = url.strip()
    scheme = url.partition(":")[0].lower() if ":" in url else ""
    if scheme == "sqlite":
        return _sqlite_target(url, cwd or Path.cwd())
    if scheme in NEO4J_SCHEMES:
        return _neo4j_target(url, settings or Settings())
    if not scheme or "://" not in url:
        raise _invalid(url, "no scheme (a bare path is not a store URL; write sqlite:///path/to/graph.db)")
    raise _invalid(url, f"unknown scheme {scheme!r}")


def open_target(
    target: StoreTarget, *, create: bool = True, read_only: bool = False, timeout: float = 5.0
) -> GraphStore:
    """Open (and for SQLite, create unless ``create=False``) the store a ``StoreTarget`` names.

    ``read_only`` opens an SQLite file without writing anything to it (a read-only file works too).
    """
    if target.backend == "sqlite":
        assert target.path is not None
        if not create and target.path != MEMORY and not Path(target.path).is_file():
            raise StoreError(
                f"no graphproof store at {target.path!r}; create one with `graphproof init` or "
                "`graphproof import-triples`, or choose another with --store"
            )
        from graphproof.graph.sqlite_store import SQLiteStore

        return SQLiteStore(target.path, read_only=read_only)
    assert target.uri is not None
    try:
        from graphproof.graph.neo4j_store import Neo4jStore
    except ImportError as exc:
        raise StoreError(f"the Neo4j backend is not available in this installation: {exc}") from exc
    password = target.password.get_secret_value() if target.password is not None else ""
    try:
        return Neo4jStore(
            target.uri, target.user or "neo4j", password, database=target.database, connection_timeout=timeout
        )
    except ConnectionFailed as exc:
        if target.password is None and "auth" in str(exc).lower():
            raise ConnectionFailed(
                f"{exc} (no password was given: put it in the URL, neo4j://user:password@host, or set NEO4J_PASSWORD)"
            ) from exc
        if "cannot reach" in str(exc):
            raise ConnectionFailed(
                f"{exc} Start it with `docker compose up -d`, or choose another store with --store / GRAPHPROOF_STORE "
                "(the wait is GRAPHPROOF_NEO4J_TIMEOUT seconds)"
            ) from exc
        raise


def open_store(
    url: str | None = None, settings: Settings | None = None, *, create: bool = True, read_only: bool = False
) -> GraphStore:
    """The store ``url`` names (default: ``settings.store``). The caller closes it (it is a context manager)."""
    settings = settings or Settings()
    target = parse_store_url(url or settings.store, settings)
    return open_target(target, create=create, read_only=read_only, timeout=settings.neo4j_timeout)
