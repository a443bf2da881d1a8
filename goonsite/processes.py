"""Child processes stopped together, whatever they do with SIGTERM (no Django here: the
operator tools use it before any settings exist).

Each child runs in its own process group, so stopping one reaches everything it started.
A django-q2 cluster may not exit on SIGTERM at all (django-q2 issue #346: its signal
handler can deadlock), so after a grace period every group still alive is killed.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time

GRACE_SECONDS = 10.0  # then SIGKILL: everything is gone well within 20 s of the stop


def start(command: list[str], **kwargs) -> subprocess.Popen:
    return subprocess.Popen(command, start_new_session=True, **kwargs)


def stop_all(procs: list[subprocess.Popen], grace: float = GRACE_SECONDS) -> None:
    """SIGTERM every child's process group, SIGKILL what is left after `grace` seconds."""
    for proc in procs:
        _signal_group(proc, signal.SIGTERM)
    deadline = time.monotonic() + grace
    for proc in procs:
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=max(0.0, deadline - time.monotonic()))
    # Also after a clean exit of the group's leader: its children may still be running.
    for proc in procs:
        _signal_group(proc, signal.SIGKILL)
    for proc in procs:
        proc.wait()


def _signal_group(proc: subprocess.Popen, sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):  # the group is gone
        os.killpg(proc.pid, sig)
