import json

from fastmcp.exceptions import ValidationError

from .pointer import load, resolve


class ConfigPrompts:
    def __init__(self, mcp) -> None:
        mcp.prompt(name="explain_setting")(self.explain_setting)

    def explain_setting(self, config_json: str, pointer: str) -> str:
        try:
            doc = load(config_json)
        except json.JSONDecodeError as exc:
            raise ValidationError(f"config_json is not JSON: {exc}") from exc
        try:
            value = resolve(doc, pointer)
        except (KeyError, IndexError, ValueError, TypeError) as exc:
            raise ValidationError(f"pointer {pointer!r} does not resolve") from exc
        return f"Explain the setting {pointer} = {json.dumps(value)} in this config."
