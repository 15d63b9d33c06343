"""`graphproof serve` in a real headless Chromium (Debian's, via Playwright's executable_path)."""

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
    port = free_port()
    config = uvicorn.Config(create_app(store), host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    while not srv.started:
        thread.join(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join()
    store.close()


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
        box = page.locator("canvas#graph").bounding_box()
        assert box and box["width"] > 0 and box["height"] > 0
        assert page.evaluate("window.pwned === undefined")
        assert "<script>window.pwned=1</script>" in page.inner_text("#chunks")
        page.screenshot(path=str(shots / "ask.png"), full_page=True)
        assert (shots / "ask.png").stat().st_size > 0
        browser.close()
