from fastmcp.prompts import Prompt, PromptArgument

from .windows import window_from


class BurnRatePrompt(Prompt):
    async def render(self, arguments=None):
        args = arguments or {}
        service = args.get("service") or ""
        if not service:
            raise ValueError("service is required")
        window = window_from(args.get("window"))
        return f"Explain the error-budget burn rate of {service} over the last {window.value}."


PROMPTS = [
    BurnRatePrompt(
        name="burn_rate",
        arguments=[PromptArgument(name="service", required=True), PromptArgument(name="window", required=True)],
    ),
]
