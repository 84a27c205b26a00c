import inspect

from fastmcp.prompts import Prompt, PromptArgument

from .renderers import headline


class RendererPrompt(Prompt):
    async def render(self, arguments=None):
        bound = inspect.signature(headline).bind_partial(**(arguments or {}))
        bound.apply_defaults()
        try:
            return headline(**bound.arguments)
        except TypeError as exc:
            raise ValueError(str(exc)) from None


def install(mcp):
    mcp.add_prompt(RendererPrompt(
        name="headline",
        arguments=[PromptArgument(name="story", required=True), PromptArgument(name="tone", required=True)],
    ))
