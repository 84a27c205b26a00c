import asyncio

from mcp import types

from .refs import checked_ref

LOG_TOOL = types.Tool(
    name="branch_log",
    description="Recent commits on a branch",
    input_schema={"type": "object", "properties": {"branch": {"type": "string"}, "limit": {"type": "integer"}}, "required": ["branch"]},
)


def _result(text: str, failed: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=failed)


async def branch_log(args: dict) -> types.CallToolResult:
    raw = args.get("branch", "")
    ref = checked_ref(raw)
    if ref is None:
        return _result(f"invalid branch name {raw!r}", failed=True)
    limit = int(args.get("limit", 20))
    argv = ["git", "log", "--oneline", f"-n{limit}", ref]
    proc = await asyncio.create_subprocess_exec(*argv, stdout=asyncio.subprocess.PIPE)
    out, _ = await proc.communicate()
    if proc.returncode:
        return _result(f"git log failed ({proc.returncode})", failed=True)
    return _result(out.decode())
