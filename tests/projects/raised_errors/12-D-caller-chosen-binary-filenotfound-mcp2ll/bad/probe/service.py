from mcp import types

from .runner import version_of


class ProbeService:
    tool = types.Tool(name="tool_version", input_schema={
        "type": "object", "properties": {"program": {"type": "string"}}, "required": ["program"],
    })

    def reply(self, text: str, *, error: bool = False) -> types.CallToolResult:
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=error)

    def run(self, arguments: dict) -> types.CallToolResult:
        program = str(arguments.get("program", "")).strip()
        if not program or "/" in program:
            return self.reply("program must be a bare command name", error=True)
        return self.reply(version_of(program))
