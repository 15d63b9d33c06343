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


# writes (--allow-writes): upload, enrich, undo --------------------------------------------------------------
def fake_enrich(question: str) -> dict[str, Any]:
    return {"run_id": "run-9", "question": question, "enriched": True, "relations_added": 2, "pages": ["p.html"],
            "path_2nd": [{"text": "Priya → studies → curlews"}], "note": ""}  # fmt: skip


def writer(tmp_path: Path, **options: Any) -> tuple[TestClient, SQLiteStore]:
    """An app with --allow-writes over an empty store; uploads are ingested by ``graphproof.ingest`` (no
    embedding, so no model is loaded)."""
    import graphproof

    store = SQLiteStore(tmp_path / "w.db")
    store.init()

    def ingest(paths: list[Path]) -> dict[str, Any]:
        return graphproof.ingest(store, paths, embed=False).to_dict()

    options = {"asker": fake_ask, "ingester": ingest, "upload_dir": tmp_path / "uploads", **options}
    return TestClient(create_app(store, allow_writes=True, **options), raise_server_exceptions=False), store


WRITES = [("/api/ingest", True), ("/api/ask?question=q&enrich=true", True), ("/api/runs/run-1/undo", True),
          ("/documents/upload", False), ("/runs/run-1/undo", False), ("/ask", False)]  # fmt: skip


@pytest.mark.parametrize(("url", "is_api"), WRITES)
def test_every_write_is_refused_without_allow_writes(client: TestClient, url: str, is_api: bool) -> None:
    refused = client.post(url, files={"files": ("a.txt", b"Herons feed at dawn.")})
    assert refused.status_code == 403
    if is_api:
        assert refused.json() == {"error": "read-only server: start graphproof serve with --allow-writes to upload, "
                                           "enrich or undo", "status": 403}  # fmt: skip
    else:
        assert 'role="alert"' in refused.text and "--allow-writes" in refused.text


def test_read_only_pages_say_how_to_write(client: TestClient) -> None:
    assert "start graphproof serve with --allow-writes to upload" in client.get("/documents").text
    assert 'id="upload-form"' not in client.get("/documents").text
    ask = client.get("/ask").text
    assert 'id="enrich" disabled' in ask and "start with --allow-writes to enrich" in ask
    assert "Undo</button>" not in client.get("/runs").text


def test_a_cross_site_write_is_refused(tmp_path: Path) -> None:
    app, _ = writer(tmp_path)
    upload = {"files": ("a.txt", b"Herons feed at dawn.")}
    for headers in ({"Origin": "http://evil.example"}, {"Sec-Fetch-Site": "cross-site"}, {"Origin": "null"}):
        refused = app.post("/api/ingest", files=upload, headers=headers)
        assert refused.status_code == 403 and "another site" in refused.json()["error"], headers
    assert app.post("/api/ingest", files=upload, headers={"Origin": "http://testserver"}).status_code == 200


def test_an_upload_is_ingested_and_listed(tmp_path: Path) -> None:
    app, store = writer(tmp_path)
    text = b"Lumen Fen Laboratory studies coastal wetlands. Priya Castellan works at Lumen Fen Laboratory."
    added = app.post("/api/ingest", files=[("files", ("notes/../lab notes.md", text))])
    assert added.status_code == 200, added.text
    data = added.json()
    saved = (tmp_path / "uploads" / "lab notes.md").resolve()
    assert data["files"] == [{"name": "lab notes.md", "bytes": len(text), "document_id": saved.as_posix()}]
    assert (data["added"], data["documents"], data["chunks"]) == (1, 1, 1) and data["entities"] > 0
    assert saved.read_bytes() == text
    assert [d["id"] for d in app.get("/api/documents").json()] == [saved.as_posix()]
    assert "Priya Castellan works at" in app.get(f"/documents{saved.as_posix()}").text
    again = app.post("/api/ingest", files=[("files", ("lab notes.md", text))]).json()
    assert (again["added"], again["unchanged"]) == (0, 1)  # the same name is the same document
    assert store.stats().documents == 1


def test_the_documents_page_uploads_and_shows_what_was_added(tmp_path: Path) -> None:
    app, _ = writer(tmp_path)
    page = app.get("/documents")
    assert 'id="upload-form"' in page.text and 'enctype="multipart/form-data"' in page.text
    done = app.post("/documents/upload", files=[("files", ("a.txt", b"Herons feed at dawn.")),
                                                ("files", ("b.txt", b"Curlews nest in the marsh."))])  # fmt: skip
    assert done.status_code == 200
    assert "2 added, 0 replaced, 0 unchanged" in done.text and done.text.count('class="uploaded"') == 2
    assert 'href="/documents/' in done.text


