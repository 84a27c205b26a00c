from fastmcp import FastMCP
from fastmcp.exceptions import PromptError

from .catalog import LanguageCatalog


class TutorPrompts:
    def __init__(self, catalog: LanguageCatalog) -> None:
        self.catalog = catalog

    def explain(self, snippet: str, language: str) -> str:
        canonical = self.catalog.canonical(language)
        if canonical is None:
            raise PromptError(f"unsupported language: {language}")
        return f"Explain this {language} code line by line:\n\n{snippet}"

    def attach(self, mcp: FastMCP) -> None:
        mcp.prompt(self.explain, name="explain_code")
