import httpx
from mcp import types

from .errors import backend_failure, invalid_argument, unknown_prompt

STYLE_URL = "https://docs.internal.example/style-guide.md"


class PromptRouter:
    def __init__(self) -> None:
        self.routes = {"blog_outline": self.blog_outline}
        self.prompts = [
            types.Prompt(
                name="blog_outline",
                description="Outline a blog post in the house style",
                arguments=[
                    types.PromptArgument(name="topic", description="What the post is about", required=True),
                    types.PromptArgument(name="length", description="short, medium or long", required=False),
                ],
            )
        ]

    @staticmethod
    def require(args: dict[str, str], key: str) -> str:
        if not args.get(key):
            raise invalid_argument(f"{key} is required")
        return args[key]

    async def blog_outline(self, args: dict[str, str]) -> str:
        topic = self.require(args, "topic")
        length = args.get("length", "medium")
        if length not in ("short", "medium", "long"):
            raise invalid_argument("length must be short, medium or long")
        try:
            async with httpx.AsyncClient(timeout=10) as client:
                style = (await client.get(STYLE_URL)).text
        except httpx.HTTPError as exc:
            raise backend_failure(f"style guide unavailable: {exc}") from exc
        return f"Using this style guide:\n{style}\n\nOutline a {length} blog post about {topic}."

    async def dispatch(self, name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        route = self.routes.get(name)
        if route is None:
            raise unknown_prompt(name)
        text = await route(arguments or {})
        return types.GetPromptResult(
            messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
        )
