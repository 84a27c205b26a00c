import shutil

from mcp import types

from .paths import archive_name, target_dir

ARCHIVE_TOOL = types.Tool(
    name="archive_dir",
    description="Create a .tar.gz of a directory",
    input_schema={
        "type": "object",
        "properties": {"path": {"type": "string"}, "name": {"type": "string"}},
        "required": ["path"],
    },
)


def _fail(msg: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=msg)], is_error=True)


class ArchiveTool:
    spec = ARCHIVE_TOOL

    async def run(self, arguments: dict) -> types.CallToolResult:
        try:
            src = target_dir(arguments)
        except KeyError as exc:
            return _fail(f"missing argument {exc}")
        if not src.is_dir():
            return _fail(f"not a directory: {src}")
        out = shutil.make_archive(archive_name(arguments), "gztar", root_dir=src)
        return types.CallToolResult(content=[types.TextContent(type="text", text=out)])
