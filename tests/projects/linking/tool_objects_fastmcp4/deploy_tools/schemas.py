"""Schemas of the tools, written apart from the classes that serve them."""


def object_schema(required: list[str], optional: list[str] = ()) -> dict:
    names = [*required, *optional]
    return {"type": "object", "properties": {name: {"type": "string"} for name in names}, "required": list(required)}


RESTART = object_schema(["deployment", "namespace"], ["reason"])
SCALE = {
    "type": "object",
    "properties": {"deployment": {"type": "string"}, "replicas": {"type": "integer"}},
    "required": ["deployment", "replicas"],
}
