from collections import ChainMap

from mcp import types
from mcp.shared.exceptions import McpError

STYLE_DEFAULTS = {"colour": "muted neutrals", "length": "one page"}

DESIGN_BRIEF = types.Prompt(
    name="design_brief",
    description="Draft a design brief for a product page",
    arguments=[
        types.PromptArgument(name="product", description="Product name", required=True),
        types.PromptArgument(name="color", description="Dominant palette colour", required=False),
        types.PromptArgument(name="length", description="Target length", required=False),
    ],
)


def render_brief(arguments: dict[str, str] | None) -> str:
    opts = ChainMap(dict(arguments or {}), STYLE_DEFAULTS)
    if not opts.get("product"):
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="product is required"))
    palette = opts.get("color", STYLE_DEFAULTS["colour"])
    return (
        f"Write a {opts['length']} design brief for {opts['product']}.\n"
        f"Build the palette around {palette}."
    )
