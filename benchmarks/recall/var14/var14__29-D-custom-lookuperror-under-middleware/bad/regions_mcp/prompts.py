from typing import Any

from fastmcp.prompts.prompt import Message, Prompt, PromptArgument, PromptMessage

from .topology import failover_target


class FailoverPrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[PromptMessage]:
        region = (arguments or {}).get("region", "")
        target = failover_target(region)
        return [Message(f"Write the failover runbook from {region} to {target}, with a rollback section.")]


def prompts() -> list[Prompt]:
    return [FailoverPrompt(name="region_failover", arguments=[PromptArgument(name="region", required=True)])]
