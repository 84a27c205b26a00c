from mcp import types

from .errors import bad_request

DIALECTS = ("postgres", "mysql", "sqlite")

EXPLAIN = types.Prompt(
    name="explain_query",
    arguments=[
        types.PromptArgument(name="query", required=True),
        types.PromptArgument(name="dialect", required=False),
    ],
)


def explain_query(arguments: dict[str, str]):
    query = arguments.get("query")
    if not query:
        return bad_request("query is required")
    dialect = arguments.get("dialect", "postgres")
    if dialect not in DIALECTS:
        return bad_request(f"dialect must be one of {DIALECTS}")
    text = f"Explain what this {dialect} query does and how to index for it:\n{query}"
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
