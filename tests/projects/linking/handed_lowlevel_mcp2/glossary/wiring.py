"""Handlers added with add_request_handler on an untyped parameter: only main.py's call says
it is a low-level Server (the project pins mcp 2.x, whose MCPServer has no such method)."""
from mcp import types

TERMS = {"idempotent": "Safe to repeat.", "tombstone": "A deletion marker."}
PROMPTS = [
    types.Prompt(name="define", arguments=[types.PromptArgument(name="term", required=True)]),
    types.Prompt(name="quiz", arguments=[types.PromptArgument(name="count", required=False)]),
]

async def _list(ctx, params) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=PROMPTS)

async def _get(ctx, params) -> types.GetPromptResult:
    if params.name == "define":
        term = params.arguments["term"]  # error: MCP202
        return _message(f"Explain {term}: {TERMS.get(term, '?')}")
    if params.name == "quiz":
        count = (params.arguments or {}).get("count") or "5"  # ok: optional, defaulted
        return _message(f"Write {count} questions")
    raise ValueError(f"unknown prompt {params.name}")  # error: MCP201

def _message(text: str) -> types.GetPromptResult:
    return types.GetPromptResult(
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])

def wire(server) -> None:
    server.add_request_handler("prompts/list", types.PaginatedRequestParams, _list)
    server.add_request_handler("prompts/get", types.GetPromptRequestParams, _get)
