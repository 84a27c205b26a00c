from mcp import MCPError, types
from mcp.server import ServerRequestContext

from .commands import DNS_LABEL, kubectl_logs

DEBUG_POD = types.Prompt(
    name="debug_pod",
    description="Walk through debugging a crash-looping pod",
    arguments=[
        types.PromptArgument(name="pod", description="Pod name", required=True),
        types.PromptArgument(name="namespace", description="Namespace (default: default)", required=False),
    ],
)


async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult | types.ErrorData:
    if params.name != DEBUG_POD.name:
        return types.ErrorData(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
    args = params.arguments or {}
    pod = args.get("pod")
    if not pod:
        return types.ErrorData(code=types.INVALID_PARAMS, message="pod is required")
    namespace = args.get("namespace", "default")
    if not DNS_LABEL.fullmatch(namespace):
        raise MCPError(code=types.INVALID_PARAMS, message="namespace is not a valid DNS label")
    command, _ = kubectl_logs(pod, namespace)
    text = f"The pod {pod} is crash-looping. Start by running `{command}` and explain what the last restart shows."
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])


async def list_prompts(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=[DEBUG_POD])
