"""python -m games.chaos.engine [FILE]: play one game given as JSON and print the result.

Bad input of any kind is one `error: ...` line on stderr and exit 2, never a traceback
(the command line every engine shares: goonsite/enginekit/cli.py).
"""

import sys

from goonsite.enginekit import cli

from .errors import InputError
from .game import run

if __name__ == "__main__":
    sys.exit(cli.main(sys.argv[1:], run, prog="games.chaos.engine", error=InputError))
