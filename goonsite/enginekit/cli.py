"""The engines' command line: `python -m games.<game>.engine [FILE]` reads one game as
JSON (the file, or stdin), prints `run(game)` as one line of JSON and exits 0. Bad input
of any kind is one `error: ...` line on stderr and exit 2, never a traceback."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from typing import Any, NoReturn

# A \uD800-\uDFFF escape: the only way JSON read from UTF-8 can hold a lone surrogate.
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def read_json(data: bytes, error: type[Exception], *, unicode_only: bool = False) -> Any:
    """Strict JSON from bytes: UTF-8 only (json.loads would guess UTF-16 and -32 too), no
    NaN or Infinity. Everything unreadable raises `error`, the engine's input error.

    `unicode_only` also refuses a lone surrogate escape such as `\\ud800`: valid JSON,
    but not Unicode text (the party engine's contract; the others pass it through).
    """

    def no_constant(name: str) -> NoReturn:
        raise error(f"not JSON: {name} is not a JSON number")

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"the input is not UTF-8 (byte {exc.start})") from None
    try:
        value = json.loads(text, parse_constant=no_constant)
    except error:
        raise
    except json.JSONDecodeError as exc:
        raise error(f"not JSON: {exc}") from None
    except RecursionError:
        raise error("the input nests deeper than this engine can read") from None
    except ValueError:  # int() refused a number longer than Python's digit limit
        limit = sys.get_int_max_str_digits()
        raise error(f"an integer in the input has more than {limit} digits") from None
    if unicode_only and SURROGATE_ESCAPE.search(text):
        refuse_lone_surrogates(value, error)
    return value


def refuse_lone_surrogates(value: Any, error: type[Exception]) -> None:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise error("a string in the input holds a lone surrogate") from None
        elif isinstance(item, dict):
            stack += item.keys()
            stack += item.values()
        elif isinstance(item, list):
            stack += item


def main(
    argv: list[str],
    run: Callable[[Any], Any],
    *,
    prog: str,
    error: type[Exception],
    unicode_only: bool = False,
) -> int:
    """One game through `run`, as `python -m <prog> [FILE]`; the exit status."""
    if len(argv) > 1:
        print(f"error: usage: python -m {prog} [FILE]", file=sys.stderr)
        return 2
    try:
        if argv:
            with open(argv[0], "rb") as f:
                data = f.read()
        else:
            data = sys.stdin.buffer.read()
        # One dumps call: json.dump to a stream takes the slow pure-Python encoder path.
        text = json.dumps(run(read_json(data, error, unicode_only=unicode_only)))
    except OSError as exc:
        print(f"error: cannot read {argv[0]}: {exc.strerror}", file=sys.stderr)
        return 2
    except error as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    sys.stdout.write(text + "\n")
    return 0
