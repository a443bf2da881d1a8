"""Model rows that pickle by their attributes alone, for what the cache keeps per action.

Django pickles a model instance through `Model.__reduce__`: a copy of its state made by
`copy.copy`, a copy of its relation cache and Django's version stamped in; unpickling
checks that version and updates `__dict__`. That came to about 5 µs a row to pickle and
2 µs to read back, and every vote, card and pack pickles the player's kept board again
(its player, day, votes, plays, cards and packs, with the contestants they name): one
such board took 124 µs to pickle and 69 µs to read back, and 46 µs and 42 µs here.

What is kept is what Django keeps: every attribute (a deferred field stays deferred) and
the state (the relations already read, the database the row came from, whether it is
saved); `tests/test_lean_pickle.py` holds the two equal. Not Django's version, whose
mismatch Django only warns about: a row kept before a deploy that added a field reads
that field from the database when it is used, as a deferred one. `_rebuild` is named in
every pickle: renaming it makes what is kept unreadable, which the cache's readers
treat as a miss.
"""

from __future__ import annotations

from django.db import models
from django.db.models.base import ModelState


class LeanPickle:
    """Put before `models.Model` in a model's bases."""

    def __reduce__(self):
        attrs = self.__dict__.copy()
        state = attrs.pop("_state").__dict__.copy()
        if any(type(value) is memoryview for value in attrs.values()):
            return super().__reduce__()  # Django turns these into bytes and back
        state.pop("peers", None)  # weak references, as Django leaves them out
        if "fields_cache" in state:
            # A copy of its own (copy.copy comes here too): a ModelState that is collected
            # empties its relation cache.
            state["fields_cache"] = dict(state["fields_cache"])
        return _rebuild, (type(self), attrs, state)


def _rebuild(model: type[models.Model], attrs: dict, state: dict) -> models.Model:
    row = model.__new__(model)
    row.__dict__ = attrs
    row._state = ModelState()
    row._state.__dict__ = state
    return row
