"""Build the word packs in wordlists/ from openly licensed sources installable on Debian.

A pack is a language and a length (``es-5``, ``en-6``): answers, allowed guesses, display
spellings and pack.json (letters, keyboard, attempts, sources, filters, counts), with each
source's licence beside it.  English comes from SCOWL (scripts/wordpacks/scowl.py); the other
languages from Debian's hunspell dictionaries and word lists (scripts/wordpacks/hunspell_words.py
and selection.py).  wordfreq ranks the answers.  wordlists/README.md has the sources, versions,
rules and figures, and the rebuild commands.

The output depends only on the installed sources and the wordfreq version: the same inputs give
byte-identical files.

    uv run --group wordlists python scripts/build_wordlists.py            # write every pack
    uv run --group wordlists python scripts/build_wordlists.py --check    # exit 1 if stale
    uv run --group wordlists python scripts/build_wordlists.py --pack es-5
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

# The build's modules (scripts/wordpacks) and the bot's letter rules (bot.core), which the
# packs are spelt by.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from wordpacks import (
    scowl,
    selection,
)
from wordpacks.affixes import expand, keep_affixes, parse_aff, parse_dic
from wordpacks.blocklists import BLOCKLIST_DIR, load_blocklist
from wordpacks.frequency import wordfreq_version, zipf_function
from wordpacks.hunspell_words import collect, read_text, thesaurus_text
from wordpacks.languages import (
    ENGLISH_LENGTHS,
    ENGLISH_LETTERS,
    HUNSPELL_LANGUAGES,
    Language,
    Source,
    attempts,
)
from wordpacks.licences import licence_file
from wordpacks.packfiles import Pack, SourceUse, render_pack
from wordpacks.selection import Answer

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT_DIR = REPO_ROOT / "wordlists"
SCOWL_LICENCE = "LICENSE-SCOWL.txt"
WORDFREQ_LICENCE = "LICENSE-wordfreq.txt"
EN_US = Source("en_US", "hunspell-en-us", "SCOWL licence (MIT-like; see the file)")
EN_US_LICENCE = f"LICENSE-{EN_US.package}.txt"
#: The hunspell languages are built at this length.
HUNSPELL_LENGTH = 5


@dataclass
class Paths:
    """Where the sources are (tests point these at small hand-made copies)."""

    scowl: Path = scowl.DEFAULT_SCOWL_DIR
    hunspell: Path = Path("/usr/share/hunspell")
    word_lists: Path = Path("/usr/share/dict")
    thesauri: Path = Path("/usr/share/mythes")
    docs: Path = Path("/usr/share/doc")
    common_licences: Path = Path("/usr/share/common-licenses")
    blocklists: Path = BLOCKLIST_DIR
    #: The licence files of SCOWL and wordfreq kept at the top of wordlists/.
    licences: Path = DEFAULT_OUT_DIR
    versions: dict[str, str] = field(default_factory=dict)

    def version(self, package: str) -> str:
        if package not in self.versions:
            self.versions[package] = debian_package_version(package)
        return self.versions[package]


def debian_package_version(package: str) -> str:
    """Installed version of a Debian package, or "unknown"."""
    try:
        result = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package],
                                capture_output=True, text=True, check=False)
    except OSError:
        return "unknown"
    return result.stdout.strip() if result.returncode == 0 and result.stdout else "unknown"


def english_packs(paths: Paths, zipf: Callable[[str], float], wf_version: str) -> list[Pack]:
    """The English packs, one per length; English 5 keeps its files at the top of wordlists/."""
    lexicon = scowl.read_scowl(paths.scowl)
    roots = english_roots(paths, zipf)
    licences = {name: (paths.licences / name).read_text(encoding="utf-8")
                for name in (SCOWL_LICENCE, WORDFREQ_LICENCE)}
    licences[EN_US_LICENCE] = licence_file(EN_US.package, EN_US.copyright_files, (), paths.docs,
                                           paths.common_licences)
    packs = []
    for length in ENGLISH_LENGTHS:
        allowed = scowl.select_allowed(lexicon, length=length)
        five = length == 5
        chosen = scowl.select_answers(lexicon, zipf, frozenset(allowed), length,
                                      None if five else roots,
                                      None if five else scowl.OTHER_LENGTH_ANSWER_COUNT)
        top = "../" if five else ""
        en_us = [] if five else [SourceUse(
            "hunspell en_US", EN_US.package, paths.version(EN_US.package), EN_US.licence,
            EN_US_LICENCE, "answers: only its roots (no inflected forms)")]
        packs.append(Pack(
            language="en", name="English", length=length, attempts=attempts(length),
            letters=ENGLISH_LETTERS,
            answers=[Answer(w, w, zipf(w)) for w in chosen],
            allowed=allowed,
            sources=[
                SourceUse("SCOWL", "scowl", paths.version("scowl"),
                          "SCOWL licence (MIT-like; see the file)", top + SCOWL_LICENCE,
                          "answers and allowed"),
                SourceUse("wordfreq", "wordfreq (PyPI)", wf_version,
                          "Apache-2.0 (code), CC BY-SA 4.0 (data)", top + WORDFREQ_LICENCE,
                          "answers: how common a word is"),
                *en_us,
            ],
            filters={
                "answers": f"American or spelling-neutral SCOWL words of size <= "
                           f"{scowl.ANSWER_MAX_SIZE} with Zipf >= {scowl.ANSWER_MIN_ZIPF}; no "
                           "plurals, -s forms, Latin plurals or -ed forms; blocklist"
                           + ("" if five else f"; hunspell en_US roots only; the "
                              f"{scowl.OTHER_LENGTH_ANSWER_COUNT:,} commonest"),
                "allowed": f"SCOWL words of every spelling, sizes <= "
                           f"{scowl.ALLOWED_CORE_MAX_SIZE}, and size-95 words that are not "
                           "names or abbreviations; no slurs",
            },
            licence_texts={} if five else licences,
            answers_path=top + "answers.txt", allowed_path=top + "allowed.txt",
        ))
    return packs


#: en_US affix flags that inflect: plural/-s, -ing, -ed, -est.
EN_US_INFLECTIONS = frozenset("SGDT")


def english_roots(paths: Paths, zipf: Callable[[str], float]) -> frozenset[str]:
    """Lower-case roots of hunspell en_US that are words, not inflected forms.

    A root that en_US also forms from another root by an inflecting suffix (MEETING from MEET)
    is left out unless it is clearly the commoner word (as for the other languages).
    """
    dic = paths.hunspell / f"{EN_US.name}.dic"
    if not dic.is_file():
        raise SystemExit(f"{dic} is missing; install it with `apt-get install -y "
                         f"{EN_US.package}` (see wordlists/README.md)")
    rules = parse_aff(read_text(paths.hunspell / f"{EN_US.name}.aff"))
    inflecting = keep_affixes(rules, lambda a: not a.prefix and a.flag in EN_US_INFLECTIONS)
    entries = [e for e in parse_dic(read_text(dic), rules) if e.word.islower()]
    roots = {e.word for e in entries}
    bases: dict[str, set[str]] = {}
    for entry in entries:
        for form in expand(entry, inflecting):
            if form != entry.word and form in roots:
                bases.setdefault(form, set()).add(entry.word)
    margin = selection.INFLECTION_MARGIN
    return frozenset(w for w in roots
                     if not any(zipf(b) >= zipf(w) - margin for b in bases.get(w, ())))


def hunspell_pack(language: Language, paths: Paths, wf_version: str,
                  zipf: Callable[[str], float] | None = None,
                  english_zipf: Callable[[str], float] | None = None) -> Pack:
    """One hunspell language's pack at ``HUNSPELL_LENGTH`` letters."""
    for source in (*language.dictionaries, *language.word_lists):
        path = (paths.hunspell / f"{source.name}.dic" if source in language.dictionaries
                else paths.word_lists / source.name)
        if not path.is_file():
            raise SystemExit(f"{path} is missing; install it with `apt-get install -y "
                             f"{source.package}` (see wordlists/README.md)")
    words = collect(
        language,
        [(read_text(paths.hunspell / f"{d.name}.aff"), read_text(paths.hunspell / f"{d.name}.dic"))
         for d in language.dictionaries],
        [(w.name, read_text(paths.word_lists / w.name)) for w in language.word_lists],
        [HUNSPELL_LENGTH],
        thesaurus_text((paths.thesauri / language.thesaurus.name).read_bytes())
        if language.thesaurus else None,
    )
    blocklist = load_blocklist(language.code, language.letters, paths.blocklists)
    if zipf is None:
        zipf = zipf_function(language.code, language.frequency_alternates)
    if english_zipf is None:
        english_zipf = zipf_function("en")
    answers = selection.select(words, language, HUNSPELL_LENGTH, zipf, blocklist.not_answers,
                               english_zipf)
    allowed = sorted((words.allowed[HUNSPELL_LENGTH] - blocklist.slurs)
                     | {a.play for a in answers})
    sources, licences = [], {WORDFREQ_LICENCE: (paths.licences / WORDFREQ_LICENCE)
                             .read_text(encoding="utf-8")}
    thesaurus = (language.thesaurus,) if language.thesaurus else ()
    for source in (*language.dictionaries, *language.word_lists, *thesaurus):
        name = f"LICENSE-{source.package}.txt"
        licences[name] = licence_file(source.package, source.copyright_files, source.full_texts,
                                      paths.docs, paths.common_licences)
        kind, use = "word list", "allowed"
        if source in language.dictionaries:
            kind = "hunspell"
            use = "answers and allowed" if source == language.dictionaries[0] else "allowed"
        if source.name == language.lemma_list:
            use = "allowed; answers must be in it (lemmas)"
        if source in thesaurus:
            kind, use = "thesaurus", "answers must be one of its headwords (lemmas)"
        sources.append(SourceUse(f"{kind} {source.name}", source.package,
                                 paths.version(source.package), source.licence, name, use))
    sources.append(SourceUse("wordfreq", "wordfreq (PyPI)", wf_version,
                             "Apache-2.0 (code), CC BY-SA 4.0 (data)", WORDFREQ_LICENCE,
                             "answers: how common a word is"))
    return Pack(
        language=language.code, name=language.name, length=HUNSPELL_LENGTH,
        attempts=attempts(HUNSPELL_LENGTH), letters=language.letters,
        answers=answers, allowed=allowed, sources=sources,
        filters={
            "answers": f"roots of {language.dictionaries[0].name} that are words by themselves, "
                       f"not names or inflections of a commoner root (margin "
                       f"{selection.INFLECTION_MARGIN} Zipf), Zipf >= {selection.MIN_ZIPF}, "
                       f"the {selection.COUNT:,} commonest; blocklist",
            "allowed": "every form the dictionaries and word lists accept that is spelt in the "
                       "pack's letters; no names; no slurs",
        },
        licence_texts=licences,
    )


