"""How fast the button panel turns pin edges into commands (gpiozero MockFactory).

Prints: the cost of one debounced edge through gpiozero's callback and the
panel; how late a hold is noticed by the ticker thread past ``hold_s``; and
how late a short tap inside the bounce window is settled.

    GPIOZERO_PIN_FACTORY=mock .venv/bin/python benchmarks/bench_panel.py
"""

from __future__ import annotations

import statistics
import time

from gpiozero.pins.mock import MockFactory

from hardware import Command, PanelSettings, open_panel


def edge_cost(n: int = 20000) -> float:
    """Microseconds per edge (press or release), callback included."""
    factory = MockFactory()
    clock = [0.0]
    settings = PanelSettings(bounce_ms=50, hold_s=1.5)
    with open_panel(
        settings, pin_factory=factory, time_source=lambda: clock[0], autopoll=False
    ) as panel:
        pin = factory.pin(27)  # scan: acts on press
        start = time.perf_counter()
        for _ in range(n):
            clock[0] += 0.1
            pin.drive_low()
            clock[0] += 0.1
            pin.drive_high()
        elapsed = time.perf_counter() - start
        assert panel.commands.qsize() == n
    return elapsed / (2 * n) * 1e6


def lateness(kind: str, runs: int = 30) -> list[float]:
    """Milliseconds between when a hold (or a settled tap) is due and when it is queued."""
    out = []
    for _ in range(runs):
        factory = MockFactory()
        settings = PanelSettings(bounce_ms=20, hold_s=0.05)
        with open_panel(settings, pin_factory=factory) as panel:
            pin = factory.pin(17)
            t0 = time.monotonic()
            pin.drive_low()
            if kind == "hold":
                due, want = t0 + settings.hold_s, Command.CONFIRM
            else:
                pin.drive_high()  # released inside the bounce window
                due, want = time.monotonic() + settings.bounce_s, Command.NEXT
            got = panel.commands.get(timeout=2.0)
            out.append((time.monotonic() - due) * 1000)
            assert got == want
            pin.drive_high()
    return out


def main() -> None:
    print(f"edge through callback + debounce + queue: {edge_cost():.1f} us per edge")
    for kind in ("hold", "tap"):
        late = lateness(kind)
        print(
            f"{kind} noticed after it was due: median {statistics.median(late):.1f} ms, "
            f"max {max(late):.1f} ms (ticker every 10 ms, {len(late)} runs)"
        )


if __name__ == "__main__":
    main()
