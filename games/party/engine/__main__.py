"""python -m games.party.engine [FILE]: play one game given as JSON and print the result.

Bad input of any kind is one `error: ...` line on stderr and exit 2, never a traceback.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any, NoReturn

from .errors import InputError
from .game import run

SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


def _no_constant(name: str) -> NoReturn:
    raise InputError(f"not JSON: {name} is not a JSON number")


def read_json(data: bytes) -> Any:
    """Strict JSON from bytes: UTF-8 only (json.loads would guess UTF-16 and -32 too), no
    NaN or Infinity. Everything unreadable is an InputError."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"the input is not UTF-8 (byte {exc.start})") from None
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except InputError:
        raise
    except json.JSONDecodeError as exc:
        raise InputError(f"not JSON: {exc}") from None
    except RecursionError:
        raise InputError("the input nests deeper than this engine can read") from None
    except ValueError:  # int() refused a number longer than Python's digit limit
        limit = sys.get_int_max_str_digits()
        raise InputError(f"an integer in the input has more than {limit} digits") from None
    if SURROGATE.search(text):
        check_unicode(data)
    return data


def check_unicode(value: Any) -> None:
    """A `\\ud800` escape alone decodes to a lone surrogate: JSON, but not Unicode text."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise InputError("a string in the input holds a lone surrogate") from None
        elif isinstance(item, dict):
            stack += item.keys()
            stack += item.values()
        elif isinstance(item, list):
            stack += item


def main(argv: list[str]) -> int:
    if len(argv) > 1:
        print("error: usage: python -m games.party.engine [FILE]", file=sys.stderr)
        return 2
    try:
        if argv:
            with open(argv[0], "rb") as f:
                data = f.read()
        else:
            data = sys.stdin.buffer.read()
        # One dumps call: json.dump to a stream takes the slow pure-Python encoder path.
        text = json.dumps(run(read_json(data)))
    except OSError as exc:
        print(f"error: cannot read {argv[0]}: {exc.strerror}", file=sys.stderr)
        return 2
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    sys.stdout.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
