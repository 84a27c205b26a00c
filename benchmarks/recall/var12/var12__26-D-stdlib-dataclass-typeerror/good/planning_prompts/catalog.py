from mcp import types

PLAN = types.Prompt(
    name="project_plan",
    description="Break a goal into milestones",
    arguments=[
        types.PromptArgument(name="goal", description="What should be true at the end", required=True),
        types.PromptArgument(name="horizon", description="Time available, e.g. '6 weeks'", required=True),
        types.PromptArgument(name="constraints", description="Budget, people, dependencies", required=False),
    ],
)
DECLARED = {a.name for a in PLAN.arguments or []}
