"""Build wordlists/answers.txt and wordlists/allowed.txt from openly licensed sources.

    uv run --group wordlists python scripts/build_wordlists.py          # write the lists
    uv run --group wordlists python scripts/build_wordlists.py --check  # verify, write nothing

Allowed guesses are the five-letter words of the SCOWL lists (Debian package ``scowl``);
answers are their familiar part, by SCOWL size and wordfreq frequency, without plurals, past
tenses and the blocklists. wordlists/README.md gives the rules, sources and versions. The same
inputs give byte-identical files; the selection is in small pure functions, so tests need
neither package.
"""

from __future__ import annotations

import argparse
import codecs
import re
import subprocess
import sys
from collections.abc import Callable, Container, Iterable
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SCOWL_DIR = Path("/usr/share/dict/scowl")
DEFAULT_OUT_DIR = REPO_ROOT / "wordlists"

WORD_LENGTH = 5
#: Shorter and slightly longer words are kept too: they reveal plurals (FUNGI <- FUNGUS).
MAX_STEM_LENGTH = WORD_LENGTH + 1
_FIVE = re.compile(r"[a-z]{5}")
_LOWER_WORD = re.compile(r"[a-z]+")
_SCOWL_NAME = re.compile(r"(?P<spelling>[a-z_0-9]+)-(?P<sub>[a-z-]+)\.(?P<size>\d+)")


def word_set(text: str) -> frozenset[str]:
    """The whitespace-separated words of ``text``."""
    return frozenset(text.split())


# --- tunable thresholds (general cut-offs, never per-word tuning against any reference) ---------

#: Largest SCOWL size whose words all go into allowed; above it (95) names are filtered out.
ALLOWED_CORE_MAX_SIZE = 80
#: Largest SCOWL size read at all.
ALLOWED_MAX_SIZE = 95
#: Answers come from SCOWL sizes up to this one ("medium" dictionary).
ANSWER_MAX_SIZE = 50
#: Minimum wordfreq Zipf frequency of an answer (2 = about once per hundred million words).
ANSWER_MIN_ZIPF = 2.0
#: Stems that reveal plurals / past tenses are looked up among SCOWL words up to this size, so
#: that a rare four-letter word does not turn an ordinary five-letter word into a "plural".
STEM_MAX_SIZE = 60

#: Spellings whose words may be answers: spelling-neutral words and American spellings (the
#: game's spelling).  British and other spellings are still accepted as guesses.
ANSWER_SPELLINGS = frozenset({"english", "american"})
#: SCOWL subcategories holding ordinary words.
WORD_SUBCATEGORY = "words"
#: SCOWL subcategories whose entries are names, capitalised words, abbreviations, contractions.
NAME_SUBCATEGORIES = frozenset({"proper-names", "upper", "abbreviations", "contractions"})

#: Well-known strategic openers and a few other words people type that may be missing from the
#: sources; written by hand here.  They go into allowed only.
EXTRA_ALLOWED = word_set(
    "adieu arise arose crane crate irate lares later orate raile raise rales reast roate saine "
    "salet slane slate soare stare tares toile trace"
)

#: Words that look like an inflection of a shorter word but are not one (TWEED is not TWEE+D).
NOT_INFLECTED = word_set("tweed yours")

#: Hand-picked after reading the built answers; they stay in allowed.
NOT_ANSWERS = (
    # first names, place names and brands that SCOWL also lists in lower case
    word_set(
        "bible billy bobby china dolly harry hogan intel japan jimmy maria mecca patsy peter "
        "roger roman sally sonny taser terry yahoo"
    )
    # informal contractions
    | word_set("dunno gimme gonna gotta kinda lemme sorta wanna")
    # plurals whose singular is an abbreviation SCOWL does not list as a word
    | word_set("carbs stats techs")
)

