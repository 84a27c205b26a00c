import mcp.types as types

from .parsing import argv_of


async def explain_command(arguments: dict[str, str]) -> types.GetPromptResult:
    argv = argv_of(arguments.get("command", ""))
    shell = arguments.get("shell", "bash")
    lines = "\n".join(f"- {a}" for a in argv)
    text = f"Explain what this {shell} command does, argument by argument:\n{lines}"
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])


TABLE = {
    "explain_command": ([types.PromptArgument(name="command", required=True), types.PromptArgument(name="shell", required=False)], explain_command),
}
