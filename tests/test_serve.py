"""`make run`'s serve command starts manage.py from the project root."""

from pathlib import Path

from games.ladder.management.commands import serve


def test_serve_finds_manage_py():
    assert Path(serve.MANAGE).is_file()
    assert Path(serve.MANAGE).parent == Path(__file__).resolve().parents[1]