# --- blocklists ---------------------------------------------------------------------------------
# Stored rot13-encoded to keep the source readable in reviews.  Decode with
# ``codecs.decode(text, "rot13")``.
#
# _SLURS_ROT13: slurs; kept out of both lists.
# _CRUDE_ROT13: crude, sexual, scatological or otherwise unsuitable hidden words; kept out of
#               answers only (some are ordinary words people may type).
_SLURS_ROT13 = """
obbat obbatf puvaxf pbbaf qntbf qnexvr qnexl qlxr qlxrf qlxrl snttl sntbg sntbgf tvccb tbbxf
tlccb ubzbf ubaxvr ubaxl ulzvr vawha wrjrq xnssve xnsve xvxrf yrfob arteb artebf avttn avttnf
avttre avten cnxvf ergneq fnzob fcnmm fcnmml fcvpx fcvpf fcvxf fdhnj gneqf genaavr genaal
jrgonpx jbtf jbcf
"""
_CRUDE_ROT13 = """
nanyyl nanyf nefrq nefrf nefrl nffrf ovzob ovgpu ovgpul obare obaref obatf obaxf obbovrf obbof
obbol obbgl ohzzrq ohzcu ohgpu ohggf puvax pyvgf pbpxf penccl pehq pehqql phagf phagl qnzaf
qvpxf qvpxl qvyqb qvyqbf qbatf rarzn snrprf snaal snegf snegl snegm srpny srprf shpxre shpxf
shpxl tnlre tbanq tbanqf tlcfl ubbxl ubeal uhffl ulzra wvunq wvmml xvaxl xabof ynovn ynovny
ylapu zbeba zhss zhssf abbxvr abbxl ahqrf ahqvr crarf cravf creif creil cvzcf cvffrq cvffrf
cvffl cbbrq cbbsf cbbsl cbbcf cbbcl cbeab cbeabf cbeal cevpx cevpxf chovp chffl dhrrs dhrre
enaql encrq encrf encvfg frzra frkrq frkrf frkgf funttrq funtf fung fuvgr fuvgf fuvggl fvffl
fxnax fxnaxl fxrrg fynir fyhgf fyhggl fcnax fcrez fcrezf fchax fchaxl fhpxl gvgf gvggvrf gvggl
gheqf gjngf gjnggl gjrex hevar ihyin jnaxre jnaxf jnaxl jryfu jrapu juber juberf
"""


def decode_blocklist(encoded: str) -> frozenset[str]:
    """Decode a whitespace-separated rot13 word list."""
    return word_set(codecs.decode(encoded, "rot13"))


SLURS = decode_blocklist(_SLURS_ROT13)
NOT_FOR_ANSWERS = SLURS | decode_blocklist(_CRUDE_ROT13)


# --- pure helpers ---------------------------------------------------------------------------------


def is_word_token(word: str) -> bool:
    """True for exactly five lower-case ASCII letters."""
    return _FIVE.fullmatch(word) is not None


def has_vowel(word: str) -> bool:
    """True when the word has a vowel (y counts), i.e. it is not an abbreviation-like string."""
    return any(ch in "aeiouy" for ch in word)


@dataclass(frozen=True)
class ScowlFile:
    """What a SCOWL file name says about its contents."""

    spelling: str
    subcategory: str
    size: int


def parse_scowl_name(name: str) -> ScowlFile | None:
    """Parse ``american-words.35`` into its parts; None for names outside the scheme."""
    m = _SCOWL_NAME.fullmatch(name)
    if m is None:
        return None
    return ScowlFile(m["spelling"], m["sub"], int(m["size"]))


def singular_stems(word: str) -> tuple[str, ...]:
    """Words of which ``word`` could be the regular plural (or -s verb form).

    ``cards`` -> card; ``boxes`` -> box; ``flies`` -> fly; ``elves`` -> elf/elfe;
    words in -ss (``glass``) are never plurals.
    """
    if not word.endswith("s") or word.endswith("ss"):
        return ()
    stems = [word[:-1]]
    if word.endswith("es"):
        stems.append(word[:-2])
        if word.endswith("ies"):
            stems.append(word[:-3] + "y")
        if word.endswith("ves"):
            stems.extend((word[:-3] + "f", word[:-3] + "fe"))
    return tuple(s for s in stems if len(s) >= 2)


def is_simple_plural(word: str, vocabulary: Container[str]) -> bool:
    """True when ``word`` is a regular -s/-es/-ies/-ves form of a word in ``vocabulary``."""
    return any(stem in vocabulary for stem in singular_stems(word))


def latin_plural_singulars(word: str) -> tuple[str, ...]:
    """Singulars of which ``word`` could be a Latin or Greek plural.

    ``fungi`` -> fungus; ``pupae`` -> pupa; ``phyla`` -> phylum; ``oases`` -> oasis.
    """
    if word.endswith("ae"):
        return (word[:-1],)
    if word.endswith("i"):
        return (word[:-1] + "us",)
    if word.endswith("a"):
        return (word[:-1] + "um",)
    if word.endswith("es"):
        return (word[:-2] + "is",)
    return ()


