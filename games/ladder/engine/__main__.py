"""python -m games.ladder.engine [FILE]: resolve one day given as JSON and print what noon did."""

from __future__ import annotations

import json
import sys

from .errors import DayError
from .jsonio import day_from_json, result_to_json
from .resolve import resolve_noon


def main(argv: list[str]) -> int:
    if len(argv) > 1:
        print("error: usage: python -m games.ladder.engine [FILE]", file=sys.stderr)
        return 2
    try:
        if argv:
            with open(argv[0], encoding="utf-8") as f:
                text = f.read()
        else:
            text = sys.stdin.read()
        result = resolve_noon(day_from_json(json.loads(text)))
    except OSError as exc:
        print(f"error: cannot read {argv[0]}: {exc.strerror}", file=sys.stderr)
        return 2
    except json.JSONDecodeError as exc:
        print(f"error: not JSON: {exc}", file=sys.stderr)
        return 2
    except DayError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    json.dump(result_to_json(result), sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
