from mcp import types

MIGRATION_REVIEW = types.Prompt(
    name="migration_review",
    description="Review a database migration before it ships",
    arguments=[
        types.PromptArgument(name="migration_sql", description="The migration script", required=True),
        types.PromptArgument(name="table_rows", description="Approximate row count of the largest table touched", required=False),
    ],
)