def build(paths: Paths, only: set[str] | None = None,
          zipf_for: Callable[[str], Callable[[str], float]] | None = None) -> dict[str, str]:
    """Every pack's files (path relative to wordlists/ -> text); ``only`` names packs."""
    wf_version = "injected" if zipf_for is not None else wordfreq_version()
    files: dict[str, str] = {}
    english = {f"en-{n}" for n in ENGLISH_LENGTHS}
    if only is None or only & english:
        zipf = zipf_for("en") if zipf_for else zipf_function("en")
        for pack in english_packs(paths, zipf, wf_version):
            if only is None or pack.directory in only:
                files.update(render_pack(pack))
    for language in HUNSPELL_LANGUAGES:
        if only is None or f"{language.code}-{HUNSPELL_LENGTH}" in only:
            zipf = zipf_for(language.code) if zipf_for else None
            english = zipf_for("en") if zipf_for else None
            files.update(render_pack(hunspell_pack(language, paths, wf_version, zipf, english)))
    return files


def pack_names() -> list[str]:
    """Every pack this script builds."""
    return [f"en-{n}" for n in ENGLISH_LENGTHS] + [
        f"{lang.code}-{HUNSPELL_LENGTH}" for lang in HUNSPELL_LANGUAGES]


def main(argv: list[str] | None = None, paths: Paths | None = None) -> int:
    """Build (or with --check, verify) the packs; ``paths`` replaces the source locations."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out-dir", type=Path, default=DEFAULT_OUT_DIR)
    parser.add_argument("--scowl-dir", type=Path, default=Paths.scowl)
    parser.add_argument("--pack", action="append", choices=pack_names(),
                        help="build only this pack (repeatable); default: every pack")
    parser.add_argument("--check", action="store_true",
                        help="rebuild in memory and exit 1 if the files in --out-dir differ")
    args = parser.parse_args(argv)
    if paths is None:
        paths = Paths(scowl=args.scowl_dir)
    files = build(paths, set(args.pack) if args.pack else None)
    for name, version in sorted(paths.versions.items()):
        print(f"source: Debian {name} {version}")
    if args.check:
        stale = [name for name, text in sorted(files.items())
                 if not (args.out_dir / name).is_file()
                 or (args.out_dir / name).read_text(encoding="utf-8") != text]
        if stale:
            print("out of date: " + ", ".join(stale))
            return 1
        print(f"up to date: {len(files)} files")
        return 0
    for name, text in sorted(files.items()):
        target = args.out_dir / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8", newline="\n")
    print(f"wrote {len(files)} files under {args.out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
