import mcp.types as types


def result(text: str, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=error)


class DeleteRelease:
    name = "delete_release"
    schema = {
        "type": "object",
        "properties": {"tag": {"type": "string"}, "force": {"type": "boolean"}},
        "required": ["tag"],
    }
    defaults = {"force": False}

    def __init__(self, published: set[str]) -> None:
        self.published = published

    def run(self, arguments: dict) -> types.CallToolResult:
        tag = arguments.get("tag")
        if not tag:
            return result("tag is required", error=True)
        force = "force" in self.defaults
        if tag in self.published and not force:
            return result(f"{tag} is published; pass force=true", error=True)
        self.published.discard(tag)
        return result(f"deleted {tag}")
