from enum import Enum
from typing import Any

from fastmcp.exceptions import ValidationError
from fastmcp.prompts import Message, Prompt, PromptArgument


class Env(str, Enum):
    STAGING = "staging"
    PRODUCTION = "production"


class DeployChecklistPrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[Message]:
        args = dict(arguments or {})
        if not args.get("environment"):
            raise ValidationError("environment is required")
        try:
            env = Env(args["environment"])
        except ValueError as exc:
            raise ValidationError(f"environment must be one of {[e.value for e in Env]}") from exc
        service = args.get("service", "")
        if not service:
            raise ValidationError("service is required")
        return [
            Message(f"Produce a deploy checklist for {service} going to {env.value}."),
            Message("Include rollback steps.", role="assistant"),
        ]


REGISTRY: dict[str, Prompt] = {
    "deploy_checklist": DeployChecklistPrompt(
        name="deploy_checklist",
        description="Checklist before deploying",
        arguments=[
            PromptArgument(name="service", description="Service to deploy", required=True),
            PromptArgument(name="environment", description="staging or production", required=True),
        ],
    ),
}
