"""A refusal shared by every game: an action the rules do not allow, in words for the person."""


class Refusal(Exception):
    """An action the rules don't allow; `str(refusal)` is the message for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
