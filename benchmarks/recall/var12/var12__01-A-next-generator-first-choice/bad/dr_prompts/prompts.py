import mcp.types as types

from .regions import pick_region, require_text

FAILOVER = types.Prompt(
    name="failover_drill",
    description="Plan a regional failover drill",
    arguments=[
        types.PromptArgument(name="region", description="Region to fail over, e.g. us-east-1", required=True),
        types.PromptArgument(name="owner", description="Engineer running the drill", required=True),
        types.PromptArgument(name="window", description="Maintenance window, e.g. 'Sat 02:00-04:00 UTC'", required=False),
    ],
)


def failover_drill(arguments: dict[str, str]) -> str:
    region = pick_region(arguments.get("region"))
    owner = require_text(arguments, "owner")
    window = arguments.get("window", "the next maintenance window")
    return (
        f"{owner} runs a failover drill for {region.label} ({region.code}) during {window}.\n"
        f"Write the announcement for {region.oncall} and list the rollback steps."
    )


REGISTRY = {FAILOVER.name: (FAILOVER, failover_drill)}
