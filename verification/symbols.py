"""Symbols for the offline method: one name per concept, by normalisation and embedding clustering.

This is the paper's step 2 ("the same concept gets the same symbols") done symbolically:

1. *Normalisation* gives phrases that differ only in inflection, case, articles or stop words one
   symbol: a predicate phrase's key is its analyzer terms (Snowball stems, English stop words
   dropped) after mapping irregular past forms to the base verb, so "performs in school talent
   shows often" and "perform in school talent shows often" are both ``PerformSchoolTalentShowOften``;
   a name's key is its case-folded words without a leading article or possessive, so "The Legend
   of Zelda" and "the Legend of Zelda" are both ``legend_of_zelda``.
2. *Embedding clustering* links different keys that mean the same: symbols of one kind (constants;
   predicates of one arity) that share at least one content word are clustered
   (``verification.grouping``, average link, cosine ≥ the threshold) and each cluster becomes
   equivalence axioms — ``a = b`` for constants, ``all x.(P(x) <-> Q(x))`` for predicates — which
   the prover may use like any premise. Predicates that differ only in a preposition, a modal,
   a negation, a number or a word of degree or frequency ("flies to"/"flies from", "number 34"/"number 35",
   "often visits"/"visits") are never linked, nor constants that differ in a word of degree or a privative
   modifier ("most medals"/"medals", "former senator"/"senator"), nor two symbols one of which says all the
   other says and more ("lived in London, England"/"lived in England"): linking them would drop content.
3. *Entailment axioms*: a modified noun phrase entails its head ("eastern wild turkey" → "wild
   turkey", "animals from Australia" → "animals") unless a privative modifier is dropped ("former
   senator" gives no "senator"), and doing entails being able to ("fly" → "can fly").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
from graphproof.graph.analyzer import Analyzer, default_analyzer
from graphproof.text.wordnet_files import proper_adjective
from graphproof.verification.english_ir import Cond, Junction, Node, Not, Pred, Quant, Term, Var
from graphproof.verification.grouping import cluster_vectors
from graphproof.verification.templates import lemma
from numpy.typing import NDArray

IRREGULAR_BASE: dict[str, str] = {
    "was": "be", "were": "be", "had": "have", "has": "have", "did": "do", "does": "do", "goes": "go",
    "made": "make", "went": "go", "took": "take",
    "came": "come", "knew": "know", "got": "get", "gave": "give", "told": "tell",
    "became": "become", "felt": "feel", "brought": "bring", "began": "begin", "kept": "keep",
    "held": "hold", "wrote": "write", "written": "write", "stood": "stand", "heard": "hear", "met": "meet",
    "ran": "run", "paid": "pay", "sat": "sit", "spoke": "speak", "led": "lead", "grew": "grow", "grown": "grow",
    "lost": "lose", "fell": "fall", "sent": "send", "built": "build", "drew": "draw", "broke": "break",
    "spent": "spend", "drove": "drive", "bought": "buy", "wore": "wear", "chose": "choose",
    "sold": "sell", "won": "win", "taught": "teach", "caught": "catch", "fought": "fight", "threw": "throw",
    "flew": "fly", "flies": "fly", "studies": "study", "studys": "study", "men": "man", "women": "woman",
    "gentlemen": "gentleman", "children": "child", "mice": "mouse", "teeth": "tooth", "feet": "foot", "geese": "goose",
}  # fmt: skip
_WORD = re.compile(r"\w+(?:['’]\w+)*")
_LEADING_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.IGNORECASE)
_POSSESSIVE = re.compile(r"['’]s\b", re.IGNORECASE)
_NLTK_VARIABLE = re.compile(r"^[a-z]\d*$")
_NLTK_WORDS = frozenset(["all", "some", "exists", "exist", "forall", "iota", "not", "and", "or", "implies", "iff"])
NEGATIONS = frozenset(("not", "no", "never", "nor", "neither"))
# words of degree, quantity and frequency that a predicate keeps (the analyzer drops "most", "more", "only" as
# stop words) and that set two predicates apart however similar they read: "won the most medals" is not "won
# medals", "often visits" is not "visits" (``SymbolTable._minimal_pair``)
DEGREE_WORDS = frozenset(
    ("most", "more", "few", "fewer", "less", "least", "only", "very", "too", "same", "own", "other", "than",
     "often", "always", "usually", "sometimes", "rarely", "seldom", "occasionally", "frequently",
     "almost", "nearly", "hardly", "barely", "scarcely", "mostly", "partly", "largely", "mainly")
)  # fmt: skip
PREPOSITIONS_AND_MODALS = frozenset(
    ("to", "from", "in", "into", "on", "at", "by", "with", "for", "of", "can", "could", "may", "might", "must",
     # the analyzer drops these as stop words, yet they set a relation apart: "founded before the war" is not
     # "founded after the war", "sold over 300" not "sold under 300", "voted against" not "voted"
     "before", "after", "above", "below", "against", "until", "over", "under", "during", "since", "without",
     "within", "between", "among", "through", "across", "beyond", "behind", "except", "toward", "towards")
)  # fmt: skip
KEPT_WORDS = PREPOSITIONS_AND_MODALS | DEGREE_WORDS
# adjectives that deny their noun: a former senator is not a senator, a fake gun is not a gun (no head axiom)
PRIVATIVE = frozenset(
    ("former", "ex", "fake", "false", "alleged", "supposed", "purported", "putative", "reputed", "would-be",
     "so-called", "pseudo", "counterfeit", "fictional", "fictitious", "imaginary", "mock", "imitation", "toy",
     "replica", "artificial", "potential", "possible", "hypothetical", "onetime", "erstwhile", "wannabe")
)  # fmt: skip
MAX_CLUSTERED_WORDS = 6
HEAD_PREPOSITIONS = frozenset(
    ("of", "in", "on", "at", "from", "with", "for", "by", "who", "that", "which", "about", "to", "into", "over",
     "under", "between", "among", "against", "through", "during", "after", "before", "as", "than", "like", "near",
     "across", "within", "without", "around", "behind", "beyond", "toward", "towards", "upon", "via")
)  # fmt: skip
COORDINATORS = frozenset(("and", "or", "but", "nor"))
EmbedFn = Callable[[Sequence[str]], NDArray[np.float32]]


def phrase_key(phrase: str, analyzer: Analyzer | None = None) -> str:
    """The normalised key of a predicate phrase: its stemmed content words (see the module docstring).

    Negation words are kept (as ``not``), so "not invite" never shares a key with "invite";
    prepositions and the modals of ability and possibility are kept too ("flies to LGA" is not
    "flies from LGA", "can compose" is not "will compose").
    """
    analyzer = analyzer or default_analyzer()
    raw = _WORD.findall(unicodedata.normalize("NFKC", phrase))
    words = [IRREGULAR_BASE.get(w.casefold(), w.casefold()) for w in raw]
    terms: list[str] = []
    for original, word in zip(raw, words, strict=True):
        negation = word in NEGATIONS and original.islower()  # "Symphony No. 9" is a name, not a negation
        terms += ["not"] if negation else [word] if word in KEPT_WORDS else analyzer.tokens(word)
    return " ".join(terms) if terms else " ".join(words)


AntonymFn = Callable[[str, str], bool]


def opposed(a: str, b: str, antonyms: AntonymFn) -> bool:
    """Whether a word only ``a`` has and a word only ``b`` has are antonyms (as lemmas or as written)."""
    words = [{w.casefold() for w in _WORD.findall(text)} for text in (a, b)]
    forms = [{f for w in ws for f in (w, lemma(w))} for ws in words]
    return any(antonyms(x, y) for x in forms[0] - forms[1] for y in forms[1] - forms[0])


def name_key(name: str) -> str:
    """The normalised key of a name: case-folded words, no leading article, no possessive ``'s``."""
    text = unicodedata.normalize("NFKC", name).strip()
    text = _POSSESSIVE.sub("", _LEADING_ARTICLE.sub("", text))
    return " ".join(_WORD.findall(text.casefold()))


