DEFAULTS = {
    "language": "en",
    # audience is required: no default
}


def with_defaults(arguments):
    args = dict(arguments or {})
    for key, value in DEFAULTS.items():
        args.setdefault(key, value)
    return args
