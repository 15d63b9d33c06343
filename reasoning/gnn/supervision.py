"""Hop-wise training targets: which entities lie on a shortest path from the topic entities to an answer.

ReaRev is trained only on the final answer distribution; learning where the intermediate
distributions should go then takes many questions (the paper trains MetaQA-3 on 114k). With a few
thousand questions, an auxiliary target per layer speeds learning up a lot: after layer ``l`` the
distribution should sit on the entities ``l`` steps along a shortest topic→answer path (the
answers themselves once ``l`` reaches their distance), the BFS paths the paper reads anyway.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

import torch
from torch import Tensor
from torch_geometric.utils import scatter


def _bfs(adj: list[list[int]], sources: Sequence[int]) -> list[int]:
    dist = [-1] * len(adj)
    queue = deque(sources)
    for s in sources:
        dist[s] = 0
    while queue:
        node = queue.popleft()
        for nb in adj[node]:
            if dist[nb] < 0:
                dist[nb] = dist[node] + 1
                queue.append(nb)
    return dist


def path_depths(
    num_nodes: int, src: Sequence[int], dst: Sequence[int], seeds: Sequence[int], answers: Sequence[int]
) -> Tensor:
    """``[N]`` long: the distance from the seeds of entities on a shortest seed→answer path, else −1."""
    out = torch.full((num_nodes,), -1, dtype=torch.long)
    if not answers or not seeds:
        return out
    adj: list[list[int]] = [[] for _ in range(num_nodes)]
    for s, d in zip(src, dst, strict=True):
        adj[s].append(d)
        adj[d].append(s)
    from_seeds, from_answers = _bfs(adj, seeds), _bfs(adj, answers)
    reachable = [from_seeds[a] for a in answers if from_seeds[a] > 0]
    if not reachable:
        return out
    best = min(reachable)
    for node in range(num_nodes):
        if from_seeds[node] >= 0 and from_answers[node] >= 0 and from_seeds[node] + from_answers[node] == best:
            out[node] = from_seeds[node]
    return out


def hop_targets(path_depth: Tensor, batch: Tensor, num_graphs: int, layer: int) -> Tensor:
    """``[N]`` float: 1 on the entities the distribution should hold after ``layer`` (1-based)."""
    longest = scatter(path_depth, batch, dim=0, dim_size=num_graphs, reduce="max")
    wanted = torch.minimum(torch.full_like(longest, layer), longest)
    return ((path_depth == wanted[batch]) & (path_depth > 0)).float()
