from mcp import McpError, types
from mcp.types import ErrorData, INVALID_PARAMS

from .csvrow import csv_line


class ImportPrompt:
    name = "import_contact"
    declaration = types.Prompt(name=name, arguments=[
        types.PromptArgument(name="email", required=True),
        types.PromptArgument(name="display_name", required=True),
    ])

    def render(self, args: dict[str, str]) -> types.GetPromptResult:
        email, display = args.get("email"), args.get("display_name")
        if not email or not display:
            raise McpError(ErrorData(code=INVALID_PARAMS, message="email and display_name are required"))
        row = csv_line(email, display)
        attachment = f"email,display_name\n{row}\n"
        text = f"Import the contact {display} from this CSV:\n{attachment}"
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
