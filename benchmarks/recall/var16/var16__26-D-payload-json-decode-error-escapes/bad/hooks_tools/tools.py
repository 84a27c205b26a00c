import json

from mcp import types

from .payload import load_payload

REPLAY = types.Tool(name="replay_webhook", input_schema={
    "type": "object", "properties": {"payload": {"type": "string"}, "target": {"type": "string"}},
    "required": ["payload", "target"],
})


def result(text: str, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=error)


async def replay(args: dict, sender) -> types.CallToolResult:
    if "target" not in args or "payload" not in args:
        return result("payload and target are required", error=True)
    body = load_payload(args)
    status = await sender(args["target"], body)
    if status >= 400:
        return result(f"target answered HTTP {status}", error=True)
    return result(f"delivered, HTTP {status}")
