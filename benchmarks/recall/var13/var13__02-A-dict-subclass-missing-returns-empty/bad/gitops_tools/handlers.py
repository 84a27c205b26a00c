import asyncio

from mcp import types

from .args import ToolArgs

SYNC_TOOL = types.Tool(
    name="sync_branch",
    description="Fetch and fast-forward a branch of the deploy checkout",
    input_schema={
        "type": "object",
        "properties": {"branch": {"type": "string"}, "prune": {"type": "boolean"}},
        "required": ["branch"],
    },
)


def _text(text: str, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=error)


async def sync_branch(args: ToolArgs) -> types.CallToolResult:
    try:
        branch = args["branch"]
    except KeyError:
        return _text("branch is required", error=True)
    cmd = ["git", "pull", "--ff-only", "origin", branch]
    if args.flag("prune"):
        cmd.insert(2, "--prune")
    proc = await asyncio.create_subprocess_exec(*cmd, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    out, _ = await proc.communicate()
    return _text(out.decode(), error=proc.returncode != 0)
