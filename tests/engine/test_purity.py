"""The engine stays pure: no Django, no clock, no global random state."""

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "games" / "engine"
FORBIDDEN_MODULES = {"django", "time", "datetime.datetime"}


def imported_names(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names |= {f"{node.module}.{a.name}" for a in node.names}
    return names


def engine_files() -> list[Path]:
    return [p for p in ENGINE.rglob("*.py") if p.name != "bench.py"]


def test_engine_imports_nothing_from_django():
    for path in engine_files():
        for name in imported_names(path):
            assert not name.startswith("django"), f"{path.name} imports {name}"


def test_engine_reads_no_clock_and_no_global_random():
    for path in engine_files():
        source = path.read_text()
        for forbidden in (
            "datetime.now",
            "date.today",
            "time.time",
            "random.random(",
            "random.choice(",
        ):
            assert forbidden not in source, f"{path.name} uses {forbidden}"
        for name in imported_names(path):
            assert name != "time", f"{path.name} imports time"
            assert name not in {"random.choice", "random.randint", "random.shuffle"}, path.name
