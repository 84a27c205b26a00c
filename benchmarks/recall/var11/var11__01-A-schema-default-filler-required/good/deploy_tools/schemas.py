import mcp.types as types

DEPLOY_SCHEMA = {
    "type": "object",
    "properties": {
        "service": {"type": "string", "description": "Service to deploy"},
        "ref": {"type": "string", "description": "Git ref to deploy", "default": "main"},
        "replicas": {"type": "integer", "description": "Number of replicas", "default": 2},
    },
    "required": ["service", "ref"],
}

TOOLS = [
    types.Tool(name="deploy", description="Deploy a service at a git ref", inputSchema=DEPLOY_SCHEMA),
]
SCHEMAS = {tool.name: tool.inputSchema for tool in TOOLS}