def is_latin_plural(word: str, vocabulary: Container[str]) -> bool:
    """True when ``word`` is a Latin/Greek plural of a word in ``vocabulary``."""
    return any(s in vocabulary for s in latin_plural_singulars(word))


def past_tense_stems(word: str) -> tuple[str, ...]:
    """Words of which ``word`` could be the regular -ed form.

    ``acted`` -> act; ``faded`` -> fade; ``cried`` -> cry; ``upped`` -> up (doubled consonant).
    """
    if not word.endswith("ed") or len(word) < 4:
        return ()
    stems = [word[:-2], word[:-1]]
    if word.endswith("ied"):
        stems.append(word[:-3] + "y")
    if len(word) >= 5 and word[-3] == word[-4] and word[-3] not in "aeiou":
        stems.append(word[:-3])
    return tuple(s for s in stems if len(s) >= 2)


def is_regular_past_tense(word: str, vocabulary: Container[str]) -> bool:
    """True when ``word`` is a regular -ed form of a word in ``vocabulary``."""
    return any(stem in vocabulary for stem in past_tense_stems(word))


@dataclass
class Lexicon:
    """What the build needs from SCOWL, for words of at most six letters.

    ``sizes`` maps each a-z word from a "words" list to the smallest SCOWL size listing it;
    ``answer_sizes`` does the same for the answer spellings only; ``names`` holds the
    lower-cased entries of the name/abbreviation lists.
    """

    sizes: dict[str, int] = field(default_factory=dict)
    answer_sizes: dict[str, int] = field(default_factory=dict)
    names: set[str] = field(default_factory=set)

    def add(self, info: ScowlFile, words: Iterable[str]) -> None:
        if info.size > ALLOWED_MAX_SIZE:
            return
        if info.subcategory == WORD_SUBCATEGORY:
            for raw in words:
                word = raw.strip()
                if len(word) > MAX_STEM_LENGTH or not _LOWER_WORD.fullmatch(word):
                    continue
                _keep_min(self.sizes, word, info.size)
                if info.spelling in ANSWER_SPELLINGS:
                    _keep_min(self.answer_sizes, word, info.size)
        elif info.subcategory in NAME_SUBCATEGORIES:
            for raw in words:
                word = raw.strip().lower()
                if len(word) <= WORD_LENGTH and _LOWER_WORD.fullmatch(word):
                    self.names.add(word)

    def vocabulary(self, max_size: int) -> frozenset[str]:
        """All words (up to six letters) listed at or below ``max_size``."""
        return frozenset(w for w, s in self.sizes.items() if s <= max_size)


def _keep_min(table: dict[str, int], word: str, size: int) -> None:
    old = table.get(word)
    if old is None or size < old:
        table[word] = size


def select_allowed(lexicon: Lexicon, extra: Iterable[str] = EXTRA_ALLOWED) -> list[str]:
    """The allowed guesses, sorted."""
    words = set()
    for word, size in lexicon.sizes.items():
        if not is_word_token(word):
            continue
        if size <= ALLOWED_CORE_MAX_SIZE or (word not in lexicon.names and has_vowel(word)):
            words.add(word)
    words.update(w for w in extra if is_word_token(w))
    return sorted(words - SLURS)


def answer_rejection(word: str, size: int, zipf: float, stems: Container[str]) -> str | None:
    """Why ``word`` (listed at SCOWL ``size``, frequency ``zipf``) is not an answer, or None."""
    if not is_word_token(word):
        return "not five letters a-z"
    if size > ANSWER_MAX_SIZE:
        return "rare (SCOWL size)"
    if zipf < ANSWER_MIN_ZIPF:
        return "rare (frequency)"
    if word in NOT_FOR_ANSWERS:
        return "blocklist"
    if word in NOT_ANSWERS:
        return "name or informal (hand-picked)"
    if not has_vowel(word):
        return "no vowel"
    if word in NOT_INFLECTED:
        return None
    if is_simple_plural(word, stems):
        return "plural or -s form"
    if is_latin_plural(word, stems):
        return "Latin/Greek plural"
    if is_regular_past_tense(word, stems):
        return "-ed form"
    return None


