from fastmcp import FastMCP

from .prompts import TRANSLATE_ARGS, TranslatePrompt


class L10nServer:
    def __init__(self, name: str = "l10n") -> None:
        self.mcp = FastMCP(name)
        self.mcp.add_prompt(
            TranslatePrompt(name="translate_ui", description="Translate a UI string", arguments=TRANSLATE_ARGS)
        )


server = L10nServer()
mcp = server.mcp
