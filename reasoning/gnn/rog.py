"""RoG-style relation paths (Luo et al., "Reasoning on Graphs", ICLR 2024): plan with an LLM, follow in the store.

The chat model is asked for relation paths that would answer the question from the topic entity
(RoG's planning step, restricted to the relations the graph has); each path is then followed in the
store from the topic entity, edges in either direction, giving grounded ``Path``s: the second set of
reasoning paths, merged with the GNN's into ``path_1st``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from graphproof.graph.model import Entity, Path
from graphproof.graph.store import GraphStore
from graphproof.loaders.llm_reply import decode_json_reply
from graphproof.reasoning.gnn.errors import LLMReplyError

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

MAX_PATHS = 10
MAX_LENGTH = 4
PER_NODE = 100
SYSTEM = (
    "You plan how to answer questions over a knowledge graph. Given a question, its topic entity and the "
    "relation types of the graph, generate up to {n} relation paths (sequences of relation types, followed "
    "from the topic entity in either direction) that can be helpful for answering the question. Reply with "
    'JSON only, exactly of the form {{"paths": [["relation", "relation"], ["relation"]]}}.'
)
HUMAN = "Question: {question}\nTopic entity: {topic}\nRelation types: {relations}"
_ROG_PATH = re.compile(r"<PATH>(.*?)</PATH>", re.DOTALL)


def parse_relation_paths(reply: str, relations: Sequence[str]) -> list[tuple[str, ...]]:
    """The relation paths of a reply: ``{"paths": [[...], ...]}`` JSON or RoG's ``<PATH>r1<SEP>r2</PATH>``.

    Relations the graph does not have are dropped with their path. ``LLMReplyError`` when the reply
    is neither form.
    """
    known = set(relations)
    found = _ROG_PATH.findall(reply)
    if found:
        raw: object = [[r.strip() for r in p.split("<SEP>")] for p in found]
    else:
        try:
            data = decode_json_reply(reply)
        except ValueError:
            data = None
        if not isinstance(data, dict) or not isinstance(data.get("paths"), list):
            raise LLMReplyError(
                f'the relation-path reply is not the expected JSON {{"paths": [["relation", …], …]}}: {reply[:200]!r}'
            )
        raw = data["paths"]
    assert isinstance(raw, list)
    out: list[tuple[str, ...]] = []
    for path in raw:
        if isinstance(path, str):
            path = [path]
        if not isinstance(path, list) or not path or len(path) > MAX_LENGTH:
            continue
        names = tuple(str(r).strip() for r in path)
        if all(n in known for n in names) and names not in out:
            out.append(names)
    return out


def follow_relation_path(
    store: GraphStore, topic: Entity, relations: Sequence[str], max_paths: int = MAX_PATHS, per_node: int = PER_NODE
) -> list[Path]:
    """Walks from ``topic`` along ``relations`` (either direction), at most ``max_paths`` paths, sorted."""
    partial = [Path(entities=(topic,), relations=())]
    for predicate in relations:
        frontier = sorted({p.entities[-1].id for p in partial})
        steps: dict[str, list[tuple[object, Entity]]] = {}
        for from_id, relation, neighbour in store.neighbors(frontier, per_node):
            if relation.predicate == predicate:
                steps.setdefault(from_id, []).append((relation, neighbour))
        grown = []
        for path in partial:
            for relation, neighbour in steps.get(path.entities[-1].id, []):
                if neighbour.id not in path.entity_ids:
                    grown.append(Path(entities=(*path.entities, neighbour), relations=(*path.relations, relation)))  # type: ignore[arg-type]
        grown.sort(key=lambda p: (p.entity_ids, tuple(r.id for r in p.relations)))
        partial = grown[: max_paths * 10]
        if not partial:
            return []
    return partial[:max_paths]


def llm_relation_paths(
    model: BaseChatModel,
    question: str,
    topic: Entity,
    store: GraphStore,
    relations: Sequence[str] | None = None,
    max_paths: int = MAX_PATHS,
) -> list[Path]:
    """RoG's planning and retrieval: relation paths from the chat model, grounded in the store.

    ``relations`` are the relation types offered to the model (by default those within two hops of
    the topic entity). Raises ``LLMReplyError`` when the reply is not the expected JSON.
    """
    from langchain_core.messages import HumanMessage, SystemMessage

    if relations is None:
        relations = sorted({r.predicate for r in store.subgraph([topic.id], hops=2, limit=500, per_node=50).relations})
    messages = [
        SystemMessage(content=SYSTEM.format(n=max_paths)),
        HumanMessage(content=HUMAN.format(question=question, topic=topic.name, relations=", ".join(relations))),
    ]
    reply = model.invoke(messages)
    text = reply.content if isinstance(reply.content, str) else json.dumps(reply.content)
    out: list[Path] = []
    for plan in parse_relation_paths(text, relations):
        out.extend(follow_relation_path(store, topic, plan, max_paths))
    return out[:max_paths]
