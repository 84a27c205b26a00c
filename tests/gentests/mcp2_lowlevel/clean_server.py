# expect-fail: (none)
"""Correct twin (mcp 2.x low-level): caller errors are MCPError(INVALID_PARAMS), tool argument
errors isError results, an unknown tool a JSON-RPC -32602."""

import mcp.types as types
from mcp import MCPError
from mcp.server import Server, ServerRequestContext

TARGETS = ("staging", "production")
PROMPTS = [
    types.Prompt(name="deploy", arguments=[
        types.PromptArgument(name="target", required=True),
        types.PromptArgument(name="service", required=True),
        types.PromptArgument(name="notes", required=False),
    ]),
]
TOOLS = [
    types.Tool(name="add", input_schema={
        "type": "object",
        "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
        "required": ["a", "b"],
    }),
]


def invalid(message: str) -> MCPError:
    return MCPError(code=types.INVALID_PARAMS, message=message)


def text_result(text: str, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=error)


async def list_prompts(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=PROMPTS)


async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    args = params.arguments or {}
    if params.name != "deploy":
        raise invalid(f"unknown prompt {params.name!r}")
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


async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
    return types.ListToolsResult(tools=TOOLS)


async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    args = params.arguments or {}
    if params.name != "add":
        raise invalid(f"unknown tool {params.name!r}")
    if "a" not in args or "b" not in args:
        return text_result("a and b are required", error=True)
    return text_result(str(args["a"] + args["b"]))


async def complete(ctx: ServerRequestContext, params: types.CompleteRequestParams) -> types.CompleteResult:
    values = []
    if params.ref.name == "deploy" and params.argument.name == "target":
        values = [t for t in TARGETS if t.startswith(params.argument.value)]
    return types.CompleteResult(completion=types.Completion(values=values))


server = Server("gentests-clean", on_list_prompts=list_prompts, on_get_prompt=get_prompt,
                on_list_tools=list_tools, on_call_tool=call_tool, on_completion=complete)
