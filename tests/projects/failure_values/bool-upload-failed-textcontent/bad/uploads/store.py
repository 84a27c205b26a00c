import logging
from pathlib import Path

log = logging.getLogger(__name__)


class Bucket:
    def __init__(self, root: Path):
        self.root = root

    async def upload(self, key: str, data: bytes) -> bool:
        try:
            (self.root / key).write_bytes(data)
        except OSError as exc:
            log.error("upload %s: %s", key, exc)
            return False
        return True
