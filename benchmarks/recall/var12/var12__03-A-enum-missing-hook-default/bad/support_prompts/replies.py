from mcp import MCPError, types

from .tone import Tone

DRAFT_REPLY = types.Prompt(
    name="draft_reply",
    description="Draft a reply to a customer complaint",
    arguments=[
        types.PromptArgument(name="complaint", description="The customer's message", required=True),
        types.PromptArgument(name="tone", description="formal, casual or neutral", required=True),
        types.PromptArgument(name="signature", description="Name to sign with", required=False),
    ],
)


def draft_reply(args: dict[str, str]) -> str:
    complaint = args.get("complaint", "").strip()
    if not complaint:
        raise MCPError(code=types.INVALID_PARAMS, message="complaint is required")
    try:
        tone = Tone(args.get("tone"))
    except ValueError:
        raise MCPError(code=types.INVALID_PARAMS, message="tone must be formal, casual or neutral") from None
    signature = args.get("signature") or "The Support Team"
    return f"Reply in a {tone.value} tone and sign as {signature}.\n\nCustomer wrote:\n{complaint}"


RENDERERS = {DRAFT_REPLY.name: (DRAFT_REPLY, draft_reply)}
