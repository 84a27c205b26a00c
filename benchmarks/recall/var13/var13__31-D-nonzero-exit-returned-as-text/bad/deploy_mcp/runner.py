import asyncio
from dataclasses import dataclass


@dataclass
class RunResult:
    code: int
    output: str


async def run(*cmd: str, timeout: float = 600) -> RunResult:
    proc = await asyncio.create_subprocess_exec(*cmd, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    out, _ = await asyncio.wait_for(proc.communicate(), timeout)
    return RunResult(proc.returncode or 0, out.decode(errors="replace"))
