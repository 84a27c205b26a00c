def display_name(arguments: dict) -> str:
    name = arguments.get("display_name")
    if name is None:
        raise KeyError("display_name")
    return name.strip()
