from mcp.types import PromptArgument

from .errors import require
from .registry import registry


@registry.prompt(
    "security_review",
    "Review a diff for security problems",
    PromptArgument(name="diff", description="Unified diff to review", required=True),
    PromptArgument(name="threat_model", description="Threat model to review against", required=True),
    PromptArgument(name="depth", description="quick or thorough", required=False),
)
def security_review(
    diff: str = "",
    depth: str = "quick",
    threat_model: str = "",
) -> str:
    diff = require("diff", diff)
    threat_model = require("threat_model", threat_model)
    return f"Do a {depth} security review of this diff against {threat_model}:\n\n{diff}"
