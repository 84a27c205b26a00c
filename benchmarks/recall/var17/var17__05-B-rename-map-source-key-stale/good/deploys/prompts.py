import mcp.types as types
from mcp import MCPError
from mcp.types import INVALID_PARAMS

from .spec import ARGUMENTS, internal_fields

ENVIRONMENTS = ("staging", "production")


def deploy_plan(arguments: dict[str, str]) -> types.GetPromptResult:
    fields = internal_fields(arguments)
    missing = [k for k in ("service", "environment") if not fields.get(k)]
    if missing:
        raise MCPError(code=INVALID_PARAMS, message=f"missing: {', '.join(missing)}")
    if fields["environment"] not in ENVIRONMENTS:
        raise MCPError(code=INVALID_PARAMS, message="environment must be staging or production")
    text = f"Plan a deploy of {fields['service']} to {fields['environment']}."
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])


HANDLERS = {"deploy_plan": (ARGUMENTS, deploy_plan)}
