import attrs


@attrs.define
class ListRequest:
    bucket: str
    region: str = "us-east-1"  # error: MCP101
    prefix: str = ""
