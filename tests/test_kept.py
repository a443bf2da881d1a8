"""goonsite.kept: the last few values a process keeps, the oldest kept going first."""

import threading

from goonsite.kept import KeptInProcess


def test_the_oldest_kept_goes_first_and_keeping_again_makes_a_value_new():
    kept = KeptInProcess(2)
    kept.keep("a", 1)
    kept.keep("b", 2)
    kept.keep("a", 3)  # "a" is now the newest
    kept.keep("c", 4)
    assert (kept.get("a"), kept.get("b"), kept.get("c")) == (3, None, 4)
    assert len(kept) == 2


def test_threads_keeping_at_once_never_pass_the_bound():
    kept = KeptInProcess(50)

    def keep(start: int) -> None:
        for n in range(start, start + 2000):
            kept.keep(n, n)

    threads = [threading.Thread(target=keep, args=(i * 10_000,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(kept) == 50
