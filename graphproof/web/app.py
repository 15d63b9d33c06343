"""The FastAPI app: Ask, Entity, Documents, Runs and Store pages and a JSON API beside them.

No logic of its own: answers come from the public ask pipeline (``graphproof.GraphRAG``, what
``graphproof.ask`` and the CLI use), uploads go to ``graphproof.ingest`` and enrichment to
``graphproof.enrich``. Jinja2 autoescapes every page, so document text renders as text. Graphs are
drawn with NVL through neo4j-viz (``web/nvl.py``), else on a plain canvas. Read-only unless
``allow_writes``: every write (POST) answers 403 without it, and a cross-site write is refused always.
"""

import dataclasses
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from graphproof.web.forms import BodyError, read_form, read_uploads, safe_filename, size_text
from graphproof.web.nvl import load_bundle

HERE = Path(__file__).parent
MAX_QUESTION = 2000
MAX_BODY = 1 << 20
MAX_UPLOAD = 10 << 20  # a whole upload (every file of one request)
MAX_FILES = 20
UPLOAD_PATHS = ("/api/ingest", "/documents/upload")
STOP = frozenset(
    ["that", "this", "what", "where", "when", "which", "with", "from", "have", "does", "were", "their", "there"]
)
CSP = "default-src 'self'; img-src 'self' data:; font-src 'self' data:; style-src 'self' 'unsafe-inline'"
READ_ONLY = "read-only server: start graphproof serve with --allow-writes to upload, enrich or undo"
NO_SOURCE = ("enrichment needs an outside-text source: start graphproof serve with --sources DIR|URLS-FILE "
             "(saved pages or a list of URLs) or --search")  # fmt: skip


class WebError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


def default_asker(store: Any, checkpoint: str | None = None, embedder: Any = None) -> Callable[..., dict[str, Any]]:
    """``ask(question, method, verify, k) -> dict``: the public pipeline object (``graphproof.GraphRAG``), built
    once per app so the embedding model is loaded once, not per request."""
    from graphproof.components import make_rag
    from graphproof.settings import load_settings

    rag = make_rag(store, load_settings(), verify_method="offline", use_llm=True, checkpoint=checkpoint,
                   embedder=embedder)  # fmt: skip

    def ask(question: str, method: str, verify: bool, k: int) -> dict[str, Any]:
        return rag.ask(question, method=method, verify=verify, k=k).to_dict()

    return ask


def default_verifier(store: Any) -> Callable[[str, str, int], dict[str, Any]]:
    """``verify(question, answer, k) -> report``: ``graphproof.verify`` with the offline method against the
    store's top ``k`` chunks for the question; the verifier is built once."""
    from graphproof.components import make_rag, make_verifier
    from graphproof.settings import load_settings
    from graphproof.verification.grounding import Passage

    settings = load_settings()
    verifier, retriever = make_verifier("offline", settings), make_rag(store, settings, use_llm=False).retriever

    def verify(question: str, answer: str, k: int) -> dict[str, Any]:
        chunks = retriever.retrieve(question, "hybrid-rrf").chunks[:k]
        report = verifier.check(question, [Passage(h.item.id, h.item.text) for h in chunks], answer)
        return {**report.to_dict(), "chunks": [h.item.id for h in chunks]}

    return verify


def default_enricher(store: Any, sources: Path | None, search: bool) -> Callable[[str], dict[str, Any]] | None:
    """``enrich(question) -> outcome``: one recorded run of ``graphproof.enrich`` for the question (as ``ask
    --enrich`` does), or None when no outside-text source is configured."""
    if sources is None and not search:
        return None

    def enrich(question: str) -> dict[str, Any]:
        from graphproof.api import enrich as _enrich

        report = _enrich(store, [question], sources=sources, search=search)
        return {"run_id": report.run_id, **report.outcomes[0].as_dict()}

    return enrich


def default_ingester(store: Any, embedder: Callable[[], Any]) -> Callable[[list[Path]], dict[str, Any]]:
    """``ingest(paths) -> report``: ``graphproof.ingest`` with the app's embedder (loaded once)."""

    def ingest(paths: list[Path]) -> dict[str, Any]:
        from graphproof.api import ingest as _ingest

        return _ingest(store, paths, embedder=embedder()).to_dict()

    return ingest


