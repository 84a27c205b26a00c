def display_name(arguments: dict) -> str:
    name = arguments.get("display_name")
    if name is None:
        return arguments.get("email", "").split("@")[0]  # error: MCP101
    return name.strip()
