import logging
from contextlib import contextmanager

log = logging.getLogger("migrate")
JOURNAL: list[str] = []


@contextmanager
def journaled(step: str):
    JOURNAL.append(f"start {step}")
    try:
        yield
    except Exception as exc:
        JOURNAL.append(f"failed {step}: {exc}")
        log.error("step %s failed: %s", step, exc)
    else:
        JOURNAL.append(f"done {step}")
