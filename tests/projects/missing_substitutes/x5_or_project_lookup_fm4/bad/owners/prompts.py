from fastmcp.prompts import Prompt, PromptArgument

from .lookup import owner_missing, owner_of


class Escalate(Prompt):
    async def render(self, arguments=None):
        args = arguments or {}
        component = args.get("component")
        if not component:
            raise ValueError("component is required")
        owner = args.get("owner") or owner_of(component)  # error: MCP101
        return f"Escalate the {component} incident to {owner}."


def register(server) -> None:
    server.add_prompt(Escalate(name="escalate", arguments=[PromptArgument(name="component", required=True),
                                                           PromptArgument(name="owner", required=True)]))
