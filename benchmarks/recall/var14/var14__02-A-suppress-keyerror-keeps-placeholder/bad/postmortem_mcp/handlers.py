from contextlib import suppress

import mcp.types as types
from mcp import MCPError
from mcp.server import ServerRequestContext

DECLARED = [
    types.Prompt(
        name="postmortem_draft",
        description="Draft a blameless postmortem for an incident ticket",
        arguments=[
            types.PromptArgument(name="ticket", description="incident ticket id, e.g. INC-4812", required=True),
            types.PromptArgument(name="summary", description="one-line summary", required=True),
            types.PromptArgument(name="audience", description="who reads it", required=False),
        ],
    )
]


class PostmortemHandlers:
    def __init__(self, template_dir: str) -> None:
        self.template_dir = template_dir

    async def list_prompts(self, ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=DECLARED)

    async def get_prompt(self, ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        if params.name != "postmortem_draft":
            raise MCPError(code=types.INVALID_PARAMS, message=f"unknown prompt {params.name!r}")
        args = params.arguments or {}
        ticket = "INC-0000"
        with suppress(KeyError):
            ticket = args["ticket"]
        summary = args.get("summary")
        if not summary:
            raise MCPError(code=types.INVALID_PARAMS, message="summary is required")
        audience = args.get("audience", "engineering")
        text = f"Draft a blameless postmortem for {ticket} ({summary}) written for {audience}."
        return types.GetPromptResult(
            messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
        )
