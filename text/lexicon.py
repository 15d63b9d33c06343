"""Word lists every layer consults: the analyzer's stop words, and what the rule extractor and the
English → FOL translation use (English chat and prose, plus CJK particles and honorifics).

Everything here is a constant: the lists decide which capitalised words are *not* names
(sentence starters, greetings, contractions), which lowercase words are too generic to be
keywords or concepts, which words count as verbs when naming a relation, and which units turn a
number into a quantity.
"""

from __future__ import annotations

ENGLISH_STOP_WORDS: frozenset[str] = frozenset(
    (
        "a",
        "about",
        "above",
        "after",
        "again",
        "against",
        "all",
        "am",
        "an",
        "and",
        "any",
        "are",
        "aren't",
        "as",
        "at",
        "be",
        "because",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "by",
        "can",
        "cannot",
        "could",
        "did",
        "do",
        "does",
        "doing",
        "don",
        "down",
        "during",
        "each",
        "few",
        "for",
        "from",
        "further",
        "had",
        "has",
        "have",
        "having",
        "he",
        "her",
        "here",
        "hers",
        "herself",
        "him",
        "himself",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "isn",
        "it",
        "its",
        "itself",
        "just",
        "let",
        "me",
        "more",
        "most",
        "my",
        "myself",
        "no",
        "nor",
        "not",
        "of",
        "off",
        "on",
        "once",
        "only",
        "or",
        "other",
        "ought",
        "our",
        "ours",
        "ourselves",
        "out",
        "over",
        "own",
        "same",
        "she",
        "should",
        "so",
        "some",
        "such",
        "than",
        "that",
        "the",
        "their",
        "theirs",
        "them",
        "themselves",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "very",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
        "yours",
        "yourself",
        "yourselves",
        "s",
        "t",
    )
)


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


def _tuple(text: str) -> tuple[str, ...]:
    return tuple(text.split())


# Function words: they split a run of capitalised words anywhere ("The", "I", "We"). Lower case.
FUNCTION: frozenset[str] = ENGLISH_STOP_WORDS | _words(
    """
    also although anyone anything anybody anyway anywhere around away back else even ever every everybody
    everyone everything everywhere however indeed instead maybe may might must nobody nothing now often
    perhaps please plus quite rather really since someone something sometimes somewhere soon still though
    thus unless upon us whatever whenever wherever whether yet shall can cannot could would should will much many
    did does do done doing got get gets getting gonna wanna gotta let lets
    """
)

# Greetings and interjections: never part of a name ("Hey Adam", "Thanks Li Hua").
INTERJECTIONS: frozenset[str] = _words(
    """
    hey hi hello hiya yo dear thanks thank ty thx yes yeah yep yup nope nah oh ooh ah aw aww wow whoa hmm
    um uh haha hahaha hehe lol lmao omg btw fyi imo tbh idk ok okay alright bye goodbye yay woohoo phew
    congrats congratulations cheers sorry
    """
)

# Words that are capitalised only because they start a sentence: stripped from the start of a
# sentence-initial run ("Sounds Good", "Absolutely Adam"), kept elsewhere ("the Great Wall").
STARTERS: frozenset[str] = _words(
    """
    today tomorrow tonight yesterday sure right well cool great good nice awesome amazing fantastic
    wonderful perfect sweet fun lovely glad happy excited absolutely definitely totally exactly certainly
    honestly seriously actually basically literally probably surely agreed agree sounds sound looks look
    looking seems seem see saw seen hope hoping love loved loving like liked enjoy enjoyed appreciate
    appreciated welcome make makes made just count catch remember imagine having staying trying
    keeping mixing speaking talking
    """
)

BREAK: frozenset[str] = FUNCTION | INTERJECTIONS

