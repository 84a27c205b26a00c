from fastmcp import FastMCP

from .locales import language_of


def register_prompts(mcp: FastMCP) -> None:
    @mcp.prompt
    def translate_strings(strings: str, locale: str, glossary: str = "") -> str:
        """Translate UI strings, one per line."""
        language = language_of(locale)
        note = f"\nAlways use this glossary:\n{glossary}" if glossary else ""
        return f"Translate each UI string below into {language}. Keep placeholders like {{name}} unchanged.{note}\n\n{strings}"