def browser_url(store: Any) -> str | None:
    """Neo4j Browser beside a Neo4j store (``http://<host>:7474/browser/``); None for the embedded store."""
    from urllib.parse import urlsplit

    uri = getattr(store, "uri", None) if getattr(store, "backend", "") == "neo4j" else None
    host = urlsplit(uri).hostname if uri else None
    return f"http://{host}:7474/browser/" if host else None


def cross_site(headers: Any) -> bool:
    """A request a page of another site made (the browser says so): never allowed to write."""
    from urllib.parse import urlsplit

    if headers.get("sec-fetch-site", "") == "cross-site":
        return True
    origin = headers.get("origin")
    return bool(origin) and (origin == "null" or urlsplit(origin).netloc != headers.get("host", ""))


def path_graph(result: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The nodes and edges of an ask result's paths (entity names as ids), each edge once."""
    seeds = {e.get("name") for e in result.get("entities", [])}
    nodes: dict[str, dict[str, Any]] = {}
    edges: dict[tuple[str, str, str], dict[str, Any]] = {}
    for p in result.get("paths", []):
        ents, rels = p.get("entities", []), p.get("relations", [])
        origins, urls = p.get("origins", []), p.get("source_urls", [])
        for e in ents:
            nodes.setdefault(e, {"id": e, "label": e, "seed": e in seeds, "properties": {"name": e}})
        for i, r in enumerate(rels):
            if i + 1 < len(ents):
                props = {"predicate": r, "origin": origins[i] if i < len(origins) else "",
                         "path weight": round(float(p.get("weight", 0.0)), 3)}  # fmt: skip
                if i < len(urls) and urls[i]:
                    props["source_url"] = urls[i]
                edges.setdefault((ents[i], r, ents[i + 1]),
                                 {"id": f"e{len(edges)}", "from": ents[i], "to": ents[i + 1], "label": r,
                                  "properties": props})  # fmt: skip
    return list(nodes.values()), list(edges.values())


def highlight(text: str, terms: Any) -> Any:
    """``text`` escaped, each word whose lower-case form (less trailing ``.,?!;:``) is one of ``terms`` in
    ``<mark>`` — done here, not word by word in the template (a page of ten chat chunks has ~3,000 words)."""
    from markupsafe import Markup

    wanted, mark = set(terms), Markup("<mark>{}</mark>")
    return Markup(" ").join(mark.format(w) if w.lower().strip(".,?!;:") in wanted else w for w in text.split(" "))


def drawing(nodes: list[dict[str, Any]], edges: list[dict[str, Any]]) -> dict[str, Any]:
    """What a page draws: ``{"nvl": srcdoc}`` with neo4j-viz, else ``{"canvas": {nodes, edges}}`` for graph.js."""
    bundle = load_bundle()
    if bundle is not None:
        return {"nvl": bundle.frame(nodes, edges)}
    return {"canvas": {"nodes": [{"id": n["id"], "label": n["label"]} for n in nodes],
                       "edges": [{"from": e["from"], "to": e["to"], "label": e["label"]} for e in edges]}}  # fmt: skip


def create_app(
    store: Any, *, allow_writes: bool = False, asker: Callable[..., dict[str, Any]] | None = None,
    checkpoint: str | None = None, enrich_sources: Path | None = None, enrich_search: bool = False,
    enricher: Callable[[str], dict[str, Any]] | None = None,
    ingester: Callable[[list[Path]], dict[str, Any]] | None = None, upload_dir: Path | None = None,
    max_upload: int = MAX_UPLOAD, verifier: Callable[[str, str, int], dict[str, Any]] | None = None,
) -> Any:  # fmt: skip
    """The app over ``store``; ``checkpoint`` (a GNN checkpoint) adds the ``gnn`` method to the picker.

    With ``allow_writes``: uploads are saved in ``upload_dir`` (their path is the document's id, so uploading
    a file of the same name again replaces that document) and ingested; the Ask page's "enrich" runs
    ``graphproof.enrich`` over ``enrich_sources`` (a folder of saved pages or a file of URLs) or
    ``enrich_search``; the Runs page can undo a run. ``asker``, ``enricher``, ``ingester`` and ``verifier``
    replace the defaults (tests).
    """
    from fastapi import FastAPI, Request
    from fastapi.responses import HTMLResponse, JSONResponse, Response
    from fastapi.staticfiles import StaticFiles
    from fastapi.templating import Jinja2Templates

    from graphproof.reasoning.retriever import METHODS
    from graphproof.render import PATHS_ORDER_CAPTION

    methods = (*METHODS, "gnn") if checkpoint else tuple(METHODS)
    app = FastAPI(title="graphproof", description="Ask, see the chunks, paths and proof; browse the graph.")
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    templates = Jinja2Templates(directory=HERE / "templates")
    templates.env.globals.update(allow_writes=allow_writes)
    templates.env.filters["highlight"] = highlight
    uploads = Path(upload_dir) if upload_dir else Path(tempfile.gettempdir()) / "graphproof-uploads"
    enricher = enricher or default_enricher(store, enrich_sources, enrich_search)
    state: dict[str, Any] = {"asker": asker, "embedder": None, "ingester": ingester, "enricher": enricher,
                             "verifier": verifier}  # fmt: skip

    def get_embedder() -> Any:
        if state["embedder"] is None:
            from graphproof.components import make_embedder
            from graphproof.settings import load_settings

            state["embedder"] = make_embedder(load_settings())
        return state["embedder"]

    def get_asker() -> Callable[..., dict[str, Any]]:
        if state["asker"] is None:
            state["asker"] = default_asker(store, checkpoint, get_embedder())
        return state["asker"]

    def wants_json(request: Request) -> bool:
        return request.url.path.startswith("/api/")

    @app.middleware("http")
    async def limits(request: Request, call_next: Any) -> Any:
        limit = max_upload if request.url.path in UPLOAD_PATHS else MAX_BODY
        length = request.headers.get("content-length")
        if length and length.isdigit() and int(length) > limit:
            what = "upload" if request.url.path in UPLOAD_PATHS else "request"
            return error_response(request, 413, f"{what} too large: {size_text(int(length))}, the limit is "
                                                 f"{size_text(limit)}")  # fmt: skip
        if request.method not in ("GET", "HEAD", "OPTIONS"):
            if not allow_writes:
                return error_response(request, 403, READ_ONLY)
            if cross_site(request.headers):
                return error_response(request, 403, "a write from another site's page is refused")
        try:
            response = await call_next(request)
        except Exception as exc:
            return error_response(request, 500, f"internal error: {type(exc).__name__}")
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Content-Security-Policy"] = CSP
        return response

    def error_response(request: Request, status: int, message: str) -> Any:
        if wants_json(request):
            return JSONResponse({"error": message, "status": status}, status_code=status)
        return templates.TemplateResponse(request, "error.html", {"message": message, "status": status},
                                          status_code=status)  # fmt: skip

    from fastapi.exceptions import RequestValidationError
    from starlette.exceptions import HTTPException

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Any:
        where = ", ".join(".".join(str(x) for x in e.get("loc", ())) + ": " + str(e.get("msg")) for e in exc.errors())
        return error_response(request, 400, f"invalid request ({where})")

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Any:
        return error_response(request, exc.status_code, str(exc.detail))

    @app.exception_handler(WebError)
    async def web_error(request: Request, exc: WebError) -> Any:
        return error_response(request, exc.status, exc.message)

    @app.exception_handler(BodyError)
    async def body_error(request: Request, exc: BodyError) -> Any:
        return error_response(request, exc.status, exc.message)

    def run_ask(question: str, method: str, verify: bool, k: int) -> dict[str, Any]:
        question = question.strip()
        if not question:
            raise WebError(400, "question is empty")
        if len(question) > MAX_QUESTION:
            raise WebError(413, f"question longer than {MAX_QUESTION} characters")
        if method not in methods:
            why = " (gnn needs a checkpoint: GRAPHPROOF_GNN_CHECKPOINT)" if method == "gnn" else ""
            raise WebError(400, f"unknown method {method!r}{why}; one of {', '.join(methods)}")
        if not 1 <= k <= 100:
            raise WebError(400, "k must be between 1 and 100")
        try:
            return get_asker()(question, method, verify, k)
        except WebError:
            raise
        except Exception as exc:
            raise WebError(500, f"ask failed: {exc}") from exc

    def run_enrich(question: str) -> dict[str, Any]:
        """One enrichment run for the question (only when its self-evaluation fails), as ``ask --enrich``."""
        from graphproof.errors import GraphproofError

        if state["enricher"] is None:
            raise WebError(400, NO_SOURCE)
        question = question.strip()
        if not question or len(question) > MAX_QUESTION:
            raise WebError(400, f"enrichment needs a question of 1 to {MAX_QUESTION} characters")
        try:
            return dict(state["enricher"](question))
        except GraphproofError as exc:
            raise WebError(409 if type(exc).__name__ == "EnrichmentLocked" else 400, f"enrichment failed: {exc}") \
                from exc  # fmt: skip
        except Exception as exc:
            raise WebError(500, f"enrichment failed: {type(exc).__name__}: {exc}") from exc

    def render_ask(request: Request, question: str, method: str, verify: bool, k: int, enrich: bool) -> Any:
        enrichment, enrich_error = None, None
        if enrich:
            try:
                enrichment = run_enrich(question)
            except WebError as exc:
                enrich_error = exc.message
        result = run_ask(question, method, verify, k) if question.strip() else None
        terms = [t.lower().strip(".,?!;:") for t in question.split() if len(t) > 3 and t.lower() not in STOP]
        return templates.TemplateResponse(request, "ask.html", {
            "question": question, "method": method, "verify": verify, "methods": methods, "result": result,
            "graph": drawing(*path_graph(result)) if result and result.get("paths") else None, "terms": terms,
            "enrich": enrich, "enrich_ready": state["enricher"] is not None, "no_source": NO_SOURCE,
            "enrichment": enrichment, "enrich_error": enrich_error,
            "paths_caption": PATHS_ORDER_CAPTION})  # fmt: skip

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    @app.get("/ask", response_class=HTMLResponse, include_in_schema=False)
    async def ask_page(request: Request, question: str = "", method: str = "hybrid-rrf", verify: bool = False,
                 k: int = 10) -> Any:  # fmt: skip
        return render_ask(request, question, method, verify, k, enrich=False)

    @app.post("/ask", response_class=HTMLResponse, include_in_schema=False)
    async def ask_page_post(request: Request) -> Any:
        """The Ask form with "enrich" ticked: an enrichment run (a write), then the answer."""
        form = await read_form(request, MAX_BODY)
        try:
            k = int(form.get("k", "10"))
        except ValueError as exc:
            raise WebError(400, "k must be a whole number") from exc
        return render_ask(request, form.get("question", ""), form.get("method", "hybrid-rrf"),
                          form.get("verify") in ("true", "on", "1"), k, form.get("enrich") in ("true", "on", "1"))

    @app.get("/api/ask")
    async def api_ask(question: str, method: str = "hybrid-rrf", verify: bool = False, k: int = 10) -> dict[str, Any]:
        """Answer a question: answer, ranked chunks, weighted paths, claims with proof status, timings."""
        return run_ask(question, method, verify, k)

    @app.post("/api/ask")
    async def api_ask_enrich(question: str, method: str = "hybrid-rrf", verify: bool = False, k: int = 10,
                             enrich: bool = True) -> dict[str, Any]:  # fmt: skip
        """As ``GET /api/ask``, after an enrichment run for the question when ``enrich`` (as ``graphproof ask
        --enrich``: only when the paths' self-evaluation fails); its outcome is under ``enrichment``.
        Needs ``--allow-writes`` and an outside-text source (``--sources`` or ``--search``)."""
        enrichment = run_enrich(question) if enrich else None
        data = run_ask(question, method, verify, k)
        return {**data, "enrichment": enrichment} if enrich else data

    @app.get("/api/verify")
    async def api_verify(question: str, answer: str, k: int = 5) -> dict[str, Any]:
        """Check an answer claim by claim against the store's top ``k`` chunks for the question (the offline
        FOL method, as ``graphproof verify``): verdict, and per claim its status (proved / refuted /
        unknown), FOL, premises (chunk ids) and reason; ``chunks`` lists the premises' chunk ids."""
        question, answer = question.strip(), answer.strip()
        if not question or not answer:
            raise WebError(400, "verify needs a non-empty question and answer")
        if len(question) > MAX_QUESTION or len(answer) > 4 * MAX_QUESTION:
            raise WebError(413, f"question longer than {MAX_QUESTION} or answer longer than {4 * MAX_QUESTION} "
                                "characters")  # fmt: skip
        if not 1 <= k <= 50:
            raise WebError(400, "k must be between 1 and 50")
        if state["verifier"] is None:
            state["verifier"] = default_verifier(store)
        try:
            return dict(state["verifier"](question, answer, k))
        except Exception as exc:
            raise WebError(500, f"verify failed: {type(exc).__name__}: {exc}") from exc

    @app.get("/api/stats")
    async def api_stats() -> dict[str, Any]:
        """Store statistics: backend, location, counts."""
        return dict(store.stats().as_dict())

    def entity_view(entity_id: str) -> dict[str, Any]:
        found = store.entities([entity_id])
        if not found:
            raise WebError(404, f"no entity {entity_id!r}")
        e = found[0]
        edges = [{"from": f, "predicate": r.predicate, "text": r.text if hasattr(r, "text") else "",
                  "origin": getattr(r, "origin", ""), "source_url": getattr(r, "source_url", ""),
                  "neighbour": {"id": n.id, "name": n.name}, "weight": r.weight}
                 for f, r, n in store.neighbors([e.id])]  # fmt: skip
        return {"id": e.id, "name": e.name, "type": e.type, "description": e.description, "edges": edges}

    @app.get("/api/entity/{entity_id}")
    async def api_entity(entity_id: str) -> dict[str, Any]:
        """An entity and its edges (relation text, origin, neighbour)."""
        return entity_view(entity_id)

    @app.get("/entity/{entity_id}", response_class=HTMLResponse, include_in_schema=False)
    async def entity_page(request: Request, entity_id: str) -> Any:
        view = entity_view(entity_id)
        nodes = {view["id"]: {"id": view["id"], "label": view["name"], "seed": True,
                              "properties": {"name": view["name"], "type": view["type"] or "—"}}}  # fmt: skip
        for x in view["edges"]:
            n = x["neighbour"]
            nodes.setdefault(n["id"], {"id": n["id"], "label": n["name"], "properties": {"name": n["name"]}})
        edges = [{"id": f"e{i}", "from": view["id"], "to": x["neighbour"]["id"], "label": x["predicate"],
                  "properties": {"text": x["text"], "origin": x["origin"], "weight": x["weight"],
                                 **({"source_url": x["source_url"]} if x["source_url"] else {})}}
                 for i, x in enumerate(view["edges"])]  # fmt: skip
        return templates.TemplateResponse(request, "entity.html",
                                          {"entity": view, "graph": drawing(list(nodes.values()), edges)})

    @app.get("/entities", response_class=HTMLResponse, include_in_schema=False)
    async def entities_page(request: Request, q: str = "") -> Any:
        hits = store.search_entities(q[:200], k=50) if q.strip() else []
        rels = store.search_relations(q[:200], k=50) if q.strip() else []
        return templates.TemplateResponse(request, "entities.html", {"q": q, "hits": hits, "rels": rels})

    def documents_context(**extra: Any) -> dict[str, Any]:
        return {"documents": store.list_documents(1000), "max_upload": size_text(max_upload), **extra}

    @app.get("/documents", response_class=HTMLResponse, include_in_schema=False)
    async def documents_page(request: Request) -> Any:
        return templates.TemplateResponse(request, "documents.html", documents_context())

    @app.get("/api/documents")
    async def api_documents(limit: int = 1000) -> Any:
        if not 1 <= limit <= 100_000:
            raise WebError(400, f"limit must be from 1 to 100000, got {limit}")
        return [item.as_dict() for item in store.list_documents(limit)]

    async def ingest_upload(request: Request) -> dict[str, Any]:
        """Save the request's files in the upload folder and ingest them; what was saved and added."""
        from graphproof.loaders.sources import canonical_source

        try:
            parts = await read_uploads(request, max_upload, MAX_FILES)
        except BodyError as exc:
            if "Too many files" in exc.message:
                raise WebError(400, f"too many files: at most {MAX_FILES} an upload") from exc
            raise
        files = [u for u in parts if u.filename]
        if not files:
            raise WebError(400, "no file in the upload: send one or more files in the form field 'files'")
        names = [safe_filename(u.filename) for u in files]
        if len(set(names)) != len(names):
            raise WebError(400, "two uploaded files have the same name")
        try:
            uploads.mkdir(parents=True, exist_ok=True)
            paths = []
            for name, upload in zip(names, files, strict=True):
                (uploads / name).write_bytes(upload.data)
                paths.append(uploads / name)
        except OSError as exc:
            raise WebError(500, f"cannot save the upload in {uploads}: {exc.strerror or exc}") from exc
        if state["ingester"] is None:
            state["ingester"] = default_ingester(store, get_embedder)
        try:
            report = dict(state["ingester"](paths))
        except Exception as exc:
            raise WebError(400 if isinstance(exc, ValueError) else 500, f"ingest failed: {exc}") from exc
        ids = [canonical_source(p) for p in paths]
        stored = {d.id for d in store.documents(ids)}
        saved = [{"name": n, "bytes": len(u.data), "document_id": i if i in stored else None}
                 for n, u, i in zip(names, files, ids, strict=True)]  # fmt: skip
        return {"files": saved, **report}

    @app.post("/api/ingest")
    async def api_ingest(request: Request) -> dict[str, Any]:
        """Upload files (multipart/form-data, field ``files``, up to 10 MiB in all) and ingest them with
        ``graphproof.ingest``: the files saved (with their document ids) and the ingest report (added,
        replaced, unchanged, chunks, entities, relations, skipped). Needs ``--allow-writes``."""
        return await ingest_upload(request)

    @app.post("/documents/upload", response_class=HTMLResponse, include_in_schema=False)
    async def documents_upload(request: Request) -> Any:
        report = await ingest_upload(request)
        return templates.TemplateResponse(request, "documents.html", documents_context(report=report))

    def runs_view(limit: int) -> list[dict[str, Any]]:
        if not 1 <= limit <= 1000:
            raise WebError(400, f"limit must be from 1 to 1000, got {limit}")
        return [{**dataclasses.asdict(run), "triples_added": run.triples_added} for run in store.list_runs(limit)]

    @app.get("/api/runs")
    async def api_runs(limit: int = 50) -> Any:
        """Enrichment runs, newest first: when, sources, questions, triples added, errors, status."""
        return runs_view(limit)

    def undo(run_id: str) -> dict[str, Any]:
        from graphproof.graph.store import InvalidInput, NotFound

        try:
            return dataclasses.asdict(store.undo_run(run_id))
        except NotFound as exc:
            raise WebError(404, f"no enrichment run {run_id!r}") from exc
        except InvalidInput as exc:
            raise WebError(409, str(exc)) from exc

    @app.post("/api/runs/{run_id}/undo")
    async def api_undo(run_id: str) -> dict[str, Any]:
        """Remove what one enrichment run added (as ``graphproof enrich undo``). Needs ``--allow-writes``."""
        return undo(run_id)

    @app.get("/runs", response_class=HTMLResponse, include_in_schema=False)
    async def runs_page(request: Request) -> Any:
        return templates.TemplateResponse(request, "runs.html", {"runs": runs_view(200), "undone": None})

    @app.post("/runs/{run_id}/undo", response_class=HTMLResponse, include_in_schema=False)
    async def runs_undo(request: Request, run_id: str) -> Any:
        undone = undo(run_id)
        return templates.TemplateResponse(request, "runs.html", {"runs": runs_view(200), "undone": undone})

    @app.get("/nvl/{name}", include_in_schema=False)
    async def nvl_asset(name: str) -> Any:
        bundle = load_bundle()
        kinds = {"viz.js": ("script", "text/javascript"), "viz.css": ("style", "text/css")}
        if bundle is None or name not in kinds:
            raise WebError(404, f"no asset {name!r}")
        attr, media = kinds[name]
        return Response(getattr(bundle, attr), media_type=media,
                        headers={"Cache-Control": "public, max-age=31536000, immutable"})  # fmt: skip

    # document ids are source paths ("/home/me/notes/a.md"): the route takes the rest of the URL
    @app.get("/documents/{document_id:path}", response_class=HTMLResponse, include_in_schema=False)
    async def document_page(request: Request, document_id: str) -> Any:
        docs = store.documents([document_id]) or store.documents([f"/{document_id}"])  # "/documents//abs/path"
        document_id = docs[0].id if docs else document_id
        if not docs:
            raise WebError(404, f"no document {document_id!r}")
        return templates.TemplateResponse(request, "document.html",
                                          {"doc": docs[0], "chunks": store.chunks_of_document(document_id)})

    @app.get("/store", response_class=HTMLResponse, include_in_schema=False)
    async def store_page(request: Request) -> Any:
        return templates.TemplateResponse(request, "store.html",
                                          {"stats": store.stats().as_dict(), "browser": browser_url(store)})

    return app
