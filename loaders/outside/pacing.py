"""A polite delay between requests to the same host, with an injectable clock and sleep.

``HostPacer.wait(host)`` sleeps until ``delay`` seconds have passed since the previous request to
that host was scheduled. The clock and the sleep function are parameters, so tests can record the
requested waits without waiting or depending on time.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class HostPacer:
    """Keeps requests to one host at least ``delay`` seconds apart (``delay`` 0 never waits)."""

    def __init__(
        self,
        delay: float,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if delay < 0:
            raise ValueError(f"per-host delay must be 0 or more seconds, got {delay!r}")
        self.delay = delay
        self._clock = clock
        self._sleep = sleep
        self._last: dict[str, float] = {}

    def wait(self, host: str) -> None:
        """Sleep as long as needed before the next request to ``host``, then record it as made."""
        now = self._clock()
        last = self._last.get(host)
        pause = 0.0 if last is None else last + self.delay - now
        if pause > 0:
            self._sleep(pause)
        self._last[host] = now + max(pause, 0.0)
