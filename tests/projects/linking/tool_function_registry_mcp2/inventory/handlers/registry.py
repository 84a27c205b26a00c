"""Tool functions by name, filled in by the decorator."""

HANDLERS = {}


def handles(name):
    def add(fn):
        HANDLERS[name] = fn
        return fn
    return add
