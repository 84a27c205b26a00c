import json


def resolve(doc: dict, pointer: str):
    node = doc
    for part in pointer.strip("/").split("/"):
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def load(raw: str) -> dict:
    return json.loads(raw)