def test_a_compressed_restructuredtext_upload_reads_as_text(tmp_path: Path) -> None:
    import gzip

    app, _ = writer(tmp_path)
    rst = b"Herons\n======\n\n.. image:: https://ci.example/badge.svg\n\nHerons feed at `dawn <https://x.example>`_.\n"
    files = [("files", ("README.rst.gz", gzip.compress(rst))), ("files", ("README", b"Curlews nest in the marsh."))]
    data = app.post("/api/ingest", files=files).json()
    assert data["added"] == 2, data
    page = app.get(f"/documents{data['files'][0]['document_id']}").text
    assert "Herons feed at dawn." in page and "badge.svg" not in page and "image::" not in page
    assert "reStructuredText" in app.get("/documents").text  # the upload form says what it reads


def test_an_uploaded_script_renders_as_text(tmp_path: Path) -> None:
    app, _ = writer(tmp_path)
    data = app.post("/api/ingest", files={"files": ("evil.html.txt", EVIL.encode() + b" lab notes")}).json()
    page = app.get(f"/documents{data['files'][0]['document_id']}")
    assert page.status_code == 200 and "&lt;script&gt;window.pwned=1&lt;/script&gt;" in page.text
    assert "<script>window.pwned" not in page.text and 'onerror="alert' not in page.text


def test_an_oversize_upload_is_refused_with_the_limit(tmp_path: Path) -> None:
    app, store = writer(tmp_path, max_upload=1024)
    big = app.post("/api/ingest", files={"files": ("big.txt", b"x" * 5000)})
    assert big.status_code == 413
    assert big.json()["error"].startswith("upload too large") and "the limit is 1 KiB" in big.json()["error"]
    page = app.post("/documents/upload", files={"files": ("big.txt", b"x" * 5000)})
    assert page.status_code == 413 and 'role="alert"' in page.text and "upload too large" in page.text

    def chunks():  # no Content-Length: the cap holds while the body is read
        yield b"--b\r\nContent-Disposition: form-data; name=\"files\"; filename=\"big.txt\"\r\n\r\n"
        yield b"x" * 5000
        yield b"\r\n--b--\r\n"

    streamed = app.post("/api/ingest", content=chunks(), headers={"Content-Type": "multipart/form-data; boundary=b"})
    assert streamed.status_code == 413 and "more than 1 KiB" in streamed.json()["error"]
    assert store.stats().documents == 0 and not (tmp_path / "uploads" / "big.txt").exists()


def test_bad_uploads_get_a_clear_message(tmp_path: Path) -> None:
    app, _ = writer(tmp_path)
    none = app.post("/api/ingest", data={"note": "no file"}, files={"files": ("", b"")})
    assert none.status_code == 400 and "no file in the upload" in none.json()["error"]
    hidden = app.post("/api/ingest", files={"files": ("..", b"x")})
    assert hidden.status_code == 400 and "unusable file name" in hidden.json()["error"]
    plain = app.post("/api/ingest", content=b"x", headers={"Content-Type": "text/plain"})
    assert plain.status_code == 400 and "multipart/form-data" in plain.json()["error"]
    many = app.post("/api/ingest", files=[("files", (f"n{i}.md", b"# n")) for i in range(21)])
    assert many.status_code == 400 and "at most 20" in many.json()["error"]


def test_enrich_runs_then_answers(tmp_path: Path) -> None:
    asked: list[str] = []
    app, _ = writer(tmp_path, enricher=lambda q: asked.append(q) or fake_enrich(q))
    data = app.post("/api/ask", params={"question": "where do curlews nest", "enrich": "true"}).json()
    assert asked == ["where do curlews nest"]
    assert data["enrichment"]["run_id"] == "run-9" and data["answer"] == "Lumen Fen is in Saltmere."
    ask = app.get("/ask").text
    assert 'name="enrich" value="true" id="enrich"' in ask and 'id="enrich" disabled' not in ask
    page = app.post("/ask", data={"question": "where do curlews nest", "method": "hybrid-rrf", "enrich": "true"})
    assert page.status_code == 200 and asked == ["where do curlews nest"] * 2
    assert 'id="enrichment"' in page.text and "2 triples added" in page.text
    assert "Priya → studies → curlews" in page.text
    assert "Lumen Fen is in Saltmere." in page.text
    without = app.post("/ask", data={"question": "q", "enrich": ""})  # enrich unticked: no run
    assert without.status_code == 200 and asked == ["where do curlews nest"] * 2


