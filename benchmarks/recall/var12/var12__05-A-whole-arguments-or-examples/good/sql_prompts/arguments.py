from mcp import MCPError, types

from .catalog import EXAMPLES, PROMPTS


def resolve_arguments(params: types.GetPromptRequestParams) -> dict[str, str]:
    args = params.arguments or {}
    declared = PROMPTS[params.name].arguments or []
    missing = [a.name for a in declared if a.required and not args.get(a.name)]
    if missing:
        raise MCPError(code=types.INVALID_PARAMS, message=f"missing required arguments: {', '.join(missing)}")
    return args
