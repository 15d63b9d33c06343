"""The FastAPI app: Ask, Entity, Documents and Store pages and a JSON API beside them.

No logic of its own: answers come from the public ask pipeline (``graphproof.GraphRAG``, what
``graphproof.ask`` and the CLI use). Jinja2 autoescapes every page, so document text renders
as text. Read-only unless ``allow_writes``.
"""

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
MAX_QUESTION = 2000
MAX_BODY = 1 << 20
STOP = frozenset(
    ["that", "this", "what", "where", "when", "which", "with", "from", "have", "does", "were", "their", "there"]
)
CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'"


class WebError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


def default_asker(store: Any, checkpoint: str | None = None) -> Callable[..., dict[str, Any]]:
    """``ask(question, method, verify, k) -> dict``: the public pipeline object (``graphproof.GraphRAG``), built
    once per app so the embedding model is loaded once, not per request."""
    from graphproof.components import make_rag
    from graphproof.settings import load_settings

    rag = make_rag(store, load_settings(), verify_method="offline", use_llm=True, checkpoint=checkpoint)

    def ask(question: str, method: str, verify: bool, k: int) -> dict[str, Any]:
        return rag.ask(question, method=method, verify=verify, k=k).to_dict()

    return ask


def browser_url(store: Any) -> str | None:
    """Neo4j Browser beside a Neo4j store (``http://<host>:7474/browser/``); None for the embedded store."""
    from urllib.parse import urlsplit

    uri = getattr(store, "uri", None) if getattr(store, "backend", "") == "neo4j" else None
    host = urlsplit(uri).hostname if uri else None
    return f"http://{host}:7474/browser/" if host else None


def create_app(
    store: Any, *, allow_writes: bool = False, asker: Callable[..., dict[str, Any]] | None = None,
    checkpoint: str | None = None,
) -> Any:
    """The app over ``store``; ``checkpoint`` (a GNN checkpoint) adds the ``gnn`` method to the picker."""
    from fastapi import FastAPI, Request
    from fastapi.responses import HTMLResponse, JSONResponse
    from fastapi.staticfiles import StaticFiles
    from fastapi.templating import Jinja2Templates

    from graphproof.reasoning.retriever import METHODS

    methods = (*METHODS, "gnn") if checkpoint else tuple(METHODS)
    app = FastAPI(title="graphproof", description="Ask, see the chunks, paths and proof; browse the graph.")
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    templates = Jinja2Templates(directory=HERE / "templates")
    state: dict[str, Any] = {"asker": asker}

    def get_asker() -> Callable[..., dict[str, Any]]:
        if state["asker"] is None:
            state["asker"] = default_asker(store, checkpoint)
        return state["asker"]

    def wants_json(request: Request) -> bool:
        return request.url.path.startswith("/api/")

    @app.middleware("http")
    async def limits(request: Request, call_next: Any) -> Any:
        length = request.headers.get("content-length")
        if length and length.isdigit() and int(length) > MAX_BODY:
            return JSONResponse({"error": "request too large", "status": 413}, status_code=413)
        if request.method not in ("GET", "HEAD") and not allow_writes and not request.url.path.startswith("/api/"):
            return JSONResponse({"error": "read-only server (start with --allow-writes)", "status": 403}, 403)
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

    def graph_of(result: dict[str, Any]) -> dict[str, Any]:
        nodes: dict[str, dict[str, str]] = {}
        edges = []
        for p in result.get("paths", []):
            ents, rels = p.get("entities", []), p.get("relations", [])
            for e in ents:
                nodes.setdefault(e, {"id": e, "label": e})
            for i, r in enumerate(rels):
                if i + 1 < len(ents):
                    edges.append({"from": ents[i], "to": ents[i + 1], "label": r})
        return {"nodes": list(nodes.values()), "edges": edges}

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    @app.get("/ask", response_class=HTMLResponse, include_in_schema=False)
    async def ask_page(request: Request, question: str = "", method: str = "hybrid-rrf", verify: bool = False,
                 k: int = 10) -> Any:  # fmt: skip
        result = run_ask(question, method, verify, k) if question.strip() else None
        terms = [t.lower().strip(".,?!;:") for t in question.split() if len(t) > 3 and t.lower() not in STOP]
        return templates.TemplateResponse(request, "ask.html", {
            "question": question, "method": method, "verify": verify, "methods": methods, "result": result,
            "graph": graph_of(result) if result else None, "terms": terms, "allow_writes": allow_writes})  # fmt: skip

    @app.get("/api/ask")
    async def api_ask(question: str, method: str = "hybrid-rrf", verify: bool = False, k: int = 10) -> dict[str, Any]:
        """Answer a question: answer, ranked chunks, weighted paths, claims with proof status, timings."""
        return run_ask(question, method, verify, k)

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
        graph = {"nodes": [{"id": view["id"], "label": view["name"]}] + [
            {"id": x["neighbour"]["id"], "label": x["neighbour"]["name"]} for x in view["edges"]],
            "edges": [{"from": view["id"], "to": x["neighbour"]["id"], "label": x["predicate"]}
                      for x in view["edges"]]}  # fmt: skip
        return templates.TemplateResponse(request, "entity.html", {"entity": view, "graph": graph})

    @app.get("/entities", response_class=HTMLResponse, include_in_schema=False)
    async def entities_page(request: Request, q: str = "") -> Any:
        hits = store.search_entities(q[:200], k=50) if q.strip() else []
        rels = store.search_relations(q[:200], k=50) if q.strip() else []
        return templates.TemplateResponse(request, "entities.html", {"q": q, "hits": hits, "rels": rels})

    @app.get("/documents", response_class=HTMLResponse, include_in_schema=False)
    async def documents_page(request: Request) -> Any:
        return templates.TemplateResponse(request, "documents.html", {"documents": store.list_documents(1000)})

    @app.get("/api/documents")
    async def api_documents(limit: int = 1000) -> Any:
        if not 1 <= limit <= 100_000:
            raise WebError(400, f"limit must be from 1 to 100000, got {limit}")
        return [item.as_dict() for item in store.list_documents(limit)]

    @app.get("/api/runs")
    async def api_runs(limit: int = 50) -> Any:
        """Enrichment runs, newest first: when, sources, questions, triples added, errors, status."""
        if not 1 <= limit <= 1000:
            raise WebError(400, f"limit must be from 1 to 1000, got {limit}")
        return [{**dataclasses.asdict(run), "triples_added": run.triples_added} for run in store.list_runs(limit)]

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
