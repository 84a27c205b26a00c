from fastmcp import FastMCP

from .catalog import LanguageCatalog
from .prompts import TutorPrompts

mcp = FastMCP("tutor")
TutorPrompts(LanguageCatalog()).attach(mcp)
