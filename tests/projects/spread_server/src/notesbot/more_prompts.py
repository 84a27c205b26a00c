from fastmcp import FastMCP


def register_prompts(server: FastMCP) -> None:
    @server.prompt()
    def translate(text: str, language: str) -> str:
        language = language or "English"
        return f"Translate {text} into {language}"
