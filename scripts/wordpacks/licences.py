"""The licence text shipped beside a pack for each of its sources.

Taken from the Debian package's copyright file: the whole file when it covers only this source,
else its header, the paragraphs for this dictionary and the licence paragraphs they name.  The
full text of the licence the words are distributed under is appended from Debian's
/usr/share/common-licenses when the copyright file only points to it.
"""

from __future__ import annotations

from pathlib import Path

DOC_DIR = Path("/usr/share/doc")
COMMON_LICENCES = Path("/usr/share/common-licenses")


def paragraphs(text: str) -> list[str]:
    """The blank-line separated paragraphs of a Debian copyright file."""
    out, current = [], []
    for line in text.splitlines():
        if line.strip():
            current.append(line)
        elif current:
            out.append("\n".join(current))
            current = []
    if current:
        out.append("\n".join(current))
    return out


def _field(paragraph: str, name: str) -> str | None:
    first = paragraph.splitlines()[0]
    if first.startswith(name + ":"):
        return first[len(name) + 1 :].strip()
    return None


def licence_names(expression: str) -> list[str]:
    """``GPL-3+ or LGPL-3+ or MPL-1.1+`` -> ["GPL-3+", "LGPL-3+", "MPL-1.1+"]."""
    return [part.strip() for part in expression.replace(" and ", " or ").split(" or ")]


def select_copyright(text: str, files_pattern: str) -> str:
    """The excerpt of a copyright file that covers ``files_pattern``.

    ``*`` keeps the whole file.  Machine-readable files are cut to the header, the
    ``Files: <pattern>`` paragraph and the stand-alone licence paragraphs it names.
    """
    parts = paragraphs(text)
    chosen = [p for p in parts if _field(p, "Files") is not None
              and files_pattern in (_field(p, "Files") or "").split()]
    if files_pattern == "*" or not chosen:
        return text.rstrip("\n") + "\n"
    licence = next((line.split(":", 1)[1] for line in chosen[0].splitlines()
                    if line.startswith("License:")), "")
    names = set(licence_names(licence))
    standalone = [p for p in parts if _field(p, "License") in names and _field(p, "Files") is None]
    header = parts[0] if _field(parts[0], "Format") is not None else ""
    keep = [header, *chosen, *standalone] if header else [*chosen, *standalone]
    return "\n\n".join(keep) + "\n"


def licence_file(package: str, files_pattern: str, full_texts: tuple[str, ...],
                 doc_dir: Path = DOC_DIR, common: Path = COMMON_LICENCES) -> str:
    """The text of LICENSE-<package>.txt for the words taken from a Debian package."""
    copyright_text = (doc_dir / package / "copyright").read_text(encoding="utf-8")
    excerpt = select_copyright(copyright_text, files_pattern)
    pieces = [
        f"Licence of the words taken from the Debian package {package}.\n"
        f"Below: the relevant part of its copyright file (/usr/share/doc/{package}/copyright)"
        + (", then the full text of " + ", ".join(full_texts) if full_texts else "")
        + ".\nThe word lists of this pack are modified versions: selected, folded and sorted "
        "by scripts/build_wordlists.py.\n",
        excerpt,
    ]
    for name in full_texts:
        pieces.append(f"----- {name} (from /usr/share/common-licenses/{name}) -----\n\n"
                      + (common / name).read_text(encoding="utf-8").rstrip("\n") + "\n")
    return "\n".join(pieces)