def _identifier(words: Iterable[str]) -> str:
    return "".join(ch for ch in "_".join(words) if ch.isalnum() or ch == "_").strip("_")


@dataclass
class Symbol:
    """A symbol: its formula name, the texts it was written as, and its kind and arity."""

    name: str
    kind: str
    arity: int
    texts: list[str] = field(default_factory=list)
    noun: bool = False


# a capitalised word in a predicate's phrase: part of a name, which a predicate is never linked across by its
# embedding (a proper adjective such as "Russian" is left out of the comparison: ``text.wordnet_files``)
_NAME_WORDS = re.compile(r"(?<![\w'’-])[A-Z][\w'’.-]*")


class SymbolTable:
    """Names the phrases of one check (premises, question, answer) and renders IR nodes as NLTK formulas."""

    def __init__(
        self, analyzer: Analyzer | None = None, antonyms: AntonymFn | None = None, is_a: AntonymFn | None = None
    ) -> None:
        self.analyzer = analyzer or default_analyzer()
        self.antonyms = antonyms  # WordNet's (``verification.wordnet``): opposites are never clustered
        self.is_a = is_a  # WordNet's noun hypernymy: "novelist" is an "author"
        self._symbols: dict[tuple[str, str, int], Symbol] = {}
        self._names: set[str] = set()

    def _unique(self, base: str) -> str:
        name, counter = base, 1
        while name in self._names:
            counter += 1
            name = f"{base}{counter}"
        self._names.add(name)
        return name

    def predicate(self, phrase: str, arity: int, *, noun: bool = False) -> str:
        """The predicate symbol of ``phrase`` with ``arity`` arguments (``PerformSchoolTalentShow``);
        ``noun`` marks a phrase read from a noun phrase."""
        found = self._phrase_symbol("pred", phrase, arity)
        found.noun = found.noun or noun
        return found.name

    def event(self, phrase: str) -> str:
        """The event predicate of a verb (``EvWin`` for "won"): ``verification.frames_fol`` applies it to events."""
        return self._phrase_symbol("event", phrase, 1, prefix="Ev").name

    def _phrase_symbol(self, kind: str, phrase: str, arity: int, *, prefix: str = "") -> Symbol:
        """The symbol of ``phrase`` among the ``kind`` symbols of ``arity``, named from its normalised key."""
        key = phrase_key(phrase, self.analyzer) or phrase.strip().casefold()
        found = self._symbols.get((kind, key, arity))
        if found is None:
            base = prefix + _identifier(w[:1].upper() + w[1:] for w in key.split()).replace("_", "") or "P"
            base = base if base[0].isalpha() else f"P{base}"
            found = Symbol(self._unique(base[:60]), kind, arity)
            self._symbols[(kind, key, arity)] = found
        if phrase not in found.texts:
            found.texts.append(phrase)
        return found

    def constant(self, text: str) -> str:
        """The constant of a name or noun phrase (``legend_of_zelda``)."""
        key = name_key(text) or text.strip().casefold()
        found = self._symbols.get(("const", key, 0))
        if found is None:
            base = _identifier(key.split()) or "c"
            if not base[0].isalpha() or _NLTK_VARIABLE.match(base) or base in _NLTK_WORDS:
                base = f"c_{base}"
            found = Symbol(self._unique(base[:60]), "const", 0)
            self._symbols[("const", key, 0)] = found
        if text not in found.texts:
            found.texts.append(text)
        return found.name

    def key_of_constant(self, text: str) -> str:
        return name_key(text) or text.strip().casefold()

    # rendering ----------------------------------------------------------------------------------
    def term(self, term: Term) -> str:
        return term.name if isinstance(term, Var) else self.constant(term.text)

    def render(self, node: Node) -> str:
        """``node`` in NLTK syntax, naming every phrase on the way."""
        if isinstance(node, Pred):
            args = ", ".join(self.term(a) for a in node.args)
            return f"{self.predicate(node.phrase, len(node.args), noun=node.kind == 'noun')}({args})"
        if isinstance(node, Not):
            return f"-{self.render(node.body)}"
        if isinstance(node, Junction):
            return "(" + f" {node.op} ".join(self.render(p) for p in node.parts) + ")"
        if isinstance(node, Cond):
            return f"({self.render(node.left)} {'<->' if node.iff else '->'} {self.render(node.right)})"
        if isinstance(node, Quant):
            return f"{node.kind} {node.var.name}.{self.render(node.body)}"
        raise TypeError(f"not an IR node: {node!r}")

    # equivalences -------------------------------------------------------------------------------
    def symbols(self, kind: str) -> list[Symbol]:
        return [s for (k, _, _), s in self._symbols.items() if k == kind]

    def equivalences(
        self,
        embed: EmbedFn,
        *,
        constant_threshold: float,
        predicate_threshold: float,
        event_threshold: float | None = None,
    ) -> list[tuple[str, tuple[str, ...]]]:
        """Equivalence axioms ``(formula, symbols)`` for the clusters of similar symbols; ``embed`` maps texts
        to unit vectors (``Embedder.embed``, or a caching wrapper).

        Only common nouns are clustered among constants: names (a capitalised word) and anything with a
        digit never are — names are linked by ``aliases`` only, values are not symbols here at all.
        Event predicates (one verb each) are clustered with ``event_threshold`` without the shared-word
        blocking (synonyms share no word: "start"/"found"); ``None`` leaves them unlinked.
        """
        axioms: list[tuple[str, tuple[str, ...]]] = self.aliases()
        common = [s for s in self.symbols("const") if all(_common(t) for t in s.texts)]
        groups: list[tuple[list[Symbol], float]] = [(common, constant_threshold)]
        arities = sorted({s.arity for s in self.symbols("pred")})
        groups += [([s for s in self.symbols("pred") if s.arity == a], predicate_threshold) for a in arities]
        selected = [(self._sharing_a_word(candidates), threshold) for candidates, threshold in groups]
        if event_threshold is not None:
            selected.append((self.symbols("event"), event_threshold))
        selected = [(members, threshold) for members, threshold in selected if len(members) > 1]
        texts = [m.texts[0] for members, _ in selected for m in members]
        vectors = embed(texts) if texts else None  # one model call per check
        offset = 0
        for members, threshold in selected:
            assert vectors is not None
            labels = cluster_vectors(vectors[offset : offset + len(members)], threshold)
            offset += len(members)
            clusters: dict[int, list[Symbol]] = {}
            for member, label in zip(members, labels, strict=True):
                clusters.setdefault(label, []).append(member)
            for cluster in clusters.values():
                first = cluster[0]
                for other in cluster[1:]:
                    if not self._minimal_pair(first, other):
                        axioms.append((_equivalence(first, other), (first.name, other.name)))
        return axioms

    def aliases(self) -> list[tuple[str, tuple[str, ...]]]:
        """``goertz = allison_beth_allie_goertz``: a name whose words are a subset of exactly one longer name of
        this check, with the same last word, is that name (a surname or a shortened name); so is a name whose
        words each begin a word of the other, in order ("Ken Loach" / "Kenneth Loach"). The longer name may add
        only names (``_adds_only_names``): "Austrian firm Steyr Mannlicher" says more than "Steyr Mannlicher",
        and "London, England" more than "England"."""
        names = [s for s in self.symbols("const") if not all(_common(t) for t in s.texts)]
        # a "name" of more words than a name has is a clause read as one constant: never an alias
        names = [s for s in names if len(name_key(s.texts[0]).split()) <= MAX_CLUSTERED_WORDS]
        keys = {s.name: name_key(s.texts[0]) for s in names}
        words = {name: set(key.split()) for name, key in keys.items()}
        last = {name: key.split()[-1:] for name, key in keys.items()}
        out: list[tuple[str, tuple[str, ...]]] = []
        for short in names:
            if any(ch.isdigit() for ch in short.texts[0]):
                continue
            longer = [
                s
                for s in names
                if s is not short
                and (words[short.name] < words[s.name] or _shortened(keys[short.name], keys[s.name]))
                and last[short.name] == last[s.name]
                and _adds_only_names(words[short.name], s.texts[0])
            ]
            if len(longer) == 1:
                out.append((f"({short.name} = {longer[0].name})", (short.name, longer[0].name)))
        return out

    def _content_words(self, symbol: Symbol) -> set[str]:
        return {w for w in phrase_key(symbol.texts[0], self.analyzer).split() if w not in KEPT_WORDS | {"not"}}

    def _sharing_a_word(self, symbols: list[Symbol]) -> list[Symbol]:
        """The symbols that share a content word (stem) with another one: only those can be equivalent.

        This blocking step keeps embedding cheap (a check has hundreds of symbols) and keeps unrelated
        symbols from being merged by a loose embedding. Symbols of more than ``MAX_CLUSTERED_WORDS``
        content words (whole clauses read as one property) are left out: they never pass the
        threshold against a different wording, and embedding them costs most of a check's time.
        """
        index: dict[str, list[int]] = {}
        words = [self._content_words(s) for s in symbols]
        words = [w if len(w) <= MAX_CLUSTERED_WORDS else set() for w in words]
        for i, found in enumerate(words):
            for word in found:
                index.setdefault(word, []).append(i)
        keep = sorted({i for posting in index.values() if len(posting) > 1 for i in posting})
        return [symbols[i] for i in keep]

    def _minimal_pair(self, a: Symbol, b: Symbol) -> bool:
        """Predicates that differ only in a kept function word ("flies to" / "flies from", "can compose" /
        "compose", negation, a word of degree or frequency: "often visits" / "visits") and constants that differ
        in a word of degree or a privative modifier ("most medals" / "medals") are deliberately different,
        however similar their embeddings; so are symbols whose texts differ by antonyms ("lives north of" /
        "lives south of", "increased" / "decreased")."""
        if self.antonyms is not None and opposed(a.texts[0], b.texts[0], self.antonyms):
            return True
        if a.kind == "const":  # "most medals" is not "medals", "former senator" not "senator"
            words = [set(name_key(s.texts[0]).split()) for s in (a, b)]
            if (words[0] ^ words[1]) & (DEGREE_WORDS | PRIVATIVE):
                return True
            # "London, England" is not "England": a longer name that adds more than names says more
            short, long = (0, 1) if len(words[0]) <= len(words[1]) else (1, 0)
            return words[short] < words[long] and not _adds_only_names(words[short], (a, b)[long].texts[0])
        keys = [phrase_key(s.texts[0], self.analyzer).split() for s in (a, b)]
        differing = set(keys[0]) ^ set(keys[1])
        if any(any(ch.isdigit() for ch in w) for w in differing):  # "number 34" is not "number 35"
            return True
        names = [{w.casefold() for w in _NAME_WORDS.findall(s.texts[0]) if not proper_adjective(w)} for s in (a, b)]
        # "choreographed by Maurice Hines" is not "… by Gregory Hines"; "… by Ann Lee" may be "… by Ann Mary Lee"
        if not (names[0] <= names[1] or names[1] <= names[0]):
            return True
        content = [[w for w in key if w not in KEPT_WORDS | {"not"}] for key in keys]
        if content[0] == content[1]:
            return True
        # one says all the other says and more ("spent … in London England" / "spent … in England"): the longer is
        # not the same as the shorter, however alike they read
        words = [set(c) for c in content]
        return words[0] < words[1] or words[1] < words[0]

    def subsumptions(self) -> list[tuple[str, tuple[str, ...]]]:
        """``all x.(EasternWildTurkey(x) -> WildTurkey(x))``: a modified noun phrase entails its head.

        For each noun-phrase predicate, its heads are the phrase without leading modifiers
        ("wild turkey", "turkey") and without a trailing prepositional phrase ("animals" for
        "animals from Australia"), and the phrase with fewer modifiers, the head noun kept
        ("private research university" for "private Jesuit Catholic research university",
        ``_fewer_modifiers``); an axiom is made for each that is itself a noun-phrase predicate of this check.
        With WordNet's hypernymy (``is_a``), a one-word noun predicate is also
        entailed by a phrase whose head noun lies under it: ``all x.(AustrianJournalist(x) -> Author(x))``.
        """
        unary = {key: s for (kind, key, arity), s in self._symbols.items() if kind == "pred" and arity == 1 and s.noun}
        axioms: dict[str, tuple[str, ...]] = {}
        for symbol in unary.values():
            for text in symbol.texts:
                heads = self._heads(text)
                first = text.split()[0] if text.split() else ""
                if first[:1].isupper() and len(text.split()) > 1:  # "American musician" → "American"
                    heads.add(phrase_key(first, self.analyzer))
                for head in heads:
                    target = unary.get(head)
                    if target is not None and target is not symbol:
                        axioms[f"all x.({symbol.name}(x) -> {target.name}(x))"] = (symbol.name, target.name)
        for source, target in self._fewer_modifiers(list(unary.values())):
            axioms[f"all x.({source.name}(x) -> {target.name}(x))"] = (source.name, target.name)
        if self.is_a is not None:
            for source, target in self._hypernyms(list(unary.values()), self.is_a):
                axioms[f"all x.({source.name}(x) -> {target.name}(x))"] = (source.name, target.name)
            for source, target in self._relational_hypernyms(self.is_a):
                axioms[f"all x y.({source.name}(x, y) -> {target.name}(x, y))"] = (source.name, target.name)
        return list(axioms.items())

    @staticmethod
    def _fewer_modifiers(symbols: Sequence[Symbol]) -> list[tuple[Symbol, Symbol]]:
        """(phrase, shorter phrase) pairs of bare noun phrases where the shorter keeps the head noun and some of the
        modifiers, in order: "private Jesuit Catholic research university" → "private research university" (the
        leading ones alone are ``_heads``'). A phrase with a privative modifier or a negation gives none, nor one whose
        modifiers are coordinated (a "red, white and blue flag" is no red flag)."""
        phrases: list[tuple[Symbol, list[str]]] = []
        for symbol in symbols:
            for text in symbol.texts:
                found = _phrase_words(text)
                if len(found) < 2 or any(w in HEAD_PREPOSITIONS for w in found[1:]):
                    continue
                if "," in text or COORDINATORS & set(found):
                    continue  # coordinated modifiers may share the noun between them: a "red, white and blue flag"
                phrases.append((symbol, found))
        pairs = []
        for symbol, long in phrases:
            if (NEGATIONS | PRIVATIVE) & set(long):
                continue
            for target, short in phrases:
                if target is symbol or len(short) >= len(long) or short[-1] != long[-1]:
                    continue
                remaining = iter(long)
                if all(word in remaining for word in short):  # a subsequence: the words kept, in their order
                    pairs.append((symbol, target))
        return pairs

    def _relational_hypernyms(self, is_a: AntonymFn) -> list[tuple[Symbol, Symbol]]:
        """A relational noun entails its hypernym with the same preposition: ``MotherOf(x, y)`` → ``ParentOf(x,
        y)``, ``MemberOf`` → ``PartOf`` (the copula's "X is a C of Y" relations, ``verification.frames_fol``)."""
        general: dict[tuple[str, str], Symbol] = {}
        phrases: list[tuple[Symbol, list[str], str]] = []
        for (kind, _, arity), symbol in self._symbols.items():
            if kind != "pred" or arity != 2:
                continue
            for text in symbol.texts:
                words = _phrase_words(text)
                if len(words) < 2 or words[-1] not in HEAD_PREPOSITIONS or not _common(text):
                    continue
                head, preposition = words[:-1], words[-1]
                if len(head) == 1:
                    general.setdefault((lemma(head[0]), preposition), symbol)
                if not (NEGATIONS | PRIVATIVE) & set(head):
                    phrases.append((symbol, head, preposition))
        return [
            (symbol, target)
            for symbol, head, preposition in phrases
            for (word, prep), target in general.items()
            if prep == preposition and target is not symbol and is_a(lemma(head[-1]), word)
        ]

    def _hypernyms(self, symbols: Sequence[Symbol], is_a: AntonymFn) -> list[tuple[Symbol, Symbol]]:
        """(phrase, noun) pairs where the phrase's head noun is a hyponym of the one common noun the other
        symbol was written as; a negated or privative phrase ("not a twin", "former senator") entails nothing,
        and neither does a capitalised head, which names something ("a Jaguar" is a car as often as a cat)."""
        general: dict[str, Symbol] = {}
        for symbol in symbols:
            for text in symbol.texts:
                words = _WORD.findall(text)
                if len(words) == 1 and _common(words[0]):
                    general.setdefault(lemma(words[0].casefold()), symbol)
        pairs = []
        for symbol in symbols:
            for text in symbol.texts:
                written = _WORD.findall(unicodedata.normalize("NFKC", text))
                found = [w.casefold() for w in written]
                cut = next((i for i, w in enumerate(found) if w in HEAD_PREPOSITIONS and i), len(found))
                head = found[:cut]
                if not head or (NEGATIONS | PRIVATIVE) & set(head) or not _common(written[cut - 1]):
                    continue  # a capitalised head is a name ("a Jaguar"), not the common noun
                noun = lemma(head[-1])
                pairs += [(symbol, g) for word, g in general.items() if g is not symbol and is_a(noun, word)]
        return pairs

    def possibilities(self) -> list[tuple[str, tuple[str, ...]]]:
        """``all x.(Fly(x) -> CanFly(x))``: what something does, it can do (for each "can …" predicate)."""
        axioms: list[tuple[str, tuple[str, ...]]] = []
        for (kind, key, arity), symbol in self._symbols.items():
            words = key.split()
            if kind != "pred" or len(words) < 2 or words[0] not in ("can", "could"):
                continue
            plain = self._symbols.get(("pred", " ".join(words[1:]), arity))
            if plain is not None:
                variables = ["x", "y", "z"][:arity]
                args = ", ".join(variables)
                quantified = f"all {' '.join(variables)}." if variables else ""
                axioms.append(
                    (f"{quantified}({plain.name}({args}) -> {symbol.name}({args}))", (plain.name, symbol.name))
                )
        return axioms

    def _heads(self, text: str) -> set[str]:
        found = _phrase_words(text)
        if NEGATIONS & set(found):  # "not a twin" does not entail "twin"
            return set()
        cut = next((i for i, w in enumerate(found) if w in HEAD_PREPOSITIONS and i), len(found))
        head = found[:cut]
        # a head entails nothing past a privative modifier: "former senator" gives no "senator"
        candidates = [head[k:] for k in range(1, len(head)) if not PRIVATIVE & set(head[:k])]
        if cut < len(found):
            candidates.append(head)
        return {phrase_key(" ".join(c), self.analyzer) for c in candidates if c}


