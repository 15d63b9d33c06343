"""ReaRev (Mavromatis & Karypis, Findings of EMNLP 2022): instructions, adaptive reasoning, answer scores.

1. Instruction generation (§4.1, as in NSM): with the question's token states ``Q_j`` and sentence
   vector ``q`` (both projected by ``W_q``), for ``k = 1..K`` and ``i^(0) = 0``::

       q^(k) = W^(k) q
       c^(k) = W_c [i^(k-1) ‖ q^(k) ‖ q^(k) − i^(k-1) ‖ q^(k) ⊙ i^(k-1)]
       α_j^(k) = softmax_j(w_α · (c^(k) ⊙ Q_j)),   i^(k) = Σ_j α_j^(k) Q_j

2. Relations are embedded from their text by the same frozen encoder and the same projection ``W_q``.
3. Entities start from their incident relations (``RelationInit``) and the answer distribution
   ``p^(0)`` is uniform over the topic entities.
4. Adaptive reasoning (§4.3): ``T`` times, run ``L`` ``ReaRevConv`` layers from ``p^(0)`` (the
   entity states carry over), scoring ``p^(l) = softmax_{e ∈ subgraph}(w · h_e^(l))`` after each
   layer; then re-initialise every instruction from the topic entities' states
   ``s = Σ_e p_e^(0) h_e^(L)`` with the gated fusion::

       r = W_r [i ‖ s ‖ i − s],   g = sigmoid(W_g [i ‖ s ‖ i − s]),   i ← g ⊙ r + (1 − g) ⊙ i

5. The loss is the KL divergence from the uniform distribution over the gold answers to ``p^(L)``
   (``kl_loss``); training adds an auxiliary hop-wise term (``reasoning.gnn.supervision``).

Defaults: hidden 64, K = 3 instructions, L = 2 layers, T = 2 iterations, no dropout (on this CPU the
Bernoulli sampling of dropout took a fifth of a training step). Unlike the
paper, topic entities are masked out of the final softmax (``exclude_seeds``): a question's topic
entity is not its answer (MetaQA never lists it).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import torch
from graphproof.reasoning.gnn.layers import ReaRevConv, RelationInit
from torch import Tensor, nn
from torch_geometric.utils import scatter

NEG_INF = float("-inf")


@dataclass(frozen=True)
class ModelConfig:
    """Hyper-parameters of ``ReaRev`` (``input_dim`` is the encoder's dimension)."""

    input_dim: int
    hidden: int = 64
    num_instructions: int = 3
    num_layers: int = 2
    num_iterations: int = 2
    dropout: float = 0.0
    exclude_seeds: bool = True

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ModelConfig:
        return cls(**data)


@dataclass
class QuestionBatch:
    """A PyG ``Batch`` of question subgraphs plus the padded question encodings."""

    graph: Any  # torch_geometric.data.Batch (edge_index, edge_type, seed_mask, batch, optional y)
    tokens: Tensor  # [B, T, D_in]
    token_mask: Tensor  # [B, T] (True on real tokens)
    sentence: Tensor  # [B, D_in]

    @property
    def num_graphs(self) -> int:
        return int(self.sentence.size(0))

    def to(self, device: torch.device | str) -> QuestionBatch:
        """The same batch with every tensor on ``device`` (the graph's ``Batch`` included)."""
        return QuestionBatch(
            self.graph.to(device), self.tokens.to(device), self.token_mask.to(device), self.sentence.to(device)
        )


class InstructionGenerator(nn.Module):
    """``K`` instructions attending over the question's tokens (step 1 of the module docstring)."""

    def __init__(self, hidden: int, num_instructions: int, dropout: float = 0.0) -> None:
        super().__init__()
        self.num_instructions = num_instructions
        self.step = nn.ModuleList(nn.Linear(hidden, hidden) for _ in range(num_instructions))
        self.combine = nn.Linear(4 * hidden, hidden)
        self.attend = nn.Linear(hidden, 1)
        self.dropout = nn.Dropout(dropout)

    def reset_parameters(self) -> None:
        for lin in [*self.step, self.combine, self.attend]:
            lin.reset_parameters()

    def forward(self, tokens: Tensor, token_mask: Tensor, sentence: Tensor) -> Tensor:
        """``tokens [B, T, D]``, ``token_mask [B, T]``, ``sentence [B, D]`` → instructions ``[B, K, D]``."""
        instruction = torch.zeros_like(sentence)
        out = []
        for step in self.step:
            q_k = step(self.dropout(sentence))
            c = self.combine(self.dropout(torch.cat([instruction, q_k, q_k - instruction, q_k * instruction], -1)))
            score = self.attend(self.dropout(c.unsqueeze(1) * tokens)).squeeze(-1)
            alpha = torch.softmax(score.masked_fill(~token_mask, NEG_INF), dim=1)
            instruction = (alpha.unsqueeze(-1) * tokens).sum(1)
            out.append(instruction)
        return torch.stack(out, dim=1)


class InstructionUpdate(nn.Module):
    """ReaRev's gated fusion ``i ← g ⊙ r + (1 − g) ⊙ i`` with the topic entities' states (step 4)."""

    def __init__(self, hidden: int) -> None:
        super().__init__()
        self.r = nn.Linear(3 * hidden, hidden, bias=False)
        self.g = nn.Linear(3 * hidden, hidden, bias=False)

    def reset_parameters(self) -> None:
        self.r.reset_parameters()
        self.g.reset_parameters()

    def forward(self, instruction: Tensor, seed_state: Tensor) -> Tensor:
        features = torch.cat([instruction, seed_state, instruction - seed_state], dim=-1)
        gate = torch.sigmoid(self.g(features))
        return gate * self.r(features) + (1 - gate) * instruction


def group_log_softmax(logits: Tensor, batch: Tensor, num_graphs: int) -> Tensor:
    """Log-softmax of ``logits`` within each graph (entries of ``-inf`` get probability 0)."""
    finite = torch.where(torch.isfinite(logits), logits, torch.full_like(logits, -1e30))
    top = scatter(finite, batch, dim=0, dim_size=num_graphs, reduce="max")
    shifted = logits - top[batch]
    total = scatter(shifted.exp(), batch, dim=0, dim_size=num_graphs, reduce="sum")
    return shifted - total.clamp_min(1e-30).log()[batch]


class ReaRev(nn.Module):
    """The ReaRev reasoner over a batch of question subgraphs (see the module docstring).

    ``relation_text`` (``[2R, D_in]``) holds the encoder's embeddings of the vocabulary's relation
    texts; it is a buffer, saved with the weights.
    """

    def __init__(self, config: ModelConfig, relation_text: Tensor) -> None:
        super().__init__()
        self.config = config
        self.num_relations = _num_relations(relation_text, config.input_dim)
        self.register_buffer("relation_text", relation_text.float().clone())
        hidden = config.hidden
        self.question_proj = nn.Linear(config.input_dim, hidden)
        self.instructions = InstructionGenerator(hidden, config.num_instructions, config.dropout)
        self.init_layer = RelationInit(hidden)
        self.convs = nn.ModuleList(
            ReaRevConv(hidden, config.num_instructions, config.dropout) for _ in range(config.num_layers)
        )
        self.updates = nn.ModuleList(InstructionUpdate(hidden) for _ in range(config.num_instructions))
        self.score = nn.Linear(hidden, 1)
        self.dropout = nn.Dropout(config.dropout)

    def reset_parameters(self) -> None:
        self.question_proj.reset_parameters()
        self.instructions.reset_parameters()
        self.init_layer.reset_parameters()
        for module in [*self.convs, *self.updates, self.score]:
            module.reset_parameters()

    def forward(self, data: QuestionBatch, relation_text: Tensor | None = None) -> Tensor:
        """Log-probabilities ``[N]`` of every entity of every subgraph being an answer (−inf where masked).

        ``relation_text`` (``[2R', D_in]``, forward texts then inverse texts) replaces the trained
        relations' embeddings for this call: the trained ``R`` first, in their order, then relations the
        model never saw (``RelationVocab.with_unseen``), which it reads by their text like the others.
        """
        return self.layer_outputs(data, relation_text)[-1]

    def layer_outputs(self, data: QuestionBatch, relation_text: Tensor | None = None) -> list[Tensor]:
        """The log-probabilities after every layer of every iteration (``T·L`` tensors ``[N]``), in order."""
        texts = self.relation_text if relation_text is None else relation_text
        num_relations = _num_relations(texts, self.config.input_dim)
        graph, num_graphs = data.graph, data.num_graphs
        edge_index, edge_type, batch = graph.edge_index, graph.edge_type, graph.batch
        num_nodes = int(batch.size(0))
        tokens = self.question_proj(data.tokens)
        sentence = self.question_proj(data.sentence)
        relation = self.question_proj(texts)
        instructions = self.instructions(tokens, data.token_mask, sentence)

        seeds = graph.seed_mask.float()
        p0 = seeds / scatter(seeds, batch, dim=0, dim_size=num_graphs, reduce="sum").clamp_min(1.0)[batch]
        mask = self._answer_mask(graph.seed_mask, batch, num_graphs)
        h = self.init_layer(edge_index, edge_type, relation, num_nodes)
        outputs: list[Tensor] = []
        for iteration in range(self.config.num_iterations):
            p = p0
            for conv in self.convs:
                h = conv(h, p, edge_index, edge_type, relation, instructions, batch, num_relations)
                logits = self.score(self.dropout(h)).squeeze(-1).masked_fill(~mask, NEG_INF)
                log_p = group_log_softmax(logits, batch, num_graphs)
                p = log_p.exp()
                outputs.append(log_p)
            if iteration + 1 < self.config.num_iterations:
                seed_state = scatter(p0.unsqueeze(-1) * h, batch, dim=0, dim_size=num_graphs, reduce="sum")
                instructions = torch.stack(
                    [update(instructions[:, k], seed_state) for k, update in enumerate(self.updates)], dim=1
                )
        return outputs

    def _answer_mask(self, seed_mask: Tensor, batch: Tensor, num_graphs: int) -> Tensor:
        """Entities that may be answers: all but the topic entities (unless a graph has nothing else)."""
        if not self.config.exclude_seeds:
            return torch.ones_like(seed_mask)
        others = scatter((~seed_mask).float(), batch, dim=0, dim_size=num_graphs, reduce="sum")
        return ~seed_mask | (others[batch] == 0)


def _num_relations(relation_text: Tensor, input_dim: int) -> int:
    """``R`` of relation embeddings ``[2R, input_dim]`` (forward texts, then inverse texts); else ``ValueError``."""
    if relation_text.dim() != 2 or relation_text.size(1) != input_dim or relation_text.size(0) % 2:
        raise ValueError(f"relation_text must be [2R, {input_dim}], got {list(relation_text.shape)}")
    return relation_text.size(0) // 2


def kl_loss(log_p: Tensor, y: Tensor, batch: Tensor, num_graphs: int) -> Tensor:
    """Mean over graphs with a gold answer of KL(uniform over gold answers ‖ p)."""
    gold = scatter(y, batch, dim=0, dim_size=num_graphs, reduce="sum")
    target = y / gold.clamp_min(1.0)[batch]
    safe = torch.where(target > 0, log_p, torch.zeros_like(log_p))
    per_node = torch.where(target > 0, target * (target.clamp_min(1e-30).log() - safe), torch.zeros_like(log_p))
    per_graph = scatter(per_node, batch, dim=0, dim_size=num_graphs, reduce="sum")
    valid = gold > 0
    if not bool(valid.any()):
        return log_p.sum() * 0.0
    return per_graph[valid].mean()


def collate(graphs: list[Any], questions: list[Any], device: torch.device | str | None = None) -> QuestionBatch:
    """A ``QuestionBatch`` from ``Data`` graphs and their ``EncodedQuestion``s (same order), on ``device``."""
    from torch_geometric.data import Batch

    width = max(q.tokens.size(0) for q in questions)
    dim = questions[0].tokens.size(1)
    tokens = torch.zeros(len(questions), width, dim)
    mask = torch.zeros(len(questions), width, dtype=torch.bool)
    for i, q in enumerate(questions):
        tokens[i, : q.tokens.size(0)] = q.tokens
        mask[i, : q.tokens.size(0)] = True
    sentence = torch.stack([q.sentence for q in questions])
    keys = ["edge_index", "edge_type", "seed_mask", "num_nodes"]
    keys += [k for k in ("y", "path_depth") if k in graphs[0]]
    slim = [type(g)(**{k: g[k] for k in keys}) for g in graphs]
    batch = QuestionBatch(Batch.from_data_list(slim), tokens, mask, sentence)
    return batch if device is None else batch.to(device)
