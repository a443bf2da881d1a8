"""python -m games.ladder.engine [FILE]: resolve one day given as JSON and print what noon did.

Bad input of any kind is one `error:` line on stderr and exit status 2, never a traceback:
not UTF-8, not JSON, nested deeper than Python can parse, a number longer than Python's
digit limit, or a day the rules reject.
"""

from __future__ import annotations

import gc
import json
import sys

from .errors import DayError
from .jsonio import day_from_json, result_to_json
from .resolve import resolve_noon


def fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


def read_input(argv: list[str]) -> bytes:
    if argv:
        with open(argv[0], "rb") as f:
            return f.read()
    return sys.stdin.buffer.read()


def run(data: bytes) -> bytes:
    """The result's JSON for a day's JSON; raises on any bad input."""
    result = resolve_noon(day_from_json(json.loads(data.decode("utf-8"))))
    # One json.dumps: the C encoder. json.dump to a stream takes the pure-Python path,
    # one write per token (millions for a large day).
    return json.dumps(result_to_json(result), ensure_ascii=False).encode("utf-8") + b"\n"


def main(argv: list[str]) -> int:
    if len(argv) > 1:
        return fail("usage: python -m games.ladder.engine [FILE]")
    # A one-shot process building a million small objects that all live to the end: the
    # cyclic collector would walk them again and again for nothing (a third of the time).
    gc.disable()
    try:
        data = read_input(argv)
    except OSError as exc:
        return fail(f"cannot read {argv[0]}: {exc.strerror}")
    try:
        output = run(data)
    except UnicodeDecodeError as exc:
        return fail(f"not UTF-8: byte {exc.start} is {data[exc.start : exc.start + 1]!r}")
    except json.JSONDecodeError as exc:
        return fail(f"not JSON: {exc}")
    except RecursionError:
        return fail("not a day: the JSON is nested too deeply")
    except DayError as exc:
        return fail(str(exc))
    except ValueError as exc:
        # int() past sys.get_int_max_str_digits(), reading or writing.
        return fail(f"a number is too long: {exc}")
    sys.stdout.buffer.write(output)
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
