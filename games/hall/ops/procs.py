"""Memory and CPU of a process and everything under it, read from /proc (Linux)."""

from __future__ import annotations

import os
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()  # the fields after the command's name


def tree(root: int) -> list[int]:
    """`root` and its descendants alive now."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))):
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += children.get(pid, [])
    return found


def rss_bytes(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            pass
    return total


def cpu_seconds(pid: int) -> float:
    fields = _stat(pid)
    return 0.0 if fields is None else (int(fields[11]) + int(fields[12])) / TICK


class CpuMeter:
    """CPU used by process trees over a window, workers that come and go included (a
    worker recycled mid-run is counted up to its last sample)."""

    def __init__(self, roots: list[int]) -> None:
        self.roots = roots
        self.last: dict[int, float] = {}
        self.used = 0.0
        self.sample(count=False)

    def sample(self, *, count: bool = True) -> None:
        for root in self.roots:
            for pid in tree(root):
                now = cpu_seconds(pid)
                if count:
                    self.used += max(0.0, now - self.last.get(pid, 0.0))
                self.last[pid] = now
