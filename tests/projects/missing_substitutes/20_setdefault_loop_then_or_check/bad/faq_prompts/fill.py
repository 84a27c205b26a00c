DEFAULTS = {
    "language": "en",
    "audience": "customers",
}


def with_defaults(arguments):
    args = dict(arguments or {})
    for key, value in DEFAULTS.items():
        args.setdefault(key, value)  # error: MCP101
    return args
