"""The walls between games: engines are pure, and no game app imports another.

Every `games/<game>/engine/` package is the game's rules as plain Python: standard library
only (no Django, no other package), no clock and no global random state. Game apps talk
to each other only through the site (goonsite, accounts), never by importing each other.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "games"
CLOCK_AND_GLOBAL_RANDOM = (
    "datetime.now",
    "date.today",
    "time.time",
    "random.random(",
    "random.choice(",
    "random.randint(",
    "random.shuffle(",
    "random.seed(",
)
TOOLS = {"bench.py"}  # an engine's benchmark times itself; the rules never do


def imports(path: Path, package: str) -> list[str]:
    """Absolute names of every module `path` imports; `package` resolves relative imports."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = parts[: len(parts) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            names.append(module)
            names += [f"{module}.{a.name}" for a in node.names]
    return names


def package_of(path: Path, root: Path) -> str:
    """The package a module's relative imports start from."""
    return ".".join(path.relative_to(root).parent.parts)


def game_apps(games: Path) -> list[Path]:
    return sorted(p for p in games.iterdir() if (p / "__init__.py").exists())


def engine_violations(games: Path) -> list[str]:
    found = []
    for app in game_apps(games):
        found += impurities(app / "engine", games.parent, f"games.{app.name}.engine", ENGINE_KIT)
    return sorted(found)


def impurities(package: Path, root: Path, *allowed: str) -> list[str]:
    """What breaks purity in `package`: imports beyond the standard library and the
    `allowed` packages, the clock or global random outside its TOOLS."""
    found = []
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        for name in imports(path, package_of(path, root)):
            inside = any(name == a or name.startswith(f"{a}.") for a in allowed)
            if not (inside or name.split(".")[0] in sys.stdlib_module_names):
                found.append(f"{rel} imports {name}")
            elif name == "time" and path.name not in TOOLS:
                found.append(f"{rel} imports time")
        if path.name not in TOOLS:
            source = path.read_text()
            found += [f"{rel} uses {bad}" for bad in CLOCK_AND_GLOBAL_RANDOM if bad in source]
    return found


def cross_game_imports(games: Path) -> list[str]:
    found = []
    apps = {app.name for app in game_apps(games)}
    for app in sorted(apps):
        for path in sorted((games / app).rglob("*.py")):
            for name in imports(path, package_of(path, games.parent)):
                parts = name.split(".")
                if parts[0] == "games" and len(parts) > 1 and parts[1] in apps - {app}:
                    found.append(f"{path.relative_to(games.parent).as_posix()} imports {name}")
    return sorted(found)


def test_every_engine_is_pure():
    assert engine_violations(GAMES) == []


def test_no_game_imports_another():
    assert cross_game_imports(GAMES) == []


def test_the_ladder_is_among_the_games_checked():
    assert "ladder" in [app.name for app in game_apps(GAMES)]
    assert (GAMES / "ladder" / "engine" / "resolve.py").exists()


def test_the_hall_is_among_the_games_checked():
    assert "hall" in [app.name for app in game_apps(GAMES)]
    assert (GAMES / "hall" / "engine" / "rolls.py").exists()


def write(root: Path, relative: str, source: str) -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    for parent in path.relative_to(root).parents:
        if parent.parts:
            (root / parent / "__init__.py").touch()
    path.write_text(source)


