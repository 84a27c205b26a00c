import json

from .toml_keys import bare_key


def snippet(args: dict[str, str]) -> str:
    setting = args["setting"]
    key = bare_key(setting)
    value = json.dumps(args["value"])
    return f"Add this to pyproject.toml under [tool.app]:\n\n{setting} = {value}\n"
