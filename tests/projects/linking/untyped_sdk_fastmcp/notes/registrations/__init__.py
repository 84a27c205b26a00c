from .prompts import register_prompts
from .tools import register_tools

__all__ = ["register_prompts", "register_tools"]