def test_the_walls_catch_what_they_are_for(tmp_path):
    games = tmp_path / "games"
    write(tmp_path, "games/alpha/engine/rules.py", "from django.db import models\n")
    write(tmp_path, "games/alpha/engine/clock.py", "import datetime\nx = datetime.now()\n")
    write(tmp_path, "games/alpha/engine/dice.py", "import random\nx = random.choice([1])\n")
    write(tmp_path, "games/alpha/engine/timer.py", "import time\n")
    write(tmp_path, "games/alpha/engine/fine.py", "from . import rules\nimport json\n")
    write(tmp_path, "games/alpha/views.py", "from games.beta.models import Thing\n")
    write(tmp_path, "games/alpha/admin.py", "from ..beta import engine\n")
    write(tmp_path, "games/beta/engine/ok.py", "import random\nrng = random.Random(1)\n")
    write(tmp_path, "games/beta/models.py", "from .engine import ok\nfrom goonsite import x\n")

    assert engine_violations(games) == [
        "games/alpha/engine/clock.py uses datetime.now",
        "games/alpha/engine/dice.py uses random.choice(",
        "games/alpha/engine/rules.py imports django.db",
        "games/alpha/engine/rules.py imports django.db.models",
        "games/alpha/engine/timer.py imports time",
    ]
    assert cross_game_imports(games) == [
        "games/alpha/admin.py imports games.beta",
        "games/alpha/admin.py imports games.beta.engine",
        "games/alpha/views.py imports games.beta.models",
        "games/alpha/views.py imports games.beta.models.Thing",
    ]


# ---- no import cycle inside a package ------------------------------------------------------

