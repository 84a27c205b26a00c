from fastmcp.prompts.prompt import Message, Prompt, PromptArgument

from .validate import parse_growth


class ForecastPrompt(Prompt):
    async def render(self, arguments=None):
        args = arguments or {}
        service = args.get("service")
        if not service:
            raise ValueError("service is required")
        growth = parse_growth(args.get("growth", "0"))
        return [Message(f"Forecast capacity for {service} at {growth:.0f}% monthly growth.")]


FORECAST = ForecastPrompt(
    name="capacity_forecast",
    arguments=[PromptArgument(name="service", required=True), PromptArgument(name="growth", required=False)],
)
