"""ReaRev's message-passing layers in PyG style.

Paper: Costas Mavromatis and George Karypis, "ReaRev: Adaptive Reasoning for Question Answering over
Knowledge Graphs", Findings of EMNLP 2022 (arXiv:2210.13650). Notation: ``h_e`` entity states,
``p_e`` the probability of entity ``e`` being the answer after the previous layer, ``r`` the
(projected) relation-text embedding of an edge, ``i^(k)`` the k-th instruction of the question.
Every graph of a batch has its own instructions; ``batch`` maps nodes to graphs.
"""

from __future__ import annotations

import torch
from torch import Tensor
from torch.nn import Dropout, Linear
from torch.nn.functional import relu
from torch_geometric.nn import MessagePassing
from torch_geometric.utils import scatter


class RelationInit(MessagePassing):
    r"""Entity initialisation from incident relations (ReaRev §4.1; the ``TypeLayer`` of NSM/ReaRev).

    Entities carry no features of their own, so each starts from the relations around it:

    .. math::
        h_e^{(0)} = \mathrm{ReLU}\Big(\sum_{(e', r, e) \in \mathcal{E}_q} W_0\, r\Big)

    With inverse edges in ``edge_index`` an entity sums the relations of its in-edges as ``r`` and
    of its out-edges as ``r⁻¹``, so the two directions stay apart.

    Args:
        channels (int): size of the relation embeddings and of the entity states (``D``).
    """

    def __init__(self, channels: int) -> None:
        super().__init__(aggr="add")
        self.channels = channels
        self.lin = Linear(channels, channels)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        super().reset_parameters()
        self.lin.reset_parameters()

    def forward(self, edge_index: Tensor, edge_type: Tensor, relation: Tensor, num_nodes: int) -> Tensor:
        """``edge_index [2, E]``, ``edge_type [E]``, ``relation [2R, D]`` → ``h^(0) [num_nodes, D]``."""
        projected = self.lin(relation)
        out = self.propagate(edge_index, rel=projected[edge_type], size=(num_nodes, num_nodes))
        return relu(out)

    def message(self, rel: Tensor) -> Tensor:
        return rel

    def __repr__(self) -> str:
        return f"{self.__class__.__name__}({self.channels})"


class ReaRevConv(MessagePassing):
    r"""Instruction-conditioned message passing of ReaRev (§4.2, one GNN layer).

    For each of the ``K`` instructions and each edge ``(e', r, e)`` the message is the relation's
    match with the instruction, ``w(q, r) = σ(i^{(k)} ⊙ W_R r)``, weighted by how likely the
    sender is to be on the reasoning path:

    .. math::
        m^{(k)}_{e' \to e} = p_{e'}\; \sigma\big(i^{(k)} \odot W_R\, r\big)

    with :math:`\sigma` = ReLU (as in the authors' code). Messages are summed per receiver,
    separately over forward and inverse edges, and the entity state is updated from all of them:

    .. math::
        h_e^{(l)} = \mathrm{ReLU}\Big(W_l \big[h_e^{(l-1)} \,\|\, a_e^{(1,\to)} \,\|\, \cdots \,\|\, a_e^{(K,\to)}
        \,\|\, a_e^{(1,\leftarrow)} \,\|\, \cdots \,\|\, a_e^{(K,\leftarrow)}\big]\Big),\quad
        a_e^{(k,\to)} = \sum_{(e', r, e),\ r\ \text{forward}} m^{(k)}_{e' \to e}

    Args:
        channels (int): entity/instruction/relation size ``D``.
        num_instructions (int): ``K`` (default 3, the paper's MetaQA setting).
        dropout (float): dropout on the input of ``W_l`` (default 0.0).
    """

    def __init__(self, channels: int, num_instructions: int = 3, dropout: float = 0.0) -> None:
        super().__init__(aggr="add")
        self.channels = channels
        self.num_instructions = num_instructions
        self.rel_lin = Linear(channels, channels)
        self.update_lin = Linear((2 * num_instructions + 1) * channels, channels)
        self.dropout = Dropout(dropout)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        super().reset_parameters()
        self.rel_lin.reset_parameters()
        self.update_lin.reset_parameters()

    def forward(
        self,
        x: Tensor,
        p: Tensor,
        edge_index: Tensor,
        edge_type: Tensor,
        relation: Tensor,
        instructions: Tensor,
        batch: Tensor,
        num_relations: int,
    ) -> Tensor:
        """One layer.

        Args:
            x: entity states ``h^(l-1)`` ``[N, D]``.
            p: answer distribution of the previous layer ``[N]`` (sums to 1 per graph).
            edge_index: ``[2, E]``, messages flow ``edge_index[0] → edge_index[1]``.
            edge_type: relation id per edge ``[E]``; ids ``>= num_relations`` are inverse relations.
            relation: relation embeddings ``[2R, D]``.
            instructions: ``[B, K, D]``, one set per graph.
            batch: graph of each entity ``[N]``.
            num_relations: ``R``.

        Returns:
            the new entity states ``h^(l)`` ``[N, D]``.
        """
        active = p[edge_index[0]] > 0
        if not bool(active.all()):  # senders with p = 0 send exactly zero: skip their edges (most of layer 1)
            edge_index, edge_type = edge_index[:, active], edge_type[active]
        rel = self.rel_lin(relation)[edge_type]
        inverse = (edge_type >= num_relations).long()
        aggregated = self.propagate(
            edge_index, size=(x.size(0), x.size(0)), x=x, p=p.unsqueeze(-1), graph=batch.unsqueeze(-1), rel=rel,
            instructions=instructions, inverse=inverse,
        )  # fmt: skip
        return relu(self.update_lin(self.dropout(torch.cat([x, aggregated], dim=-1))))

    def message(self, p_j: Tensor, graph_j: Tensor, rel: Tensor, instructions: Tensor) -> Tensor:
        ins = instructions[graph_j.squeeze(-1)]  # [E, K, D]
        weight = relu(ins * rel.unsqueeze(1))
        return (weight * p_j.unsqueeze(-1)).flatten(1)  # [E, K*D]

    def aggregate(self, inputs: Tensor, index: Tensor, inverse: Tensor, dim_size: int | None = None) -> Tensor:
        size = int(dim_size if dim_size is not None else int(index.max()) + 1)
        slots = scatter(inputs, index + size * inverse, dim=0, dim_size=2 * size, reduce="sum")
        return torch.cat([slots[:size], slots[size:]], dim=-1)  # [N, 2*K*D]

    def __repr__(self) -> str:
        return f"{self.__class__.__name__}({self.channels}, num_instructions={self.num_instructions})"
