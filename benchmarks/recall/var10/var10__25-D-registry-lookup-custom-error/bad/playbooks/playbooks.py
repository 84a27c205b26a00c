from collections.abc import Mapping

import mcp.types as types

from .registry import REGISTRY, need


def rollback(args: Mapping[str, str]) -> str:
    service = need(args, "service")
    version = need(args, "version")
    return f"Write a rollback plan for {service} back to {version}, with verification steps."


REGISTRY.add(
    types.Prompt(
        name="rollback_plan",
        description="Rollback plan for a service",
        arguments=[
            types.PromptArgument(name="service", description="Service to roll back", required=True),
            types.PromptArgument(name="version", description="Version to return to", required=True),
        ],
    ),
    rollback,
)
