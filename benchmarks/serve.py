"""p50/p95 of /api/ask and the Ask page over HTTP against the same asks in process (hybrid-rrf).

    .venv/bin/python -m benchmarks.serve --store /tmp/demo14/graph.db [--questions FILE] [-n 100] [--verify]

"in process" is the app's own ask call (``GraphRAG.ask(...).to_dict()``, what both endpoints run);
"/api/ask" adds routing, validation, JSON and HTTP on localhost; "/ask page" adds the page's template and
its NVL graph frame. Each question is asked the three ways in a rotating order, after one warm-up of each
(the model, the NVL bundle and the templates are loaded once per process). The last column is each row's
p50 minus the in-process p50: what the web layer adds.
"""

import argparse
import statistics
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path

import uvicorn
from graphproof.graph.sqlite_store import SQLiteStore

from graphproof.demo import DEMO_QUESTIONS
from graphproof.web.app import create_app, default_asker


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--store", required=True, help="an embedded store (graphproof demo --out DIR makes one)")
    ap.add_argument("--questions", help="one question a line (default: the demo questions, repeated)")
    ap.add_argument("-n", type=int, default=100, help="questions asked (each three ways)")
    ap.add_argument("--verify", action="store_true", help="also verify each answer (the offline prover)")
    ap.add_argument("--port", type=int, default=8799)
    args = ap.parse_args()
    qs = Path(args.questions).read_text(encoding="utf-8").split("\n") if args.questions else list(DEMO_QUESTIONS)
    qs = [q.split("\t", 1)[0].strip() for q in qs if q.strip()]
    questions = [qs[i % len(qs)] for i in range(args.n)]
    store = SQLiteStore(Path(args.store))
    store.init()
    asker = default_asker(store)
    srv = uvicorn.Server(uvicorn.Config(create_app(store, asker=asker), host="127.0.0.1", port=args.port,
                                        log_level="warning"))  # fmt: skip
    threading.Thread(target=srv.run, daemon=True).start()
    while not srv.started:
        time.sleep(0.05)

    def http(path: str) -> Callable[[str], None]:
        def get(q: str) -> None:
            query = {"question": q, "method": "hybrid-rrf", "verify": str(args.verify).lower()}
            with urllib.request.urlopen(f"http://127.0.0.1:{args.port}{path}?" + urllib.parse.urlencode(query)) as r:
                r.read()

        return get

    calls: dict[str, Callable[[str], object]] = {
        "in process": lambda q: asker(q, "hybrid-rrf", args.verify, 10),
        "/api/ask": http("/api/ask"),
        "/ask page": http("/ask"),
    }
    for call in calls.values():  # warm-up: model, NVL bundle, templates, connection
        call(questions[0])
    rows: dict[str, list[float]] = {name: [] for name in calls}
    names = list(calls)
    for i, q in enumerate(questions):
        for name in names[i % 3:] + names[: i % 3]:
            t = time.perf_counter()
            calls[name](q)
            rows[name].append((time.perf_counter() - t) * 1000)
    srv.should_exit = True
    base = statistics.median(rows["in process"])
    print(f"store {args.store}, {len(questions)} questions ({len(set(questions))} distinct), hybrid-rrf, "
          f"verify={args.verify}")  # fmt: skip
    print(f"{'call':<12} {'p50 ms':>8} {'p95 ms':>8} {'p50 over in-process':>20}")
    for name, xs in rows.items():
        print(f"{name:<12} {statistics.median(xs):>8.1f} {pct(xs, .95):>8.1f} {statistics.median(xs) - base:>20.1f}")


if __name__ == "__main__":
    main()
