"""Case books run from pytest through the shared checkers (`../shared/tools/check_*.py`).

The specs sit beside the checkout, read-only; on a machine without them (a bare clone)
the tests that need them skip, with the reason. A book passes when its checker exits 0
and counts none failed; on failure the checker's own lines (`FAIL <case>: ...`) are the
assertion message.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = (ROOT / ".." / "shared").resolve()
TOOLS = SHARED / "tools"
SPEC = SHARED / "spec"


def needs_shared(path: Path) -> pytest.MarkDecorator:
    """Skip unless `path` (a checker, a spec file) is beside this checkout."""
    return pytest.mark.skipif(
        not path.exists(),
        reason=f"../shared/{path.relative_to(SHARED)} is not beside this checkout",
    )


def assert_book_passes(checker: Path, engine: str, cases: Path) -> None:
    """Every case under `cases` passes `checker` run against `python -m <engine>`."""
    command = shlex.join([sys.executable, "-m", engine])
    proc = subprocess.run(
        [sys.executable, str(checker), "--cmd", command, str(cases)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip().endswith(" 0 failed"), proc.stdout


def load_cases(directory: Path) -> list[dict[str, Any]]:
    """The cases of a book, in file name order."""
    return [json.loads(p.read_text()) for p in sorted(directory.glob("*.json"))]
