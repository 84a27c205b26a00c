import json
from typing import Any

from fastmcp.exceptions import ValidationError
from fastmcp.prompts import Message, Prompt, PromptArgument

from .schemas import parse_schema


class ExtractPrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[Message]:
        args = arguments or {}
        document = args.get("document", "")
        if not document:
            raise ValidationError("document is required")
        schema = parse_schema(args.get("schema"))
        fields = ", ".join(schema.get("properties", {})) or "any fields"
        return [Message(f"Extract {fields} from the document as JSON matching:\n{json.dumps(schema, indent=2)}\n\n{document}")]
