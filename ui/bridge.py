"""The one place where worker threads hand results to the main thread.

Only the main thread touches widgets and GL. Camera reads, scans and store
writes run on worker threads and give their results back through
``run_in_background`` (its callbacks run on the main thread, scheduled with
``Clock.schedule_once``) or ``on_main_thread``. Store writes go through one
dedicated ``StoreWriter`` thread so they land in order.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from kivy.clock import Clock

log = logging.getLogger(__name__)

_POOL: ThreadPoolExecutor | None = None
_POOL_LOCK = threading.Lock()
POOL_SIZE = 3


def _pool() -> ThreadPoolExecutor:
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = ThreadPoolExecutor(max_workers=POOL_SIZE, thread_name_prefix="ui-worker")
        return _POOL


def on_main_thread(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    """Run ``fn(*args, **kwargs)`` on the main thread at the next frame."""
    Clock.schedule_once(lambda _dt: fn(*args, **kwargs), 0)


def run_in_background(
    fn: Callable[..., Any],
    *args: Any,
    on_done: Callable[[Any], Any] | None = None,
    on_error: Callable[[BaseException], Any] | None = None,
) -> Future[Any]:
    """Run ``fn(*args)`` on a worker; ``on_done(result)``/``on_error(exc)`` on the main thread."""

    def work() -> Any:
        try:
            result = fn(*args)
        except BaseException as exc:  # handed to the main thread, never lost
            if on_error is not None:
                on_main_thread(on_error, exc)
            else:
                log.exception("background task %r failed", getattr(fn, "__name__", fn))
            raise
        if on_done is not None:
            on_main_thread(on_done, result)
        return result

    return _pool().submit(work)


def shutdown_pool() -> None:
    """Stop the worker pool (at app stop); queued tasks are dropped."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is not None:
            _POOL.shutdown(wait=False, cancel_futures=True)
            _POOL = None


class StoreWriter:
    """One thread that writes store calls in order (``append``, ``set_finished``...).

    ``submit(fn, *args, on_done=..., on_error=...)`` queues a call; callbacks
    run on the main thread. ``flush()`` waits until everything queued is written.
    """

    def __init__(self) -> None:
        self._queue: queue.Queue[tuple[Any, ...] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="store-writer", daemon=True)
        self._thread.start()
        self.errors: list[BaseException] = []

    def submit(
        self,
        fn: Callable[..., Any],
        *args: Any,
        on_done: Callable[[Any], Any] | None = None,
        on_error: Callable[[BaseException], Any] | None = None,
    ) -> None:
        self._queue.put((fn, args, on_done, on_error))

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            try:
                if item is None:
                    return
                fn, args, on_done, on_error = item
                try:
                    result = fn(*args)
                except Exception as exc:
                    self.errors.append(exc)
                    log.error("store write failed: %s", exc)
                    if on_error is not None:
                        on_main_thread(on_error, exc)
                else:
                    if on_done is not None:
                        on_main_thread(on_done, result)
            finally:
                self._queue.task_done()

    def flush(self) -> None:
        """Block until every queued write has run."""
        self._queue.join()

    def close(self) -> None:
        """Write what is queued, then stop the thread. Idempotent."""
        if self._thread.is_alive():
            self._queue.put(None)
            self._thread.join(timeout=5)
