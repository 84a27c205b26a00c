from fastmcp.prompts import Message, Prompt, PromptArgument

from .spec import CompareSpec


class ComparePrompt(Prompt):
    async def render(self, arguments=None):
        spec = CompareSpec(
            repo=(arguments or {}).get("repo", ""),
            base=(arguments or {}).get("base", ""),
            head=(arguments or {}).get("head", ""),
        )
        return [Message(f"Summarise what {spec.head} changes relative to {spec.base} in {spec.repo}.")]


def install(server) -> None:
    server.add_prompt(
        ComparePrompt(
            name="compare_branches",
            description="Summarise a branch comparison",
            arguments=[
                PromptArgument(name="repo", required=True),
                PromptArgument(name="base", required=True),
                PromptArgument(name="head", required=True),
            ],
        )
    )
