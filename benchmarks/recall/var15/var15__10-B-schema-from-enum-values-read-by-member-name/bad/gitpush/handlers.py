import asyncio

from mcp import types

from .options import option_schema, push_flags

PUSH = types.Tool(
    name="git_push",
    description="Push the current branch",
    input_schema={"type": "object", "properties": {"remote": {"type": "string"}, **option_schema()}, "required": ["remote"]},
)


def text_result(text: str, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=error)


async def git_push(arguments: dict) -> types.CallToolResult:
    remote = arguments.get("remote")
    if not remote:
        return text_result("remote is required", error=True)
    proc = await asyncio.create_subprocess_exec("git", "push", *push_flags(arguments), remote)
    if await proc.wait():
        return text_result(f"git push failed ({proc.returncode})", error=True)
    return text_result(f"pushed to {remote}")
