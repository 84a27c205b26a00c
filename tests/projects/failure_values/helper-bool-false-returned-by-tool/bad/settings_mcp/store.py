import json
import logging
from pathlib import Path

log = logging.getLogger(__name__)


class SettingsFile:
    def __init__(self, path: Path):
        self.path = path

    def put(self, key: str, value: str) -> bool:
        try:
            data = json.loads(self.path.read_text()) if self.path.exists() else {}
            data[key] = value
            self.path.write_text(json.dumps(data, indent=2))
        except (OSError, json.JSONDecodeError) as exc:
            log.error("could not write %s: %s", self.path, exc)
            return False
        return True
