"""What a process keeps of what it drew or read, by a key that names it for good."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any


class KeptInProcess:
    """The last `size` values kept, by key; the oldest kept goes first. Read without the
    lock (one dict look-up, which threads may do while another keeps), kept under it.

    For what a key names for good (a version of the public board, a drawing of one state):
    nothing kept here can go stale, so no process needs to hear of another's change."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: OrderedDict[Any, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Any) -> Any:
        return self._values.get(key)

    def keep(self, key: Any, value: Any) -> None:
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.size:
                self._values.popitem(last=False)

    def __len__(self) -> int:
        return len(self._values)
