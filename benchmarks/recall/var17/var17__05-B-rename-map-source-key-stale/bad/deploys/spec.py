import mcp.types as types

ARGUMENTS = [
    types.PromptArgument(name="service", description="Service to deploy", required=True),
    types.PromptArgument(name="target_env", description="staging or production", required=True),
]

# wire name -> internal field name
RENAMES = {"service": "service", "env": "environment"}


def internal_fields(arguments: dict[str, str]) -> dict[str, str]:
    return {RENAMES[k]: v for k, v in arguments.items() if k in RENAMES}
