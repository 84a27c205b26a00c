from mcp import types

SCALE = types.Tool(
    name="scale_deployment",
    description="Scale a Kubernetes deployment",
    input_schema={
        "type": "object",
        "properties": {
            "name": {"type": "string", "description": "Deployment name"},
            "namespace": {"type": "string", "description": "Namespace of the deployment"},
            "replicas": {"type": "integer", "minimum": 0},
            "dry_run": {"type": "boolean", "description": "Validate only"},
        },
        "required": ["name", "namespace", "replicas"],
    },
)
TOOLS = {SCALE.name: SCALE}
