"""ButtonTracker: debouncing and hold timing as pure logic on timestamps."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from hardware.debounce import ButtonTracker, Edge

P, R, H = Edge.PRESS, Edge.RELEASE, Edge.HOLD


def test_tracker_bounce_counts_once() -> None:
    """Contacts chattering for 3 ms give one press and, once settled, one release."""
    t = ButtonTracker(bounce_s=0.05, hold_s=1.5)
    out = t.edge(True, 0.000) + t.edge(False, 0.001) + t.edge(True, 0.002)
    out += t.edge(False, 0.003)
    assert out == [P]
    assert t.tick(0.040) == []  # the release level is not yet 50 ms old
    assert t.tick(0.054) == [R]
    assert t.tick(0.200) == []


def test_tracker_bounce_ending_down_stays_pressed() -> None:
    t = ButtonTracker(bounce_s=0.05, hold_s=1.5)
    out = t.edge(True, 0.0) + t.edge(False, 0.002) + t.edge(True, 0.004)
    out += t.tick(0.1)
    assert out == [P]
    assert t.pressed


def test_tracker_presses_apart_count_twice() -> None:
    t = ButtonTracker(bounce_s=0.05, hold_s=1.5)
    out = t.edge(True, 0.0) + t.edge(False, 0.2) + t.edge(True, 0.4) + t.edge(False, 0.6)
    assert out == [P, R, P, R]


def test_tracker_press_soon_after_release_is_taken_late() -> None:
    """A real press 30 ms after an accepted release is taken once it has lasted 50 ms."""
    t = ButtonTracker(bounce_s=0.05, hold_s=1.5)
    assert t.edge(True, 0.0) + t.edge(False, 0.2) == [P, R]
    assert t.edge(True, 0.23) == []
    assert t.tick(0.26) == []
    assert t.tick(0.28) == [P]
    assert t.edge(False, 0.5) == [R]


def test_tracker_hold_once() -> None:
    t = ButtonTracker(bounce_s=0.05, hold_s=1.5)
    assert t.edge(True, 0.0) == [P]
    assert t.tick(1.49) == []
    ticks = [e for i in range(100) for e in t.tick(1.5 + i * 0.01)]
    assert ticks == [H]
    assert t.edge(False, 3.0) == [R]
    assert not t.pending


def test_tracker_hold_noticed_on_release_without_tick() -> None:
    t = ButtonTracker(bounce_s=0.05, hold_s=1.5)
    assert t.edge(True, 0.0) + t.edge(False, 2.0) == [P, H, R]


def test_tracker_unsettled_release_is_not_a_hold() -> None:
    """Let go at 30 ms (inside the bounce window), hold 50 ms: no hold."""
    t = ButtonTracker(bounce_s=0.05, hold_s=0.05)
    assert t.edge(True, 0.0) == [P]
    assert t.edge(False, 0.03) == []
    assert t.tick(0.06) == []
    assert t.tick(0.08) == [R]


def test_tracker_repeated_level_ignored() -> None:
    """Keyboard auto-repeat sends key-down again and again: one press."""
    t = ButtonTracker(bounce_s=0.0, hold_s=1.5)
    out = [e for i in range(20) for e in t.edge(True, i * 0.03)]
    assert out == [P]


def test_tracker_starting_down_counts_as_held() -> None:
    t = ButtonTracker.starting(0.05, 1.5, down=True)
    assert t.tick(10.0) == []
    assert t.edge(False, 11.0) == [R]
    assert t.held


_edges = st.lists(
    st.tuples(st.booleans(), st.floats(min_value=0.0, max_value=0.3)), min_size=1, max_size=40
)


@given(_edges)
def test_tracker_invariants(steps: list[tuple[bool, float]]) -> None:
    """Presses and releases alternate, accepted presses are a bounce apart, one hold
    per press at most, and a level left alone long enough is always taken."""
    bounce, hold = 0.05, 0.2
    t = ButtonTracker(bounce_s=bounce, hold_s=hold)
    now = 0.0
    out: list[tuple[float, Edge]] = []
    for down, gap in steps:
        now += gap
        out += [(now, e) for e in t.tick(now)]
        out += [(now, e) for e in t.edge(down, now)]
    now += 1.0
    out += [(now, e) for e in t.tick(now)]
    out += [(now, e) for e in t.tick(now + hold)]
    changes = [e for _, e in out if e is not H]
    assert all(a != b for a, b in pairwise(changes))
    assert not changes or changes[0] is P
    assert t.pressed == steps[-1][0]
    raw_downs = sum(1 for i, (d, _) in enumerate(steps) if d and (i == 0 or not steps[i - 1][0]))
    assert changes.count(P) <= raw_downs
    holds_between = 0
    for _, e in out:
        if e is P:
            holds_between = 0
        elif e is H:
            holds_between += 1
            assert holds_between == 1
    assert not t.pending