def _phrase_words(text: str) -> list[str]:
    """The words of a symbol's text, NFKC-normalised and casefolded, as the phrase tests compare them."""
    return _WORD.findall(unicodedata.normalize("NFKC", text).casefold())


NAME_PARTICLES = frozenset(
    ("de", "da", "del", "della", "di", "du", "van", "von", "der", "den", "la", "le", "bin", "ibn", "al")
)


def _adds_only_names(short_words: set[str], long_text: str) -> bool:
    """Whether ``long_text`` adds to the words ``short_words`` only capitalised words (or name particles such as
    "de", "van") and has no comma: a given name ("Allie Goertz" for "Goertz"), not a description ("Austrian firm
    Steyr Mannlicher") or a place that holds another ("London, England" for "England")."""
    if "," in long_text:
        return False
    added = [w for w in _WORD.findall(unicodedata.normalize("NFKC", long_text)) if w.casefold() not in short_words]
    return all((w[:1].isupper() and w.casefold() not in DEGREE_WORDS) or w.casefold() in NAME_PARTICLES for w in added)


def _shortened(short: str, long: str) -> bool:
    a, b = short.split(), long.split()
    return a != b and len(a) == len(b) and all(y.startswith(x) for x, y in zip(a, b, strict=True))


def _common(text: str) -> bool:
    """A common noun phrase: no capitalised word, no digit."""
    return not any(w[:1].isupper() or any(ch.isdigit() for ch in w) for w in text.split())


def _equivalence(a: Symbol, b: Symbol) -> str:
    if a.kind == "const":
        return f"({a.name} = {b.name})"
    variables = ["x", "y", "z", "w"][: a.arity] or []
    if not variables:
        return f"({a.name} <-> {b.name})"
    args = ", ".join(variables)
    return f"all {' '.join(variables)}.({a.name}({args}) <-> {b.name}({args}))"
