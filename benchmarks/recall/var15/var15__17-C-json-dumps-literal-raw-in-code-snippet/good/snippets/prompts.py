from mcp import types
from mcp.shared.exceptions import McpError

from .literals import FlagSnippet

ROLLOUT = types.Prompt(
    name="flag_rollout",
    arguments=[
        types.PromptArgument(name="flag", required=True),
        types.PromptArgument(name="variant", required=True),
    ],
)


def flag_rollout(arguments: dict[str, str]) -> types.GetPromptResult:
    missing = [a.name for a in ROLLOUT.arguments if a.required and a.name not in arguments]
    if missing:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"missing {missing}"))
    snippet = FlagSnippet(arguments["flag"], arguments["variant"])
    text = "Explain this rollout snippet and suggest tests:\n```js\n" + snippet.code() + "\n```"
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
