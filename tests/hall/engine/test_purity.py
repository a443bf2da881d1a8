"""The Exoptosis engine stays pure: standard library only (and the engines' own kit,
goonsite/enginekit/, held to the same rules by tests/test_boundaries.py), no Django, no
clock, no global random state (only `random.Random(seed)` instances)."""

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[3] / "games" / "hall" / "engine"
CLOCKS = ("time", "datetime.datetime.now", "datetime.date.today")
ENGINE_KIT = "goonsite.enginekit"


def engine_files() -> list[Path]:
    # The bench measures time by design; it is a tool beside the engine, not part of it.
    files = [p for p in ENGINE.rglob("*.py") if p.name != "bench.py"]
    assert len(files) > 10, "the engine package moved?"
    return files


def imports(tree: ast.AST) -> list[tuple[str, list[str] | None]]:
    """(module, names) for each absolute import: names None for `import module`, the
    names taken for `from module import ...`. Relative imports stay in the package."""
    found: list[tuple[str, list[str] | None]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(a.name, None) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            found.append((node.module or "", [a.name for a in node.names]))
    return found


def test_engine_imports_only_the_standard_library():
    for path in engine_files():
        for module, _ in imports(ast.parse(path.read_text())):
            if module == ENGINE_KIT or module.startswith(f"{ENGINE_KIT}."):
                continue
            top = module.split(".")[0]
            assert top in sys.stdlib_module_names, f"{path.name} imports {module}"
            assert top != "django", f"{path.name} imports {module}"


def test_engine_reads_no_clock():
    for path in engine_files():
        tree = ast.parse(path.read_text())
        for module, names in imports(tree):
            assert module != "time", f"{path.name} imports time"
            assert not (module == "datetime" and names), f"{path.name} imports from datetime"
        source = path.read_text()
        for clock in ("datetime.now", "date.today", "time.time", "perf_counter", "monotonic"):
            assert clock not in source, f"{path.name} reads the clock: {clock}"


def test_engine_uses_no_global_random_state():
    """Only `random.Random(...)` instances: no `random.choice(...)`, `random.seed(...)`,
    `from random import shuffle`, and no `Random()` without a seed."""
    for path in engine_files():
        tree = ast.parse(path.read_text())
        for module, names in imports(tree):
            if module == "random" and names is not None:
                assert names == ["Random"], f"{path.name} imports {names} from random"
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
            ):
                assert node.attr == "Random", f"{path.name} uses random.{node.attr}"
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "Random":
                assert node.args, f"{path.name}:{node.lineno} makes an unseeded Random()"
