from mcp import types
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from .html import card

BLURBS = {
    "release": "<p>Everything that shipped this month.</p>",
    "hiring": "<p>Open roles across the company.</p>",
}


async def render_newsletter_card(arguments: dict[str, str]) -> types.GetPromptResult:
    title = arguments.get("title", "").strip()
    if not title:
        raise McpError(ErrorData(code=INVALID_PARAMS, message="title is required"))
    kind = arguments.get("kind", "release")
    if kind not in BLURBS:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"kind must be one of {sorted(BLURBS)}"))
    resource = types.TextResourceContents(uri="newsletter://card/preview", mimeType="text/html", text=card(title, BLURBS[kind]))
    return types.GetPromptResult(
        messages=[
            types.PromptMessage(role="user", content=types.EmbeddedResource(type="resource", resource=resource)),
            types.PromptMessage(role="user", content=types.TextContent(type="text", text="Polish the card above for the newsletter; keep the HTML.")),
        ]
    )


PROMPTS = {
    "newsletter_card": (
        types.Prompt(
            name="newsletter_card",
            description="Turn a headline into a newsletter card",
            arguments=[
                types.PromptArgument(name="title", description="Headline", required=True),
                types.PromptArgument(name="kind", description="release or hiring", required=False),
            ],
        ),
        render_newsletter_card,
    )
}
