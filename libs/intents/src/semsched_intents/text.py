"""Hint text: sanitising, and tokens with character spans into the sanitised text.

Every regex here is linear-time: character classes with single quantifiers, no nested
repetition over user text.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

_SURROGATES = re.compile(r"[\ud800-\udfff]")  # escaped: mypyc takes no lone surrogate in a literal
_ANSI = re.compile(r"\x1b\[[0-9;?]{0,32}[A-Za-z]?")  # terminal colour codes pasted with a hint
# Control and invisible formatting characters (keeping \t \n \r, turned into spaces/newlines below).
_CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]")
_QUOTES = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201b": "'",
        "`": "'",
        "\u00b4": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2013": "\u2014",
        "\u2212": "-",
        "\u2010": "-",
        "\u2011": "-",
        "\t": " ",
        "\r": "\n",
    }
)
_SPACES = re.compile(r"[ \u00a0]+")
# Comparison operators people paste from configs: "free cpu >= 8", "zone != lon".
_OPERATORS = re.compile(r"!=|=/=|\u2260|>=|\u2265|>(?=\s{0,3}\d)")
_OPERATOR_WORDS = {"!=": " not ", "=/=": " not ", "\u2260": " not "}
_BECAUSE = re.compile(r"(?<![\w/])[bB]/[cC](?![\w/])")
_ANY_BUT = re.compile(
    r"\b(any(?:\s+(?!(?:works|work|is|are|will|would|does|do|fine|ok|okay)\b)[\w-]+){1,2})\s+but\b",
    re.IGNORECASE,
)
_MATTERS_MORE = re.compile(r"(?<=[a-z]) > (?=[a-z])")
_AT_LEAST_PLUS = re.compile(r"(\d)\+(?=\s|$)")
_PLUS = re.compile(r"(?<=\w)\s+\+\s+(?=\w)")  # "rooms + nodes": and
_BANG = re.compile(r"(?<![\w!])!(?=[A-Za-z])")  # "!spot", "a|b; !c": not
_DOLLARS = re.compile(r"(?<![\w$])\${1,3}(?![\w$])")  # "keep $ low": the cost
_WITH = re.compile(r"(?<![\w/])[wW]/(?:([oO])(?![\w/])|(?=[\s\w]))")  # "w/ minio", "w/o spot"
# Cyrillic and Greek letters that look like Latin ones ("z\u043ene-\u0430" with Cyrillic o and a):
# mapped to Latin inside words that also have Latin letters, so a pasted or spoofed name still
# matches; words written wholly in another script are left alone.
_HOMOGLYPHS = str.maketrans(
    "\u0430\u0435\u043e\u0440\u0441\u0445\u0443\u0456\u0458\u0455\u04bb\u0501\u051b\u051d"
    "\u0410\u0412\u0415\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0425\u0423\u0406\u0408\u0405"
    "\u03bf\u03b1\u03b5\u03b9\u03ba\u03bd\u03c1\u03c4\u03c5\u03c7"
    "\u0391\u0392\u0395\u0396\u0397\u0399\u039a\u039c\u039d\u039f\u03a1\u03a4\u03a5\u03a7",
    "aeopcxyijshdqwABEKMHOPCTXYIJSoaeiknptuxABEZHIKMNOPTYX",
)
_MIXED_WORD = re.compile(r"[^\W_]+(?:[-.'][^\W_]+)*")


def _latinise(match: re.Match[str]) -> str:
    word = match.group(0)
    if word.isascii() or not any("a" <= c.lower() <= "z" for c in word):
        return word
    return word.translate(_HOMOGLYPHS)


# A word: letters/digits, with inner dots/apostrophes ("0.5tb", "v2.14.0", "don't"). A lone hyphen
# between two words joins them ("zone-a"); other punctuation is kept as a one-character token.
_TOKEN = re.compile(
    r"(?P<w>[^\W_]+(?:['.][^\W_]+)*)|(?P<h>-+)|(?P<p>[,;:!?()\[\]=/&+|\n.\u2014<>\u2265\u2264])"
)

_CONTRACTIONS = frozenset(
    {"it's", "that's", "what's", "let's", "there's", "here's", "he's", "she's", "who's", "where's", "one's"}
)


_NO_SIGNS = frozenset("\u274c\U0001f6ab\u26d4\u2716\u2717\u2718\u274e")


_EYE_ROLLS = frozenset("\U0001f644\U0001f643\U0001f612")


def _symbols(text: str) -> str:
    """Emoji and pictographs end a thought ("ethernet pls \U0001f64f wifi drops packets"); a cross or a
    no-entry sign before a word says no ("\u274c spot")."""
    out = []
    for c in text:
        if c in _NO_SIGNS:
            out.append(" . no ")
        elif c in _EYE_ROLLS:
            out.append(" /s ")  # an eye-roll marks what came before as ironic, as "/s" does
        elif ord(c) >= 0x2600 and unicodedata.category(c) == "So":
            out.append(" . ")
        else:
            out.append(c)
    return "".join(out)


# Batch-scheduler habits (Slurm, PBS) in words the parser reads: "--cpus-per-task=32" is 32 cpus,
# "--gres=gpu:l40s:1" one L40S, "-p gpu" the gpu partition, "--exclude=" / "-x" exclude, "-w" on.
_BATCH_FLAGS = tuple(
    (re.compile(pattern), repl)
    for pattern, repl in (
        (r"#(?:SBATCH|PBS)\b", " "),
        (r"--cpus-per-task[= ](\d+)|(?<![\w-])n?cpus[=:](\d+)|(?<![\w-])-c\s+(\d+)\b", r" \1\2\3 cpus "),
        (r"--gres[= ]gpu:([a-z][a-z0-9]*):(\d+)", r", \2 \1 gpus, "),
        (r"--gres[= ]gpu:(\d+)", r", \1 gpus, "),
        (r"--constraint[= ]|(?<![\w-])-C\s+", " "),
        (r"--partition[= ]([\w-]+)|(?<![\w-])-p\s+([a-z][\w-]*)", r" partition \1\2 "),
        (r"--exclude[= ]|(?<![\w-])-x\s+", " exclude "),
        (r"--nodelist[= ]|(?<![\w-])-w\s+", " on "),
        (r"(?<![\w-])-l\s+(?=\w+=)|(?<![\w-])select=\d+:", " "),
        (r"--mem(?:-per-node)?[= ]", " mem "),
        (r"(?<![\w-])--(?=[a-z])", " "),
    )
)
_HOSTLIST = re.compile(r"\b([a-z][a-z0-9-]*?)\[(\d{1,4})-(\d{1,4})\]")


def _hostlist(match: re.Match[str]) -> str:
    """ "cn[01-03]" is cn01, cn02, cn03 (at most 32 names)."""
    stem, lo, hi = match.group(1), int(match.group(2)), int(match.group(3))
    width = len(match.group(2))
    if hi < lo or hi - lo > 31:
        return match.group(0)
    return ", ".join(f"{stem}{k:0{width}d}" for k in range(lo, hi + 1))


# Keys and flags people write in code (`spot=False`, `"binpack": True`, `avoid_zones=[...]`,
# `anti_affinity={'app': 'x'}`, `mem_headroom='512Gi'`), in the words the parser reads.
_K = r"""["']?"""
_SPOT_NOUN = r"(?:\s+(?:nodes?|instances?|vms?|capacity))?"  # "preemptible nodes: no."
_CODE_WORDS = tuple(
    (re.compile(pattern, re.IGNORECASE), repl)
    for pattern, repl in (
        (
            _K + r"(?:spot|preemptible|use_spot)" + _SPOT_NOUN + _K + r"\s*[:=?]\s*(?:false|no|0)\b",
            " no spot, ",
        ),
        (_K + r"(?:spot|preemptible|use_spot)" + _SPOT_NOUN + _K + r"\s*[:=]\s*(?:true|yes|1)\b", " spot, "),
        (_K + r"(?:bin_?pack(?:ing)?)" + _K + r"\s*[:=]\s*(?:true|yes|1)\b", " bin-pack, "),
        (_K + r"(?:bin_?pack(?:ing)?)" + _K + r"\s*[:=]\s*(?:false|no|0)\b", " , "),
        (_K + r"avoid_(?:zones?|nodes?|gpus?|gpu_models?|labels?)" + _K + r"\s*[:=]\s*", " , avoid "),
        (
            _K + r"(?:pod_)?anti_?affinity" + _K + r"\s*[:=]\s*(?:\{\s*" + _K + r"app" + _K + r"\s*:\s*)?",
            " , anti-affinity to ",
        ),
        (
            _K + r"(?:pod_)?affinity" + _K + r"\s*[:=]\s*(?:\{\s*" + _K + r"app" + _K + r"\s*:\s*)?",
            " , colocate with ",
        ),
        (_K + r"colocate_with" + _K + r"\s*[:=]\s*", " colocate with "),
        (_K + r"least_loaded" + _K + r"\s*[:=]\s*", " least loaded "),
        (
            _K + r"(mem(?:ory)?|cpu|gpus?)_headroom" + _K + r"\s*[:=]\s*" + _K + r"([\w.]+)" + _K,
            r" \2 \1 free, ",
        ),
        (_K + r"gpu_(?:type|model)" + _K + r"\s*[:=]\s*", " "),
    )
)
_CODE_SIGNS = re.compile(
    r"[:=]\s*(?:true|false|yes|no|0|1)\b|(?:spot|preemptible)\?\s*no\b|avoid_|affinity|colocate_with"
    r"|least_loaded|_headroom|gpu_(?:type|model)",
    re.IGNORECASE,
)


def _arch_compound(match: re.Match[str]) -> str:
    arch, how = match.group(1), match.group(2).lower()
    return f" {arch} only " if how == "only" else f", no {arch}, "


def code_words(text: str) -> str:
    if _CODE_SIGNS.search(text):
        for pattern, repl in _CODE_WORDS:
            text = pattern.sub(repl, text)
    return text


_ARCH_COMPOUNDS = re.compile(
    r"\b(arm64|arm|aarch64|x86_64|x86|amd64)-(incompatible|unsupported|only)\b", re.I
)
_BATCH_SIGNS = re.compile(r"--|#(?:SBATCH|PBS)|(?<![\w-])-[cCpxwl]\s|cpus[=:]|select=")


def batch_words(text: str) -> str:
    if "[" in text:
        text = _HOSTLIST.sub(_hostlist, text)
    if _BATCH_SIGNS.search(text):
        for pattern, repl in _BATCH_FLAGS:
            text = pattern.sub(repl, text)
    return text


# "A-100", "H-100", "L-40S": a GPU model written with a hyphen
_GPU_HYPHEN = re.compile(r"\b([AaHhLlTtVvBb])-(\d{1,3}[sSgG]?)\b(?!-)")
_GPU_GLUED = frozenset(
    ["a10", "a10g", "a30", "a40", "a100", "h100", "h200", "l4", "l40", "l40s", "t4", "v100", "b100", "b200"]
)
_US = re.compile(r"(?<![\w.-])U\.?S\.?(?![\w-])")


# Names as dictation writes them: "fry dash oh one", "c p c dash oh three", "n v m e".
_DASH = re.compile(r"(?<=\w) dash (?=\w)", re.IGNORECASE)
_DIGIT_WORDS = {
    "oh": "0", "o": "0", "zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
    "six": "6", "seven": "7", "eight": "8", "nine": "9",
}  # fmt: skip
_DIGIT_WORD = "(?:oh|o|zero|one|two|three|four|five|six|seven|eight|nine)"
_SPOKEN_DIGITS = re.compile(rf"(?<=-)({_DIGIT_WORD}(?: {_DIGIT_WORD})*)\b", re.IGNORECASE)
# Two to five single letters apart ("c p c", "e u"), none of them the words "a" or "i".
_SPELT = re.compile(r"(?<![\w'-])((?:[b-hj-zB-HJ-Z] ){1,7}[b-hj-zB-HJ-Z])(?![\w'-])")
_LETTERED = ("zone", "zones", "az", "azs", "rack", "racks", "row", "rows", "hall", "halls", "plan")


def _spelt(found: re.Match[str]) -> str:
    before = found.string[: found.start()].rstrip().rsplit(" ", 1)[-1].lower()
    return found.group(0) if before in _LETTERED else found.group(1).replace(" ", "")  # "zones b c"


def spoken_names(text: str) -> str:
    """Join what dictation spells out: "c p c dash oh three" -> "cpc-03", "e u" -> "eu"."""
    text = _SPELT.sub(_spelt, text)
    text = _DASH.sub("-", text)
    return _SPOKEN_DIGITS.sub(lambda m: "".join(_DIGIT_WORDS[w.lower()] for w in m.group(1).split(" ")), text)


_FRACTION = re.compile(
    r"(?<![\w./])([1-9])/([2-8])(?=\s*(?:tb|tib|t|gb|gib|g|gig|gigs|of a tb|cores?|cpus?)\b)", re.IGNORECASE
)


def _fraction(found: re.Match[str]) -> str:
    return f"{int(found.group(1)) / int(found.group(2)):g}"


def _gpu_glued(found: re.Match[str]) -> str:
    glued = found.group(1) + found.group(2)
    return glued if glued.lower() in _GPU_GLUED else found.group(0)


def _the_us(text: str) -> str:
    """ "not in the US", "U.S. only": the country, written so that it is no "us"; an all-caps hint
    ("GIVE US A NODE") keeps its pronoun."""
    letters = [c for c in text if c.isalpha()]
    if sum(c.isupper() for c in letters) > len(letters) / 2:
        return text
    return _US.sub("USA", text)


def sanitise(hint: str) -> str:
    """Strip surrogates and control characters, apply NFKC, collapse spaces; never raises."""
    text = _ANSI.sub("", _SURROGATES.sub("", hint))
    text = unicodedata.normalize("NFKC", text)
    text = _CONTROLS.sub("", text).translate(_QUOTES)
    if not text.isascii():
        text = _MIXED_WORD.sub(_latinise, _symbols(text))
    text = code_words(batch_words(text))
    if "/" in text:
        text = _FRACTION.sub(_fraction, text)  # "1/2 TB of free mem"
    if "US" in text or "U.S" in text:
        text = _the_us(text)
    if "-" in text:
        text = _GPU_HYPHEN.sub(_gpu_glued, text)
    if _SPELT.search(text) or _DASH.search(text):
        text = spoken_names(text)
    if "-" in text:  # "arm-incompatible", "x86-only": compounds about the architecture
        text = _ARCH_COMPOUNDS.sub(_arch_compound, text)
    if "/" in text:
        text = _WITH.sub(lambda m: "without" if m.group(1) else "with ", text)
    if "%" in text:
        text = text.replace("%", " percent ")  # "85% CPU" is a load, never a count of cores
    if "/" in text:
        text = _BECAUSE.sub(" because ", text)  # "b/c": a reason, not zones b and c
    if "+" in text:
        text = _AT_LEAST_PLUS.sub(r"\1 ", _PLUS.sub(" and ", text))  # "32+ idle cores": at least 32
    if "!" in text:
        text = _BANG.sub(" not ", text)
    if "$" in text:
        text = _DOLLARS.sub(" cost ", text)
    if " = " in text:
        text = text.replace(" = ", " means ")  # "a preempted planner = a drone with no route"
    if " but " in text:  # "any GPU but T4", "any node but lex-a2": an exception, no new clause
        text = _ANY_BUT.sub(r"\1 except", text)
    if " > " in text:
        text = _MATTERS_MORE.sub(" over ", text)  # "reliability > cost": the first matters more
    if any(c in text for c in "=>\u2260\u2265"):
        text = _OPERATORS.sub(lambda m: _OPERATOR_WORDS.get(m.group(0), " at least "), text)
    return _SPACES.sub(" ", text).strip()


def lower_same_length(text: str) -> str:
    """Lower-case (underscores read as hyphens), keeping offsets aligned with `text`."""
    low = text.lower()
    if len(low) != len(text):
        low = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
    return low.replace("_", "-")


@dataclass(frozen=True, slots=True)
class Token:
    """One token: `text` is lower-case (possessive 's dropped); start/end index the sanitised text."""

    text: str
    start: int
    end: int
    punct: bool = False
    joined: bool = False  # glued to the previous word by a hyphen ("zone-a" -> "zone", "a"+joined)


_IS_BEFORE = re.compile(
    r" (?:on|in|at|running|already|still|down|up|currently|full|busy|broken|flaky|dead|offline|"
    r"overloaded|out)\b"
)


def tokenize(low: str, limit: int) -> list[Token]:
    """Tokens of lower-cased text, at most `limit` of them (the bound on parse work)."""
    out: list[Token] = []
    pending_join = False
    for m in _TOKEN.finditer(low):
        if len(out) >= limit:
            break
        word, hyphen = m.group("w"), m.group("h")
        if hyphen is not None:
            glued = (
                m.start() > 0
                and low[m.start() - 1] not in " \n"
                and m.end() < len(low)
                and low[m.end()] not in " \n"
            )
            if glued and len(hyphen) == 1 and out and not out[-1].punct:
                pending_join = True
            else:
                out.append(Token("\u2014", m.start(), m.end(), punct=True))
            continue
        if word is None:
            out.append(Token(m.group("p"), m.start(), m.end(), punct=True))
            pending_join = False
            continue
        text = word
        if text.endswith("'s") and text not in _CONTRACTIONS:
            text = text[:-2]
            if _IS_BEFORE.match(low, m.end()):  # "grafana's on gouda": "is", not a possessive
                out.append(Token(text, m.start(), m.end() - 2, joined=pending_join))
                out.append(Token("is", m.end() - 2, m.end()))
                pending_join = False
                continue
        out.append(Token(_RESPELT.get(text, text), m.start(), m.end(), joined=pending_join))
        pending_join = False
    return out


# Common misspellings of plain words the rules read as written (no vocabulary entry to match fuzzily).
_RESPELT = {
    **dict.fromkeys(("diferent", "diffrent", "differnt", "differant", "difrent", "diferrent"), "different"),
    **dict.fromkeys(("seperate", "seprate", "separete", "seperately"), "separate"),
    **dict.fromkeys(("acros", "accross", "acorss"), "across"),
    **dict.fromkeys(("memroy", "memmory", "memorey", "meomry", "memeory"), "memory"),
    **dict.fromkeys(("bussy", "buzy", "bizzy"), "busy"),
    **dict.fromkeys(("idel", "iddle", "idlle"), "idle"),
    **dict.fromkeys(("nxt", "nxet"), "next"),
}


def phrase_tokens(phrase: str) -> tuple[str, ...]:
    """The token texts of a lexicon or context phrase, tokenised exactly like hints."""
    low = lower_same_length(sanitise(phrase))
    return tuple(t.text for t in tokenize(low, 64) if not t.punct)
