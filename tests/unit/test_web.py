"""The web app over a fake asker and a small embedded store: pages, JSON API, escaping, errors, limits."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")
from fastapi.testclient import TestClient
from graphproof.graph.model import Chunk, Document
from graphproof.graph.sqlite_store import SQLiteStore

from graphproof.web.app import create_app

EVIL = '<script>window.pwned=1</script><img src=x onerror="alert(1)">'


def fake_ask(question: str, method: str, verify: bool, k: int) -> dict[str, Any]:
    if question == "boom":
        raise RuntimeError("secret traceback detail")
    return {
        "question": question, "method": method, "answer": "Lumen Fen is in Saltmere.",
        "chunks": [{"id": "c1", "document_id": "d1", "source": "a.md", "text": EVIL + " lab", "score": 1.5, "rank": 1}],
        "paths": [{"text": "Priya → works_at → Lumen Fen", "entities": ["Priya", "Lumen Fen"],
                   "relations": ["works_at"], "weight": 0.8, "chunk_ids": ["c1"]}],
        "claims": [{"text": "Lumen Fen is in Saltmere.", "status": "proved", "fol": "in(lumen_fen, saltmere)",
                    "premises": ["c1"], "reason": "follows from c1"}] if verify else [],
        "gnn": None, "timings": {"total_ms": 1.0},
    }  # fmt: skip


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    store = SQLiteStore(tmp_path / "s.db")
    store.init()
    store.upsert_documents([Document("d1", "a.md", title="A")])
    store.upsert_chunks([Chunk("c1", "d1", 0, EVIL + " lab")])
    return TestClient(create_app(store, asker=fake_ask), raise_server_exceptions=False)


def test_ask_page_escapes_and_shows_result(client: TestClient) -> None:
    page = client.get("/ask", params={"question": "where is the lab", "verify": "true"})
    assert page.status_code == 200
    assert "Lumen Fen is in Saltmere." in page.text and "works_at" in page.text and "proved" in page.text
    assert "<script>window.pwned" not in page.text and "&lt;script&gt;" in page.text
    assert 'onerror="alert' not in page.text


def test_api_ask_and_errors(client: TestClient) -> None:
    data = client.get("/api/ask", params={"question": "q"}).json()
    assert data["answer"] and data["paths"][0]["weight"] == 0.8
    bad = client.get("/api/ask", params={"question": "q", "method": "nope"})
    assert bad.status_code == 400 and "unknown method" in bad.json()["error"]
    boom = client.get("/api/ask", params={"question": "boom"})
    assert boom.status_code == 500 and "Traceback" not in boom.text
    page = client.get("/ask", params={"question": "x" * 3000})
    assert page.status_code == 413 and "role=\"alert\"" in page.text


def test_read_only_and_size_limit(client: TestClient) -> None:
    assert client.post("/ask").status_code == 403
    assert client.post("/api/ask", content=b"x" * (2 << 20)).status_code == 413


def test_store_document_entity_pages_and_openapi(client: TestClient) -> None:
    assert client.get("/api/stats").json()["chunks"] == 1
    assert "&lt;script&gt;" in client.get("/documents/d1").text
    assert client.get("/documents/missing").status_code == 404
    assert client.get("/api/entity/missing").status_code == 404
    assert "/api/ask" in client.get("/openapi.json").json()["paths"]
    assert client.get("/static/graph.js").status_code == 200


def test_documents_list_and_path_ids(client: TestClient, tmp_path: Path) -> None:
    listed = client.get("/api/documents").json()
    assert listed == [{"id": "d1", "source": "a.md", "title": "A", "created_at": "", "chunks": 1}]
    assert client.get("/api/documents", params={"limit": 0}).status_code == 400
    page = client.get("/documents")
    assert page.status_code == 200 and 'href="/documents/d1"' in page.text and "<td>1</td>" in page.text


def test_a_document_identified_by_its_path_has_a_page(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "p.db")
    doc_id = (tmp_path / "notes" / "a.md").as_posix()  # ingest names documents by their absolute path
    store.upsert_documents([Document(doc_id, doc_id, title="A")])
    store.upsert_chunks([Chunk(f"{doc_id}#0", doc_id, 0, "Herons feed at dawn.")])
    client = TestClient(create_app(store, asker=fake_ask), raise_server_exceptions=False)
    assert f'href="/documents/{doc_id}"' in client.get("/documents").text
    for url in (f"/documents/{doc_id}", f"/documents{doc_id}"):  # the page's own link, and with one slash
        page = client.get(url)
        assert page.status_code == 200 and "Herons feed at dawn." in page.text, url


def test_gnn_is_offered_only_with_a_checkpoint(client: TestClient, tmp_path: Path) -> None:
    refused = client.get("/api/ask", params={"question": "q", "method": "gnn"})
    assert refused.status_code == 400 and "gnn needs a checkpoint" in refused.json()["error"]
    assert "<option>gnn</option>" not in client.get("/ask").text
    store = SQLiteStore(tmp_path / "g.db")
    with_model = TestClient(create_app(store, asker=fake_ask, checkpoint="rearev.pt"), raise_server_exceptions=False)
    assert "<option>gnn</option>" in with_model.get("/ask").text
    assert with_model.get("/api/ask", params={"question": "q", "method": "gnn"}).status_code == 200


def test_the_store_page_links_neo4j_browser_for_a_neo4j_store() -> None:
    from graphproof.web.app import browser_url

    class FakeNeo4j:
        backend = "neo4j"
        uri = "neo4j://graph.example:7687"

    assert browser_url(FakeNeo4j()) == "http://graph.example:7474/browser/"
    assert browser_url(SQLiteStore(":memory:")) is None


def test_enrichment_runs_are_listed(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "runs.db")
    store.init()
    store.begin_run("run-1", "2026-11-24T03:00:00+00:00", ["pages/"], ["who directed Kismet"])
    store.finish_run("run-1", "2026-11-24T03:01:00+00:00", "finished", [])
    client = TestClient(create_app(store, asker=fake_ask), raise_server_exceptions=False)
    [run] = client.get("/api/runs").json()
    assert (run["id"], run["status"], run["sources"], run["triples_added"]) == ("run-1", "finished", ["pages/"], 0)
    assert client.get("/api/runs", params={"limit": 0}).status_code == 400
