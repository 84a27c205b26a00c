"""Prompt catalogue for the incident assistant."""
from dataclasses import dataclass, field

from mcp import types


@dataclass(frozen=True)
class ArgSpec:
    name: str
    description: str
    required: bool = False


@dataclass(frozen=True)
class PromptSpec:
    name: str
    description: str
    args: tuple[ArgSpec, ...] = field(default_factory=tuple)

    def to_prompt(self) -> types.Prompt:
        return types.Prompt(
            name=self.name,
            description=self.description,
            arguments=[
                types.PromptArgument(name=a.name, description=a.description, required=a.required)
                for a in self.args
            ],
        )


POSTMORTEM = PromptSpec(
    "postmortem",
    "Draft a blameless postmortem",
    (
        ArgSpec("service", "Affected service", required=True),
        ArgSpec("severity", "SEV level, SEV3 when omitted"),
    ),
)

SPECS = {spec.name: spec for spec in (POSTMORTEM,)}