# Generic words that are poor keywords and concepts (on top of STOP): common verbs, adjectives and
# vague nouns that fill chat messages.
_FILLER_WORDS: frozenset[str] = _words(
    """
    think thought know knew known want wanted wants need needed needs try trying tried tell told say said
    says ask asked keep keeping kept help helps helped going go goes went gone come comes coming came take
    takes taking took give gives gave feel feels feeling felt mean means meant guess wait waiting wish
    remember forget forward idea ideas plan plans time times day days week weeks moment moments minute
    everyone people guys folks friend friends place places part parts point points reason reasons
    question questions answer answers update updates note chance chances end start beginning step steps
    incredibly together along ahead already always never just only often usually later early earlier again else
    anytime everyday sometime lately recently currently definitely truly simply especially
    keep stay stays staying stayed worked working sounds seems looks heads thing things stuff detail details
    info plenty bunch couple man dude guys blast epic vibe vibes
    """
)
# Adjectives that fill chat messages ("a large coffee", "so free today"); in prose they are part of what is named
# ("large file support", "free software"), so documents keep them inside a noun phrase (``PROSE_STOP``).
QUALITY_ADJECTIVES: frozenset[str] = _words(
    """
    same different whole entire full big small little huge tiny best better worse worst real true sure
    important special favorite favourite interesting incredible awesome super pretty cute
    easy hard tough busy free ready able fine okay alright enough high low long short old young
    active available bad beautiful bright broken calm cheap clean clear close cold comfortable common cozy
    crazy curious dark deep delicious difficult dry due early effective empty entire exact exciting expensive
    extra fair familiar far fast fresh friendly funny general gentle glad heavy helpful hot huge intense
    interested kind large late light likely live local lucky main major minor modern natural near neat
    necessary normal obvious open perfect personal possible quick quiet rare recent regular relaxing
    responsive rich safe serious sharp simple slow smart soft solid specific strange strong sunny tired
    tight typical unique upset useful usual warm weird welcoming wet whole wild wise wonderful worth wrong
    hearty informative lovely amazing awesome fantastic great good nice cool
    """
)
FILLER: frozenset[str] = _FILLER_WORDS | QUALITY_ADJECTIVES

# Words that are never keywords or concepts.
_STOP_EXTRA = _words("one ones two lot lots bit kind sort way first last next new either neither")
STOP: frozenset[str] = FUNCTION | INTERJECTIONS | STARTERS | FILLER | _STOP_EXTRA

# Lower-case words allowed *inside* a capitalised name: "Statue of Liberty", "Ludwig van Beethoven".
CONNECTORS: frozenset[str] = _words("of the de del della der den van von da das di dos du la le al bin ibn y")

# Function words that are also given names: capitalised mid-sentence and followed by a capitalised word, they
# open a name ("written by Don McKellar", "includes Will Arnett") instead of breaking it.
GIVEN_NAME_WORDS: frozenset[str] = _words("will don may can")

# Titles that mark the following name as a person and are not part of the name.
PERSON_TITLES: frozenset[str] = _words("mr mrs ms miss mx dr prof professor sir madam madame mister aunt uncle")

# Abbreviations that end with a dot without ending the sentence.
ABBREVIATIONS: frozenset[str] = _words(
    "mr mrs ms mx dr prof st sr jr vs etc e.g i.e a.m p.m no approx dept est fig inc ltd co mt ave"
)

CONTRACTION_BASES: frozenset[str] = _words(
    "it that let what there here he she who where how when why this i you we they"
)

MONTHS_FULL: tuple[str, ...] = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
MONTHS_SHORT: tuple[str, ...] = ("Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov", "Dec")
WEEKDAYS: tuple[str, ...] = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")

NUMBER_WORDS: tuple[str, ...] = (
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "fifteen",
    "twenty",
    "thirty",
    "forty",
    "fifty",
    "sixty",
    "hundred",
    "a few",
    "several",
)

# Units that make "<number> <unit>" a quantity ("5 km", "3 hours", "10 reps").
UNITS: tuple[str, ...] = _tuple(
    """
    seconds second secs sec minutes minute mins min hours hour hrs hr days day weeks week months month
    years year yrs decades nights night
    kilometers kilometer kilometres kilometre km kms miles mile mi meters meter metres metre m cm mm
    feet foot ft inches inch yards yard
    kilograms kilogram kilos kilo kg kgs grams gram g lbs lb pounds pound oz ounces ounce tons ton
    liters liter litres litre l ml gallons gallon cups cup tablespoons teaspoons glasses glass bottles bottle
    calories calorie kcal reps rep sets set steps laps lap rounds round miles pages page chapters chapter
    books book episodes episode seasons season games game points point goals goal matches match
    people persons person guests guest members member players player kids children adults tickets ticket
    rooms room floors floor items item pieces piece slices slice servings serving boxes box bags bag
    times degrees degree percent mph kmh bpm gb mb tb ghz mhz bits bit bytes byte kb kib mib gib tib kbit mbit
    kilobytes kilobyte kibibytes kibibyte megabytes megabyte mebibytes mebibyte gigabytes gigabyte gibibytes gibibyte
    terabytes terabyte
    dollars dollar bucks euros euro yen yuan rmb won usd eur gbp jpy cny
    """
)

