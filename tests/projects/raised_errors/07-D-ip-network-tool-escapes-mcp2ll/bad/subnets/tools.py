from mcp import types

from .calc import summary

SUBNET = types.Tool(name="subnet_info", input_schema={
    "type": "object", "properties": {"cidr": {"type": "string"}}, "required": ["cidr"],
})


def text_result(text: str, failed: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=failed)


def subnet_info(arguments: dict) -> types.CallToolResult:
    cidr = arguments.get("cidr")
    if not isinstance(cidr, str):
        return text_result("cidr must be a string", failed=True)
    return text_result(summary(cidr))
