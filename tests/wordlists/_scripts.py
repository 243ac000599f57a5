"""Import the word-list scripts by file path (scripts/ is not a package).

conftest.py puts scripts/ on the path, so the scripts import ``wordpacks`` as they do when run.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

REPO_ROOT = Path(__file__).resolve().parents[2]
WORDLISTS_DIR = REPO_ROOT / "wordlists"
SCRIPTS_DIR = REPO_ROOT / "scripts"


def _load(name: str) -> ModuleType:
    key = f"_wordlists_script_{name}"
    if key in sys.modules:
        return sys.modules[key]
    spec = importlib.util.spec_from_file_location(key, SCRIPTS_DIR / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[key] = module  # dataclasses look their module up while the class is created
    spec.loader.exec_module(module)
    return module


build = _load("build_wordlists")
report = _load("wordlist_report")
