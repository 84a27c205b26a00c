from fastmcp.prompts.prompt import Message

from .payloads import Payload


def document_payload(endpoint: str, payload: str, audience: str = "API consumers") -> list:
    p = Payload(payload)
    example = p.raw
    return [Message(f"Document the {endpoint} request body for {audience}.\nExample:\n```json\n{example}\n```")]


def register(mcp) -> None:
    mcp.prompt(name="document_payload")(document_payload)
