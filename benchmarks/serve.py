"""p50/p95 of /api/ask and the Ask page over HTTP against the same asks in process (hybrid-rrf).

    .venv/bin/python benchmarks/serve.py --store .graphproof/demo/graph.db [--questions FILE] [-n 100]
"""

import argparse
import statistics
import threading
import time
import urllib.parse
import urllib.request
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
    ap.add_argument("--store", required=True)
    ap.add_argument("--questions", help="one question a line (default: the demo questions, repeated)")
    ap.add_argument("-n", type=int, default=100)
    ap.add_argument("--port", type=int, default=8799)
    args = ap.parse_args()
    qs = Path(args.questions).read_text().split("\n") if args.questions else list(DEMO_QUESTIONS)
    qs = [q for q in qs if q.strip()]
    questions = [qs[i % len(qs)] for i in range(args.n)]
    store = SQLiteStore(Path(args.store))
    store.init()
    asker = default_asker(store)
    asker(questions[0], "hybrid-rrf", False, 10)  # warm the model
    srv = uvicorn.Server(uvicorn.Config(create_app(store, asker=asker), host="127.0.0.1", port=args.port,
                                        log_level="warning"))  # fmt: skip
    threading.Thread(target=srv.run, daemon=True).start()
    while not srv.started:
        time.sleep(0.05)
    rows: dict[str, list[float]] = {"in process": [], "/api/ask": [], "/ask page": []}
    for q in questions:
        t = time.perf_counter()
        asker(q, "hybrid-rrf", False, 10)
        rows["in process"].append((time.perf_counter() - t) * 1000)
        for name, path in (("/api/ask", "/api/ask"), ("/ask page", "/ask")):
            url = f"http://127.0.0.1:{args.port}{path}?" + urllib.parse.urlencode({"question": q})
            t = time.perf_counter()
            with urllib.request.urlopen(url) as r:
                r.read()
            rows[name].append((time.perf_counter() - t) * 1000)
    srv.should_exit = True
    base = statistics.median(rows["in process"])
    print(f"store {args.store}, {len(questions)} questions, hybrid-rrf")
    print(f"{'call':<12} {'p50 ms':>8} {'p95 ms':>8} {'p50 over in-process':>20}")
    for name, xs in rows.items():
        print(f"{name:<12} {pct(xs, .5):>8.1f} {pct(xs, .95):>8.1f} {pct(xs, .5) - base:>20.1f}")


if __name__ == "__main__":
    main()
