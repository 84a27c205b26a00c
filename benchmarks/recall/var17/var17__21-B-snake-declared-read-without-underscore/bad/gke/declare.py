import mcp.types as types

FIELDS = (("cluster", "GKE cluster"), ("node_pool", "Node pool to resize"), ("target_size", "Desired node count"))

RESIZE = types.Prompt(
    name="resize_plan",
    arguments=[types.PromptArgument(name=n, description=d, required=True) for n, d in FIELDS],
)
