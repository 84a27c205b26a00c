from pathlib import Path

import anyio

RUNBOOK_DIR = Path(__file__).parent / "runbooks"


async def read_runbook(name: str) -> str:
    path = (RUNBOOK_DIR / f"{name}.md").resolve()
    if not path.is_relative_to(RUNBOOK_DIR.resolve()):
        raise ValueError(f"unknown runbook {name!r}")
    return await anyio.Path(path).read_text(encoding="utf-8")
