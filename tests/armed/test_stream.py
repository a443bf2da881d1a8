"""The random stream (armed-engine.md): SplitMix64 and the shuffle, against the
contract's own check values, so every engine agrees bit for bit on a seed."""

from games.armed.engine.stream import Stream


def test_splitmix64_check_values():
    zero = Stream(0)
    assert [zero.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]
    other = Stream(1234567)
    assert [other.next() for _ in range(3)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
    ]


def test_shuffle_check_value_from_the_last_index_down():
    items = list(range(10))
    Stream(42).shuffle(items)
    assert items == [0, 9, 5, 8, 6, 4, 7, 2, 1, 3]


def test_the_inlined_shuffle_agrees_with_below():
    """shuffle() inlines next(); it must draw exactly what below(i + 1) would."""
    for seed in (0, 1, 2**64 - 1, 0x5EA7):
        fast, slow = Stream(seed), Stream(seed)
        items, expected = list(range(54)), list(range(54))
        fast.shuffle(items)
        for i in range(53, 0, -1):
            j = slow.below(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert items == expected
        assert fast.state == slow.state


def test_short_lists_draw_nothing():
    stream = Stream(7)
    for items in ([], ["only"]):
        stream.shuffle(items)
    assert stream.state == 7
