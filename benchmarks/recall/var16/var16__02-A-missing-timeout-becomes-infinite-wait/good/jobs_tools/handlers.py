import anyio
from mcp import types

from .limits import poll_interval, timeout_from

FINISHED = {"success", "failed", "cancelled"}


def _error(text: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=True)


class JobWaiter:
    def __init__(self, ci) -> None:
        self.ci = ci

    async def __call__(self, args: dict) -> types.CallToolResult:
        try:
            job_id = args["job_id"]
            timeout = timeout_from(args)
        except (KeyError, ValueError) as exc:
            return _error(f"bad arguments: {exc}")
        with anyio.move_on_after(timeout):
            while (state := await self.ci.state(job_id)) not in FINISHED:
                await anyio.sleep(poll_interval(args))
            return types.CallToolResult(content=[types.TextContent(type="text", text=state)])
        return _error(f"job {job_id} still running after {timeout}s")
