"""Input the engine cannot read (exit 2), as opposed to a refused action."""


class InputError(ValueError):
    """The game given to the engine breaks the contract's input rules; the message says
    what and where. The command line prints it after `error:`."""