def test_enrich_without_an_outside_source_says_so(tmp_path: Path) -> None:
    app, _ = writer(tmp_path)
    refused = app.post("/api/ask", params={"question": "q", "enrich": "true"})
    assert refused.status_code == 400
    assert refused.json()["error"].startswith("enrichment needs an outside-text source: start graphproof serve with "
                                              "--sources DIR|URLS-FILE")  # fmt: skip
    ask = app.get("/ask").text
    assert 'id="enrich" disabled' in ask and "enrichment needs an outside-text source" in ask
    page = app.post("/ask", data={"question": "q", "enrich": "true"})  # the answer still comes, with the message
    assert 'id="enrich-error"' in page.text and "Enrichment not run: enrichment needs" in page.text
    assert "Lumen Fen is in Saltmere." in page.text


def test_the_default_enricher_calls_graphproof_enrich(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import graphproof.api
    from graphproof.web.app import default_enricher

    assert default_enricher(object(), None, False) is None
    calls: list[tuple[Any, ...]] = []

    class Outcome:
        def as_dict(self) -> dict[str, Any]:
            return {"enriched": False, "note": "self-evaluation passed"}

    class Report:
        run_id, outcomes = "run-5", [Outcome()]

    monkeypatch.setattr(graphproof.api, "enrich", lambda *a, **kw: calls.append((a, kw)) or Report())
    enrich = default_enricher("STORE", tmp_path, False)
    assert enrich is not None
    assert enrich("q") == {"run_id": "run-5", "enriched": False, "note": "self-evaluation passed"}
    assert calls == [(("STORE", ["q"]), {"sources": tmp_path, "search": False})]


def enrichment_run(store: SQLiteStore) -> None:
    from graphproof.graph.model import Entity, Relation

    store.begin_run("run-1", "2026-11-24T03:00:00+00:00", ["pages/"], ["where do curlews nest"])
    fact = Relation("curlew", "saltmere marsh", "nests_in", description="curlews nest in Saltmere Marsh",
                    origin="enrichment", source_url="https://example.org/curlews", confidence=0.9,
                    created_at="2026-11-24T03:00:30+00:00")  # fmt: skip
    store.add_run_batch("run-1", "q1", [Entity.named("Curlew", "animal"), Entity.named("Saltmere Marsh", "place")],
                        [fact])  # fmt: skip
    store.finish_run("run-1", "2026-11-24T03:01:00+00:00", "finished", [])


def test_the_runs_page_lists_runs_and_undoes_one(tmp_path: Path) -> None:
    app, store = writer(tmp_path)
    enrichment_run(store)
    page = app.get("/runs").text
    assert 'id="run-run-1"' in page and "pages/" in page and 'action="/runs/run-1/undo"' in page
    undone = app.post("/runs/run-1/undo")
    assert undone.status_code == 200 and "Undid run-1: 1 relations and 2 entities removed" in undone.text
    assert "Undo</button>" not in undone.text  # an undone run has no button
    assert app.get("/api/runs").json()[0]["status"] == "undone" and store.stats().relations == 0
    again = app.post("/api/runs/run-1/undo")
    assert again.status_code == 409 and "run-1" in again.json()["error"]
    missing = app.post("/api/runs/run-x/undo")
    assert missing.status_code == 404 and missing.json()["error"] == "no enrichment run 'run-x'"


def test_undo_through_the_api(tmp_path: Path) -> None:
    app, store = writer(tmp_path)
    enrichment_run(store)
    report = app.post("/api/runs/run-1/undo").json()
    assert (report["run_id"], report["relations_removed"], report["entities_removed"]) == ("run-1", 1, 2)


# graphs drawn with NVL (neo4j-viz) ---------------------------------------------------------------------------
def test_the_ask_page_draws_its_paths_with_nvl(client: TestClient) -> None:
    pytest.importorskip("neo4j_viz")
    import html as html_lib
    import json
    import re

    page = client.get("/ask", params={"question": "where is the lab"}).text
    frame = re.search(r'<iframe id="graph" class="nvl"[^>]* srcdoc="([^"]*)"', page)
    assert frame, "no NVL frame"
    doc = html_lib.unescape(frame.group(1))
    assert '<script type="module" src="/nvl/viz.js?v=' in doc and '<link rel="stylesheet" href="/nvl/viz.css' in doc
    data = json.loads(re.search(r'id="neo4j-viz-data">(.*?)</script>', doc).group(1))
    assert [n["caption"] for n in data["nodes"]] == ["Priya", "Lumen Fen"]
    assert [(r["from"], r["to"], r["caption"]) for r in data["relationships"]] == [("Priya", "Lumen Fen", "works_at")]
    script = client.get("/nvl/viz.js")
    assert script.status_code == 200 and script.headers["content-type"].startswith("text/javascript")
    assert "neo4j-viz-data" in script.text and "immutable" in script.headers["cache-control"]
    assert client.get("/nvl/viz.css").headers["content-type"].startswith("text/css")
    assert client.get("/nvl/other.js").status_code == 404


def test_a_name_cannot_break_out_of_the_graph_frame(tmp_path: Path) -> None:
    pytest.importorskip("neo4j_viz")
    from graphproof.web.nvl import load_bundle

    bundle = load_bundle()
    assert bundle is not None
    evil = '</script><script>alert(1)</script>"><img src=x onerror=alert(2)>'
    doc = bundle.frame([{"id": evil, "label": evil}], [{"from": evil, "to": evil, "label": evil}])
    assert doc.count("</script>") == 2 and "<script>alert" not in doc and "<img" not in doc

    def evil_ask(question: str, method: str, verify: bool, k: int) -> dict[str, Any]:
        return {**fake_ask(question, method, verify, k), "paths": [
            {"text": evil, "entities": [evil, "b"], "relations": [evil], "weight": 1.0}]}  # fmt: skip

    store = SQLiteStore(tmp_path / "e.db")
    page = TestClient(create_app(store, asker=evil_ask)).get("/ask", params={"question": "q"}).text
    assert "<script>alert" not in page and "<img src=x" not in page


def test_without_neo4j_viz_the_paths_are_drawn_on_a_canvas(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    import graphproof.web.app as web

    monkeypatch.setattr(web, "load_bundle", lambda: None)
    page = client.get("/ask", params={"question": "where is the lab"}).text
    assert '<canvas id="graph"' in page and "iframe" not in page and "works_at" in page
    assert client.get("/nvl/viz.js").status_code == 404


def test_an_unexpected_neo4j_viz_page_falls_back() -> None:
    from graphproof.web.nvl import split_page

    assert split_page("<html><body>no bundle</body></html>", "9") is None
    page = ('<script type="module">x("neo4j-viz-abc")</script><style>a{}</style>'
            '<script type="application/json" id="neo4j-viz-data">{"theme": "light", "nodes": []}</script>'
            '<div id="neo4j-viz-abc"></div>')  # fmt: skip
    bundle = split_page(page, "9")
    assert bundle is not None
    assert (bundle.container_id, bundle.style, bundle.settings) == ("neo4j-viz-abc", "a{}", {"theme": "light"})


def test_highlight_marks_question_terms_and_escapes_the_rest() -> None:
    from graphproof.web.app import highlight

    out = str(highlight('Curlews nest at <b>Lumen</b> Fen. curlews, again', ["curlews", "fen"]))
    assert out == "<mark>Curlews</mark> nest at &lt;b&gt;Lumen&lt;/b&gt; <mark>Fen.</mark> <mark>curlews,</mark> again"
    evil = str(highlight('<img src=x onerror="alert(1)"> x', ["x"]))
    assert "<img" not in evil and 'onerror="' not in evil
    assert evil.endswith("<mark>x</mark>")


def test_api_verify_checks_an_answer_against_the_store(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "v.db")
    store.init()
    store.upsert_documents([Document("d", "notes/d.md", hash="h")])
    store.upsert_chunks([Chunk("d#0", "d", 0, "Alice Brown does not own a car. Alice Brown lives in Leeds.")])
    client = TestClient(create_app(store), raise_server_exceptions=False)
    report = client.get("/api/verify", params={"question": "Where does Alice Brown live?",
                                               "answer": "Alice Brown lives in Leeds."}).json()  # fmt: skip
    assert report["chunks"] == ["d#0"] and report["verdict"] == "grounded"
    assert [c["status"] for c in report["claims"]] == ["proved"] and report["claims"][0]["premises"] == ["d#0"]
    refuted = client.get("/api/verify", params={"question": "Does Alice Brown own a car?",
                                                "answer": "Alice Brown owns a car."}).json()  # fmt: skip
    assert refuted["verdict"] == "hallucinated" and refuted["claims"][0]["status"] == "refuted"
    empty = client.get("/api/verify", params={"question": "q", "answer": " "})
    assert empty.status_code == 400 and "non-empty" in empty.json()["error"]
    assert client.get("/api/verify", params={"question": "q", "answer": "a", "k": 0}).status_code == 400
    store.close()


def test_paths_in_display_order_carry_a_caption_that_explains_their_weights(tmp_path: Path) -> None:
    def ordered_ask(question: str, method: str, verify: bool, k: int) -> dict[str, Any]:
        return {**fake_ask(question, method, verify, k), "paths_order": question}

    store = SQLiteStore(tmp_path / "s.db")
    store.init()
    client = TestClient(create_app(store, asker=ordered_ask), raise_server_exceptions=False)
    shown = client.get("/ask", params={"question": "display"}).text
    assert 'id="paths-order"' in shown and "need not fall down the list" in shown
    assert 'id="paths-order"' not in client.get("/ask", params={"question": "weight"}).text
