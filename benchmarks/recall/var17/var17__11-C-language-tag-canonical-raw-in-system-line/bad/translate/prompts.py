from fastmcp.prompts import Message

from .langs import canonical_tag


def register(mcp) -> None:
    @mcp.prompt
    def translate(text: str, target: str, formal: bool = False) -> list[Message]:
        tag = canonical_tag(target)
        register_note = "formal" if formal else "neutral"
        return [
            Message(f"You translate into {target} using a {register_note} register.", role="assistant"),
            Message(text),
        ]
