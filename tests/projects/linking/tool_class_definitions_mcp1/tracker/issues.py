from .base import LoadedTool, TrackerTool


class OpenIssue(TrackerTool):
    """Open an issue."""

    name = "open_issue"
    schema = {"type": "object", "properties": {"title": {"type": "string"}, "labels": {"type": "array"}},  # error: MCP103
              "required": ["title"]}

    async def execute(self, arguments: dict) -> str:
        title = arguments.get("title", "")
        tags = arguments.get("tags", [])  # error: MCP102
        return f"opened {title} {tags}"


class CloseIssue(LoadedTool):
    name = "close_issue"

    async def execute(self, arguments: dict) -> str:
        return f"closed {arguments.get('number')}"  # ok: its schema is read from a file at run time