# Common English verbs (base forms) used to name a relation from the words between two names.
_VERB_LEMMAS = _words(
    """
    accept add agree allow announce answer appear arrange arrive ask attend avoid bake become begin believe
    belong bring build buy call cancel carry catch change check choose clean close collect come complete
    confirm contact cook cost create dance decide deliver describe design discuss drink drive eat email
    enjoy explain feel fill find finish fix fly follow forget get give go grow happen hate have hear help
    hire hold host improve include inform install introduce invite join keep know lead learn leave lend
    like listen live look lose love make manage marry meet message miss move need offer open order organize
    organise own paint pay perform pick plan plant play post practice practise prefer prepare present
    produce promise provide publish put read receive recommend remind remove rent repair replace report
    request reserve return ride run say schedule see sell send serve share show sing sit sleep speak spend
    start stay stop study suggest support swim take talk teach tell text thank train travel try turn use
    visit wait walk want watch wear win work write
    """
) | _words(
    # what manuals, READMEs and FAQs say software and its people do ("GDB requires a C++11 compiler", "nss-mdns
    # contacts avahi-daemon"); words as often nouns there ("link", "store", "print", "port") are left out
    """
    compile compress conform configure contain convert decompress define delete depend detect develop disable
    distribute enable encrypt execute export extend fork generate implement import invoke launch maintain
    modify parse redistribute release require resolve specify stand operate merge render encode decode expose
    consist rename supersede deprecate rely
    """
)
_IRREGULAR = _words(
    """
    is are was were be been being am has had having does did done went gone made came become became began born
    begun bought brought built caught chose chosen drank drunk drove driven ate eaten felt found flew flown
    forgot forgotten got gotten gave given grew grown heard held kept knew known led learnt left lent lost
    met paid put read rode ran said saw seen sold sent sang sung sat slept spoke spoken spent stood swam
    swum took taken taught told thought threw thrown understood wore worn won wrote written
    """
)


def inflections(lemma: str) -> set[str]:
    """A verb lemma with its regular forms: -s, -es, -ed, -ing, and -d, "-ies"/"-ied" and a doubled last consonant
    where the spelling asks for them (an over-generated set: "makeed" is harmless in a membership test; "-d" only
    after an "e", so that "systemd", "lockd" and "statd" are no inflections of "system", "lock" and "stat")."""
    forms = {lemma, lemma + "s", lemma + "es", lemma + "ed", lemma + "ing"}
    if lemma.endswith("e"):
        forms |= {lemma + "d", lemma[:-1] + "ing"}
    if lemma.endswith("y") and len(lemma) > 2 and lemma[-2] not in "aeiou":
        forms |= {lemma[:-1] + "ies", lemma[:-1] + "ied"}
    if len(lemma) >= 3 and lemma[-1] not in "aeiouwyx" and lemma[-2] in "aeiou" and lemma[-3] not in "aeiou":
        forms |= {lemma + lemma[-1] + "ed", lemma + lemma[-1] + "ing"}
    return forms


VERB_LEMMAS: frozenset[str] = _VERB_LEMMAS
VERBS: frozenset[str] = frozenset().union(*(inflections(v) for v in _VERB_LEMMAS)) | _IRREGULAR
# Words as often nouns as verbs in software documentation ("a link", "the store"), and "mean", a chat filler ("I
# mean"): between two mentions of a document's sentence they are the verb ("X links against Y", "FFI means …")
PROSE_VERBS: frozenset[str] = frozenset().union(
    *(inflections(v) for v in _words("mean cover ship link store print form wrap port list"))
) | _words("meant")

# Words allowed inside a relation predicate besides the verb (articles and adverbs are dropped).
PREDICATE_DROP: frozenset[str] = _words(
    "a an the some any this that these those my your his her our their its very really just also such so only"
)

# Verbs too light to name a relation on their own ("X is Y", "songs like Y" → related_to).
LIGHT_VERBS: frozenset[str] = _words(
    "is are was were be been being am have has had having do does did like likes make makes made keep keeps "
    "get gets got let lets"
)

# Japanese honorific suffixes (after a name) and Korean ones.
JA_HONORIFICS: tuple[str, ...] = ("さん", "さま", "様", "くん", "君", "ちゃん", "氏", "先生", "殿", "先輩")
KO_HONORIFICS: tuple[str, ...] = ("씨", "님")
# Korean particles stripped from the end of a Hangul word (longest first).
KO_PARTICLES: tuple[str, ...] = tuple(
    sorted(
        _tuple("에서는 에게서 으로는 에서 에게 한테 께서 으로 부터 까지 처럼")
        + _tuple("보다 하고 이랑 은 는 이 가 을 를 에 의 와 과 도 로 만 랑"),
        key=len,
        reverse=True,
    )
)
# Endings of Korean predicates (verbs, adjectives, copula): such words are not names.
KO_PREDICATE_ENDINGS: tuple[str, ...] = _tuple("다 요 까 죠 네 니 고 서 면 지 게 며 어 아 야 자 세")