def select_answers(
    lexicon: Lexicon,
    zipf: Callable[[str], float],
    allowed: Container[str],
) -> list[str]:
    """The hidden-word list, sorted; always a subset of ``allowed``."""
    stems = lexicon.vocabulary(STEM_MAX_SIZE)
    chosen = []
    for word, size in lexicon.answer_sizes.items():
        if not is_word_token(word) or word not in allowed:
            continue
        if answer_rejection(word, size, zipf(word), stems) is None:
            chosen.append(word)
    return sorted(chosen)


def render(words: Iterable[str]) -> str:
    """File contents: one word per line, sorted, unique, trailing newline."""
    return "".join(f"{w}\n" for w in sorted(set(words)))


# --- input / output ------------------------------------------------------------------------------


def read_scowl(scowl_dir: Path) -> Lexicon:
    """Read every SCOWL list in ``scowl_dir`` (files are UTF-8)."""
    if not scowl_dir.is_dir():
        raise SystemExit(
            f"{scowl_dir} does not exist; install SCOWL with `apt-get install -y scowl` "
            "(see wordlists/README.md)"
        )
    files = sorted(p for p in scowl_dir.iterdir() if p.is_file())
    lexicon = Lexicon()
    seen = 0
    for path in files:
        info = parse_scowl_name(path.name)
        if info is None:
            continue
        seen += 1
        with path.open(encoding="utf-8", errors="strict") as fh:
            lexicon.add(info, fh)
    if seen == 0 or not lexicon.sizes:
        raise SystemExit(
            f"no SCOWL word lists found in {scowl_dir}; install them with "
            "`apt-get install -y scowl` (see wordlists/README.md)"
        )
    return lexicon


def wordfreq_zipf() -> tuple[Callable[[str], float], str]:
    """English Zipf frequency from wordfreq, and wordfreq's version."""
    try:
        from importlib.metadata import version

        import wordfreq
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise SystemExit(
            "wordfreq is missing: run with `uv run --group wordlists python "
            "scripts/build_wordlists.py`"
        ) from exc

    def zipf(word: str) -> float:
        return wordfreq.zipf_frequency(word, "en")

    return zipf, version("wordfreq")


def debian_package_version(package: str) -> str:
    """Installed version of a Debian package, or "unknown" (only printed, for the README)."""
    try:
        result = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", package],
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError:
        return "unknown"
    return result.stdout.strip() if result.returncode == 0 and result.stdout else "unknown"


def build(
    scowl_dir: Path, zipf: Callable[[str], float] | None = None
) -> tuple[list[str], list[str], str]:
    """(answers, allowed, wordfreq version) built from the SCOWL lists in ``scowl_dir``.

    ``zipf`` replaces wordfreq (the version is then reported as "injected").
    """
    lexicon = read_scowl(scowl_dir)
    if zipf is None:
        zipf, wf_version = wordfreq_zipf()
    else:
        wf_version = "injected"
    allowed = select_allowed(lexicon)
    answers = select_answers(lexicon, zipf, frozenset(allowed))
    return answers, allowed, wf_version


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scowl-dir", type=Path, default=DEFAULT_SCOWL_DIR)
    parser.add_argument("--out-dir", type=Path, default=DEFAULT_OUT_DIR)
    parser.add_argument(
        "--check",
        action="store_true",
        help="rebuild in memory and exit 1 if the files in --out-dir differ",
    )
    args = parser.parse_args(argv)

    answers, allowed, wf_version = build(args.scowl_dir)
    outputs = {"answers.txt": render(answers), "allowed.txt": render(allowed)}
    print(
        f"sources: SCOWL lists in {args.scowl_dir} (Debian scowl "
        f"{debian_package_version('scowl')}), wordfreq {wf_version}"
    )
    print(f"answers: {len(answers)} words; allowed: {len(allowed)} words")

    if args.check:
        stale = [
            name
            for name, text in outputs.items()
            if not (args.out_dir / name).is_file()
            or (args.out_dir / name).read_text(encoding="utf-8") != text
        ]
        if stale:
            print("out of date: " + ", ".join(stale))
            return 1
        print("up to date")
        return 0

    args.out_dir.mkdir(parents=True, exist_ok=True)
    for name, text in outputs.items():
        (args.out_dir / name).write_text(text, encoding="utf-8", newline="\n")
        print(f"wrote {args.out_dir / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