PACKAGES = ("games", "goonsite", "accounts")


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(root: Path, tops: tuple[str, ...] = PACKAGES) -> dict[str, set[str]]:
    """Which project modules each project module imports, at the top or inside a function.

    A name is resolved to the longest module it starts with, so `from .models import Card`
    is an edge to `models`, and `from . import bots` an edge to `bots` (not to the package
    being imported); migrations are left out (Django loads them by name).
    """
    paths = {
        module_name(path, root): path
        for top in tops
        if (root / top).is_dir()
        for path in sorted((root / top).rglob("*.py"))
        if "migrations" not in path.parts
    }

    def project_module(name: str) -> str:
        while name and name not in paths:
            name = name.rpartition(".")[0]
        return name

    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else package_of(path, root)
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                targets |= {project_module(alias.name) for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                [module] = imports_of(node, package)
                for alias in node.names:
                    submodule = f"{module}.{alias.name}"
                    targets.add(submodule if submodule in paths else project_module(module))
        graph[name] = targets - {"", name}
    return graph


def imports_of(node: ast.ImportFrom, package: str) -> list[str]:
    """The absolute module of a `from … import …` (its level resolved against `package`)."""
    if not node.level:
        return [node.module or ""]
    parts = package.split(".")
    base = parts[: len(parts) - node.level + 1]
    return [".".join(base + ([node.module] if node.module else []))]


def import_cycles(root: Path) -> list[list[str]]:
    """Every set of modules that import each other, directly or round a loop (Tarjan)."""
    graph = import_graph(root)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in sorted(graph[module]):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            loop = []
            while (member := stack.pop()) != module:
                loop.append(member)
            if loop:
                cycles.append(sorted([module, *loop]))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(cycles)


def test_no_import_cycle_inside_any_package():
    """Modules of the site form layers: a cycle, even through an import inside a function,
    means two modules are one thing in two files (issue 21)."""
    assert import_cycles(ROOT) == []


def test_the_cycle_check_catches_what_it_is_for(tmp_path):
    write(tmp_path, "games/alpha/services/a.py", "from .b import thing\n")
    write(tmp_path, "games/alpha/services/b.py", "def f():\n    from . import c\n")
    write(tmp_path, "games/alpha/services/c.py", "from games.alpha.services.a import x\n")
    write(tmp_path, "games/alpha/models.py", "from django.db import models\n")
    write(tmp_path, "games/alpha/views.py", "from .models import Thing\nfrom .services import a\n")
    write(tmp_path, "goonsite/one.py", "import goonsite.two\n")
    write(tmp_path, "goonsite/two.py", "from goonsite import one\n")
    write(tmp_path, "accounts/fine.py", "from goonsite import one\n")
    write(tmp_path, "games/beta/engine/__init__.py", "from .game import run\n")
    write(tmp_path, "games/beta/engine/game.py", "from . import bots\nfrom .bots import x\n")
    write(tmp_path, "games/beta/engine/bots.py", "import json\n")

    assert import_cycles(tmp_path) == [
        [
            "games.alpha.services.a",
            "games.alpha.services.b",
            "games.alpha.services.c",
        ],
        ["goonsite.one", "goonsite.two"],
    ]


# ---- The shell names no game (issue 21) ----
# The core (goonsite/, accounts/) imports no game module, and its templates name no game's
# pages or files: the games reach the shell only through their listing (goonsite.games).
# Each game's stylesheets are loaded by its own templates only: a template under
# templates/<game>/ (or the admin's templates/admin/<game>/) may load `<game>/….css`, include
# or extend its own game's templates and the shell's, nothing of another game's; a shell
# template loads no game's files at all. Scanning the templates catches each way a page could
# come to load another game's stylesheet: a `{% static %}` link, an `{% extends %}` of the
# other game's base (which loads its CSS) or an `{% include %}` of a part that links it.

CORE = ("goonsite", "accounts")
TEMPLATES = ROOT / "templates"
STATIC_LINK = re.compile(r"""{%\s*static\s+['"]([\w-]+)/[^'"]*\.css['"]""")
TEMPLATE_USE = re.compile(r"""{%\s*(?:extends|include)\s+['"]([\w-]+)/""")
URL_NAME = re.compile(r"""{%\s*url\s+['"]([\w-]+):""")


def core_imports_of_games(root: Path) -> list[str]:
    found = []
    for package in CORE:
        for path in sorted((root / package).rglob("*.py")):
            for name in imports(path, package_of(path, root)):
                if name == "games" or name.startswith("games."):
                    found.append(f"{path.relative_to(root).as_posix()} imports {name}")
    return sorted(found)


def owner(template: Path, templates: Path, games: set[str]) -> str | None:
    """The game a template belongs to, or None for the shell's."""
    parts = template.relative_to(templates).parts
    if parts[0] in games:
        return parts[0]
    if parts[0] == "admin" and len(parts) > 2 and parts[1] in games:
        return parts[1]
    return None


def foreign_game_files(templates: Path, games: set[str]) -> list[str]:
    found = []
    for template in sorted(templates.rglob("*.html")):
        mine = owner(template, templates, games)
        source = template.read_text()
        rel = template.relative_to(templates).as_posix()
        for pattern, what in ((STATIC_LINK, "loads the stylesheet of"), (TEMPLATE_USE, "uses")):
            for game in pattern.findall(source):
                if game in games and game != mine:
                    found.append(f"{rel} {what} {game}")
        if mine is None:
            named = [game for game in URL_NAME.findall(source) if game in games]
            found += [f"{rel} links to {game}" for game in named]
    return sorted(found)


def game_labels(games: Path) -> set[str]:
    return {app.name for app in game_apps(games)}


def test_the_core_imports_no_game():
    assert core_imports_of_games(ROOT) == []


def test_no_page_loads_another_games_stylesheet_and_the_shell_names_no_game():
    assert foreign_game_files(TEMPLATES, game_labels(GAMES)) == []


def test_each_game_has_its_own_stylesheet_loaded_by_its_own_templates():
    for game in ("ladder", "hall"):
        assert (ROOT / "static" / game / f"{game}.css").exists()
        owners = [
            owner(t, TEMPLATES, game_labels(GAMES))
            for t in TEMPLATES.rglob("*.html")
            if f"{game}/{game}.css" in t.read_text()
        ]
        assert owners and set(owners) == {game}


def test_the_shell_walls_catch_what_they_are_for(tmp_path):
    write(tmp_path, "goonsite/urls.py", "from games.alpha.views import page\n")
    write(tmp_path, "accounts/views.py", "from ..games import beta\nfrom goonsite import x\n")
    write(tmp_path, "goonsite/fine.py", "from django.apps import apps\nimport gamesmith\n")
    assert core_imports_of_games(tmp_path) == [
        "accounts/views.py imports games",
        "accounts/views.py imports games.beta",
        "goonsite/urls.py imports games.alpha.views",
        "goonsite/urls.py imports games.alpha.views.page",
    ]

    templates, games = tmp_path / "templates", {"alpha", "beta"}
    pages = {
        "alpha/page.html": "{% load static %}<link href=\"{% static 'beta/beta.css' %}\">",
        "alpha/other.html": '{% extends "beta/beta_base.html" %}',
        "alpha/part.html": "{% include 'beta/_styles.html' %}",
        "alpha/own.html": "{% extends 'alpha/alpha_base.html' %}{% static 'alpha/alpha.css' %}",
        "alpha/shared.html": '{% extends "base.html" %}{% include "accounts/x.html" %}',
        "admin/beta/tool.html": "{% static 'beta/admin.css' %}{% static 'alpha/a.css' %}",
        "base.html": "{% url 'home' %}{% url 'alpha:board' %}{% static 'css/site.css' %}",
        "home.html": "{% static 'beta/beta.css' %}",
    }
    for name, source in pages.items():
        (templates / name).parent.mkdir(parents=True, exist_ok=True)
        (templates / name).write_text(source)
    assert foreign_game_files(templates, games) == [
        "admin/beta/tool.html loads the stylesheet of alpha",
        "alpha/other.html uses beta",
        "alpha/page.html loads the stylesheet of beta",
        "alpha/part.html uses beta",
        "base.html links to alpha",
        "home.html loads the stylesheet of beta",
    ]


# ---- The engines' kit is as pure as the engines ----
# goonsite/enginekit/ (the command line, the strict JSON reader, SplitMix64, the benchmarks'
# timer) is the one package outside its own that an engine may import, so it is held to the
# engines' rules: the standard library and itself only, no clock (its bench.py is a tool,
# like an engine's) and no global random. goonsite/__init__.py imports nothing, so importing
# the kit loads no Django.

ENGINE_KIT = "goonsite.enginekit"


def kit_violations(root: Path) -> list[str]:
    return sorted(impurities(root / "goonsite" / "enginekit", root, ENGINE_KIT))


def test_the_engine_kit_is_pure_and_loads_no_django():
    assert (ROOT / "goonsite" / "enginekit" / "cli.py").exists()
    assert kit_violations(ROOT) == []
    assert imports(ROOT / "goonsite" / "__init__.py", "goonsite") == []


def test_the_kit_walls_catch_what_they_are_for(tmp_path):
    kit = "goonsite/enginekit"
    write(tmp_path, f"{kit}/cli.py", "import json\nfrom . import splitmix\n")
    write(tmp_path, f"{kit}/splitmix.py", "from goonsite.enginekit.cli import main\n")
    write(tmp_path, f"{kit}/orm.py", "from django.db import models\n")
    write(tmp_path, f"{kit}/core.py", "from goonsite import clock\nimport goonsite.enginekits\n")
    write(tmp_path, f"{kit}/dice.py", "import random\nx = random.randint(1, 6)\n")
    write(tmp_path, f"{kit}/timer.py", "import time\n")
    write(tmp_path, f"{kit}/bench.py", "import time\nstart = time.time()\n")
    assert kit_violations(tmp_path) == [
        "goonsite/enginekit/core.py imports goonsite",
        "goonsite/enginekit/core.py imports goonsite.clock",
        "goonsite/enginekit/core.py imports goonsite.enginekits",
        "goonsite/enginekit/dice.py uses random.randint(",
        "goonsite/enginekit/orm.py imports django.db",
        "goonsite/enginekit/orm.py imports django.db.models",
        "goonsite/enginekit/timer.py imports time",
    ]

    # An engine may import the kit, and nothing else of the core.
    write(
        tmp_path,
        "games/alpha/engine/__main__.py",
        "from goonsite.enginekit import cli\nfrom goonsite.enginekit.splitmix import SplitMix64\n"
        "from goonsite import clock\n",
    )
    assert engine_violations(tmp_path / "games") == [
        "games/alpha/engine/__main__.py imports goonsite",
        "games/alpha/engine/__main__.py imports goonsite.clock",
    ]
