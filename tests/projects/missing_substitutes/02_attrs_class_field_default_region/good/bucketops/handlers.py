from mcp import types

from .requests import ListRequest

LIST_TOOL = types.Tool(
    name="list_objects",
    description="List objects in a bucket",
    input_schema={
        "type": "object",
        "properties": {"bucket": {"type": "string"}, "region": {"type": "string"}, "prefix": {"type": "string"}},
        "required": ["bucket", "region"],
    },
)


def _text(s: str, err: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=s)], is_error=err)


class BucketTools:
    def __init__(self, client_factory):
        self._clients = client_factory

    async def list_objects(self, arguments: dict) -> types.CallToolResult:
        try:
            req = ListRequest(**arguments)
        except TypeError as exc:
            return _text(f"bad arguments: {exc}", err=True)
        client = self._clients(req.region)
        keys = client.list(req.bucket, req.prefix)
        return _text("\n".join(keys))
