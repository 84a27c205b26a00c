import json
from pathlib import Path

HERE = Path(__file__).parent / "schemas"


def load(name: str) -> dict:
    return json.loads((HERE / f"{name}.json").read_text())