def is_contraction(word: str) -> bool:
    """``I'm``, ``can't``, ``it's``, ``let's``: words that are never part of a name or a keyword."""
    lower = word.casefold().replace("’", "'")
    if "'" not in lower:
        return False
    base, _, tail = lower.rpartition("'")
    if tail in ("m", "ll", "ve", "re", "d", "t"):
        return True
    return tail == "s" and base in CONTRACTION_BASES


# Word classes for the rule-based English → FOL translation (``verification.english``). Lower case.
COPULA = frozenset(["is", "are", "was", "were", "be", "am", "been", "being"])
MODALS = frozenset(["will", "would", "can", "could", "may", "might", "must", "should", "shall"])
DO = frozenset(["does", "do", "did"])
HAVE = frozenset(["has", "have", "had"])
AUX = COPULA | MODALS | DO | HAVE
PRONOUNS = frozenset(["they", "he", "she", "it", "them"])
GENERIC_ALL = frozenset(["everyone", "everybody", "everything", "anyone", "anybody", "anything", "people", "persons"])
GENERIC_SOME = frozenset(["someone", "somebody", "something"])
VACUOUS = GENERIC_ALL | GENERIC_SOME | frozenset(["person", "one", "thing", "things", "individual", "individuals"])
ALL_DETS = frozenset(["all", "every", "each", "any"])
SOME_DETS = frozenset(["some", "many", "several", "most", "certain"])
QUANTIFIERS = ALL_DETS | SOME_DETS | {"no"}
ARTICLES = frozenset(["a", "an", "the"])
DEMONSTRATIVES = frozenset(["this", "that", "these", "those", "such"])
RELATIVE = frozenset(["who", "that", "which", "whose"])
PREPOSITIONS = frozenset(
    [
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "with",
        "by",
        "from",
        "into",
        "about",
        "as",
        "than",
        "under",
        "over",
        "within",
        "during",
    ]
)
# Documents keep quality adjectives inside a noun phrase ("large file support", "free software") and never start
# or end one with a preposition ("run without Zorp")
PROSE_STOP: frozenset[str] = (
    FUNCTION | INTERJECTIONS | STARTERS | _FILLER_WORDS | _STOP_EXTRA | PREPOSITIONS
    | _words("without via unlike despite throughout towards toward beside besides except across along among beyond")
)
PARTICLES = frozenset(["out", "up", "off", "down"])
NAME_LINKS = frozenset(["of", "de", "the", "du", "van", "von", "la", "le", "da", "del"])
VP_OPENERS = frozenset(["either", "neither", "both", "not", "never", "also", "always", "often", "usually"])
NOT_VERBS = AUX | ARTICLES | PREPOSITIONS | RELATIVE | (ENGLISH_STOP_WORDS - {"own"}) | {"either", "neither", "both"}
LEARN_AFTER = (
    PRONOUNS | GENERIC_ALL | GENERIC_SOME | RELATIVE | MODALS | {"to", "not", "also", "often", "always", "never"}
)
IRREGULAR_PAST = frozenset(
    [
        "was",
        "were",
        "had",
        "did",
        "made",
        "said",
        "went",
        "took",
        "came",
        "saw",
        "knew",
        "got",
        "gave",
        "found",
        "thought",
        "told",
        "became",
        "felt",
        "brought",
        "began",
        "kept",
        "held",
        "wrote",
        "stood",
        "heard",
        "meant",
        "met",
        "ran",
        "paid",
        "sat",
        "spoke",
        "led",
        "grew",
        "lost",
        "fell",
        "sent",
        "built",
        "understood",
        "drew",
        "broke",
        "spent",
        "drove",
        "bought",
        "wore",
        "chose",
        "sold",
        "won",
        "taught",
        "caught",
        "fought",
        "threw",
        "flew",
    ]
)
PARTICIPLES = frozenset(
    ["given", "written", "made", "known", "born", "taken", "seen", "held", "built", "done", "shown", "grown"]
)
# Past participles not ending in -ed, for telling a passive ("was won by") from a copula ("was a winner").
IRREGULAR_PARTICIPLES: frozenset[str] = PARTICIPLES | _words(
    """
    won sold led begun become chosen drawn driven eaten fallen found gone hidden kept left lost meant met paid put
    read run said sent set spent spoken stolen taught thought told understood worn broken brought bought caught
    """
)

# The lexical baseline's function words: articles, the commonest prepositions, copulas, "it/this/that",
# "and/or" and "yes/no" (a claim passes when every other word occurs in the context).
LEXICAL_FUNCTION_WORDS = (
    ARTICLES
    | frozenset(["of", "in", "on", "at", "to", "for", "by", "with", "as", "from", "and", "or"])
    | frozenset(["is", "are", "was", "were", "be", "been", "it", "its", "this", "that", "yes", "no"])
)
