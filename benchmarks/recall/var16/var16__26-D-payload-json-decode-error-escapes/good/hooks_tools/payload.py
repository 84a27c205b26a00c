import json


def load_payload(args: dict) -> dict:
    return json.loads(args["payload"])
