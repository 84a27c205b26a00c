"""The tool classes, filled in by the class decorator as their modules are imported."""

TOOL_TYPES = {}


def tool_type(name):
    def add(cls):
        TOOL_TYPES[name] = cls
        return cls
    return add
