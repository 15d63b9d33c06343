"""`graphproof serve` in a real headless Chromium (Debian's, via Playwright's executable_path)."""

import contextlib
import os
import shutil
import socket
import tempfile
import threading
from pathlib import Path

import pytest

CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium") or "") if p and os.path.exists(p)), None)
if CHROMIUM is None:
    pytest.skip("no Chromium found (/usr/bin/chromium): browser tests skipped", allow_module_level=True)
pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")

from graphproof.graph.model import Chunk, Document  # noqa: E402
from graphproof.graph.sqlite_store import SQLiteStore  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from graphproof.demo import DEMO_QUESTION, run_demo  # noqa: E402
from graphproof.web.app import create_app  # noqa: E402

EVIL = "Priya Castellan laboratory located <script>window.pwned=1</script><img src=x onerror=\"window.pwned=2\">"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    out = tmp_path_factory.mktemp("demo")
    result = run_demo(out)
    store = SQLiteStore(result.store)
    store.init()
    store.upsert_documents([Document("evil", "evil.md", title="evil")])
    store.upsert_chunks([Chunk("evil#0", "evil", 0, EVIL)])
    with serving(create_app(store)) as url:
        yield url
    store.close()


@contextlib.contextmanager
def serving(app):
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    while not srv.started:
        thread.join(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join()


def test_ask_in_the_browser(server: str) -> None:
    shots = Path(os.environ.get("GRAPHPROOF_SCREENSHOTS") or tempfile.mkdtemp(prefix="graphproof-shots-"))
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1100, "height": 1400})
        page.goto(f"{server}/ask")
        page.fill("#question", DEMO_QUESTION)
        page.check("#verify")
        page.click("button[type=submit]")
        page.wait_for_selector("#answer .answer, .error", timeout=120_000)
        assert page.locator(".error").count() == 0, page.inner_text("main")
        assert page.inner_text("#answer .answer").strip()
        assert page.locator("li.path").count() >= 1
        assert page.locator(".claim .status").count() >= 1
        assert page.inner_text(".claim .status").strip() in {"proved", "refuted", "unknown"}
        assert_drawn(page, "#paths")
        assert page.evaluate("window.pwned === undefined")
        assert "<script>window.pwned=1</script>" in page.inner_text("#chunks")
        page.wait_for_timeout(2000)  # let NVL's force layout settle before the picture
        page.screenshot(path=str(shots / "ask.png"), full_page=True)
        assert (shots / "ask.png").stat().st_size > 0
        page.goto(f"{server}/entity/priya%20castellan")
        assert page.inner_text("h1").strip() == "Priya Castellan"
        assert_drawn(page, "main")
        browser.close()


def assert_drawn(page, scope: str) -> None:
    """The graph is drawn by NVL (neo4j-viz): its canvas, inside the graph's frame, has a non-zero size."""
    assert page.locator(f"{scope} iframe#graph.nvl").count() == 1, "the graph is not drawn with NVL"
    canvas = page.frame_locator(f"{scope} iframe#graph").locator("canvas").first
    canvas.wait_for(timeout=30_000)
    box = canvas.bounding_box()
    assert box and box["width"] > 100 and box["height"] > 100, box
    drawn = canvas.evaluate("c => c.width > 0 && c.height > 0")
    assert drawn


@pytest.fixture
def writer(tmp_path: Path):
    """A server started with writes allowed over an empty store (uploads ingested without embeddings)."""
    import graphproof

    store = SQLiteStore(tmp_path / "w.db")
    store.init()
    app = create_app(store, allow_writes=True, upload_dir=tmp_path / "uploads",
                     ingester=lambda paths: graphproof.ingest(store, paths, embed=False).to_dict())  # fmt: skip
    with serving(app) as url:
        yield url
    store.close()


def test_upload_in_the_browser(writer: str, tmp_path: Path) -> None:
    notes = tmp_path / "evil notes.txt"  # plain text keeps the tags (Markdown reading drops them)
    notes.write_text("Priya Castellan works at Lumen Fen Laboratory. " + EVIL, encoding="utf-8")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        page = browser.new_page()
        page.goto(f"{writer}/documents")
        page.set_input_files("#files", str(notes))
        page.click("#upload-form button[type=submit]")
        page.wait_for_selector("#ingest-report", timeout=60_000)
        assert "1 added" in page.inner_text("#ingest-report")
        page.click("li.uploaded a")
        assert "<script>window.pwned=1</script>" in page.inner_text("main")
        assert page.evaluate("window.pwned === undefined")
        browser.close()
