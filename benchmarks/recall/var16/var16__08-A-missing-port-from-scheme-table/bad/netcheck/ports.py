WELL_KNOWN = {"http": 80, "https": 443, "ssh": 22}


def port_for(arguments: dict) -> int:
    raw = arguments.get("port")
    if raw is None:
        return WELL_KNOWN.get(arguments.get("scheme", "https"), 443)
    return int(raw)
