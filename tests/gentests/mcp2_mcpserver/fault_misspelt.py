# expect-fail: test_prompt_deploy_valid, test_prompt_deploy_optional_omitted
"""Planted fault: the declared argument is "service" but the function takes "servce"."""

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.prompts.base import Prompt, PromptArgument

mcp = MCPServer("gentests-fault-misspelt")


def render_deploy(target: str, servce: str = "", notes: str = "none") -> str:
    return f"Deploy {servce} to {target} ({notes})"


mcp.add_prompt(Prompt(
    name="deploy",
    description="Deploy a service.",
    arguments=[
        PromptArgument(name="target", required=True),
        PromptArgument(name="service", required=True),
        PromptArgument(name="notes", required=False),
    ],
    fn=render_deploy,
))
