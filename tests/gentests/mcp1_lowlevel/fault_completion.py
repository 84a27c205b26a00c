# expect-fail: test_completion_deploy_target_partial, test_completion_deploy_target_contextual
"""Planted fault: the completion handler answers more than the 100 values the spec allows."""

import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

server = Server("gentests-clean")
TARGETS = ("staging", "production")


def invalid(message: str) -> McpError:
    return McpError(types.ErrorData(code=types.INVALID_PARAMS, message=message))


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [
        types.Prompt(name="deploy", arguments=[
            types.PromptArgument(name="target", required=True),
            types.PromptArgument(name="service", required=True),
            types.PromptArgument(name="notes", required=False),
        ]),
    ]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    args = arguments or {}
    if name != "deploy":
        raise invalid(f"unknown prompt {name!r}")
    target = args.get("target", "").strip().lower()
    if target not in TARGETS:
        raise invalid("target must be staging or production")
    service = args.get("service")
    if not service:
        raise invalid("service is required")
    notes = args.get("notes", "none")
    text = f"Deploy {service} to {target} ({notes})"
    return types.GetPromptResult(messages=[
        types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [types.Tool(name="add", inputSchema={
        "type": "object",
        "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
        "required": ["a", "b"],
    })]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    if name != "add":
        raise ValueError(f"unknown tool {name!r}")
    return [types.TextContent(type="text", text=str(arguments["a"] + arguments["b"]))]


@server.completion()
async def complete(ref, argument, context) -> types.Completion:
    if isinstance(ref, types.PromptReference) and ref.name == "deploy" and argument.name == "target":
        return types.Completion(values=[f"{argument.value}{i}" for i in range(150)])
    return types.Completion(values=[])
