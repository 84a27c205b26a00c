from mcp import types

from . import renderers

TABLE = {
    "review": (
        types.Prompt(name="review", description="Review a change", arguments=[
            types.PromptArgument(name="language", description="Source language", required=True),
        ]),
        renderers.review,
    ),
    "explain": (
        types.Prompt(name="explain", description="Explain a change", arguments=[
            types.PromptArgument(name="depth", description="short or long", required=False),
        ]),
        renderers.explain,
    ),
}
