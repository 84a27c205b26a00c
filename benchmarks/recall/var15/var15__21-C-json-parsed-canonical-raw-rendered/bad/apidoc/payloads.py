import json


class Payload:
    def __init__(self, raw: str):
        try:
            self.data = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise ValueError(f"payload is not valid JSON: {exc.msg}") from exc
        if not isinstance(self.data, dict):
            raise ValueError("payload must be a JSON object")
        self.raw = raw

    @property
    def canonical(self) -> str:
        return json.dumps(self.data, indent=2, sort_keys=True)
