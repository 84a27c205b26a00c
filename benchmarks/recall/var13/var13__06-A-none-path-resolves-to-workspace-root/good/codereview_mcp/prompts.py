from typing import Any

from fastmcp.prompts import Message, Prompt, PromptArgument

from .workspace import WORKSPACE


class ModuleReviewPrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[Message]:
        args = arguments or {}
        if not args.get("module_path"):
            raise ValueError("module_path is required")
        target = WORKSPACE.resolve(args["module_path"])
        depth = args.get("depth", "normal")
        return [Message(f"Do a {depth} review of these files:\n{WORKSPACE.listing(target)}")]


ARGS = [
    PromptArgument(name="module_path", description="Path of the module, relative to the repository", required=True),
    PromptArgument(name="depth", description="quick, normal or deep", required=False),
]
