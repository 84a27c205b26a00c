"""Low-level server; prompt rendering lives in a small service object."""
from mcp import types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .catalog import SPECS


class PromptService:
    def __init__(self) -> None:
        self._builders = {"postmortem": self._postmortem}

    def _postmortem(self, args: dict[str, str]) -> str:
        service = args.get("service")
        if not service:
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="service is required"))
        severity = args.get("severity", "SEV3")
        return f"Write a blameless postmortem for the {severity} incident in {service}."

    def render(self, name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        builder = self._builders.get(name)
        if builder is None:
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"Unknown prompt: {name}"))
        text = builder(arguments or {})
        return types.GetPromptResult(
            messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
        )


def build_server() -> Server:
    server = Server("incident-prompts")
    service = PromptService()

    @server.list_prompts()
    async def _list() -> list[types.Prompt]:
        return [spec.to_prompt() for spec in SPECS.values()]

    @server.get_prompt()
    async def _get(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        return service.render(name, arguments)

    return server
