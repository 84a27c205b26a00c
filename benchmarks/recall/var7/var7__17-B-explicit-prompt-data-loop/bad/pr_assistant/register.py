from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.prompts.base import Prompt, PromptArgument

from .definitions import PROMPT_DEFS


def register_prompts(mcp: FastMCP) -> None:
    for name, description, fn, args in PROMPT_DEFS:
        mcp.add_prompt(
            Prompt(
                name=name,
                description=description,
                fn=fn,
                arguments=[PromptArgument(name=a, description=d, required=r) for a, d, r in args],
            )
        )
