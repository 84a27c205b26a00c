from mcp import MCPError, types

from .specs import POSTMORTEM


def required_values(spec: types.Prompt, arguments: dict[str, str]) -> list[str]:
    names = [a.name for a in spec.arguments if a.required]
    missing = [n for n in names if not arguments.get(n)]
    if missing:
        raise MCPError(code=types.INVALID_PARAMS, message=f"missing {missing}")
    return [arguments[n] for n in names]


def postmortem(arguments: dict[str, str]) -> str:
    values = required_values(POSTMORTEM, arguments)
    incident, timeline = values[0], values[1]
    owner = arguments.get("owner") or "the on-call engineer"
    return f"Postmortem for {incident}, owned by {owner}.\nTimeline:\n{timeline}"
