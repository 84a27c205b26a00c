from mcp import types

from .guards import invalid_params

BLEND = types.Prompt(name="blend", arguments=[
    types.PromptArgument(name="base", required=True),
    types.PromptArgument(name="ratio", required=True),
])


def blend_text(args: dict[str, str]) -> str:
    with invalid_params(KeyError, ValueError):
        base = args["base"]
        ratio = float(args["ratio"])
    return f"Suggest a blend of {base} at {ratio:.0%} strength."
