from fastmcp.prompts.prompt import Message, Prompt, PromptArgument

from .dates import day_of


class FillTimesheet(Prompt):
    async def render(self, arguments=None):
        arguments = arguments or {}
        person = arguments.get("person")
        if not person:
            raise ValueError("person is required")
        day = day_of(arguments)
        return [Message(f"Fill {person}'s timesheet for {day:%A %d %B %Y} from their calendar.")]


PROMPTS = [
    FillTimesheet(
        name="fill_timesheet",
        description="Fill a timesheet",
        arguments=[PromptArgument(name="person", required=True), PromptArgument(name="day", required=True)],
    )
]
