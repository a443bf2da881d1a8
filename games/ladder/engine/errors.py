class DayError(ValueError):
    """The day given to the engine is malformed; the message says what is wrong."""
