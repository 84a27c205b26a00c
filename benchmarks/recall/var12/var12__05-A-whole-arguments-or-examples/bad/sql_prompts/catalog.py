from mcp import types

PROMPTS = {
    "explain_plan": types.Prompt(
        name="explain_plan",
        description="Explain a query plan and suggest indexes",
        arguments=[
            types.PromptArgument(name="query", description="The SQL query to explain", required=True),
            types.PromptArgument(name="engine", description="postgres or mysql", required=False),
        ],
    ),
}

# Shown in the docs and used when previewing a prompt.
EXAMPLES = {
    "explain_plan": {"query": "SELECT * FROM orders WHERE customer_id = 42", "engine": "postgres"},
}
