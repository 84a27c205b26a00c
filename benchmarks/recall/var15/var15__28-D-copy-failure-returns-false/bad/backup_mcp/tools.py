import logging
import os
from pathlib import Path

from .app import mcp
from .storage import Vault

log = logging.getLogger(__name__)
VAULT = Vault(Path(os.environ.get("BACKUP_ROOT", "/var/backups/app")))


@mcp.tool()
def backup_file(path: str, verify: bool = True) -> bool:
    src = Path(path)
    if not src.is_file():
        raise ValueError(f"no such file: {path}")
    try:
        dest = VAULT.store(src)
    except OSError as exc:
        log.warning("backup of %s failed: %s", path, exc)
        return False
    if verify and dest.stat().st_size != src.stat().st_size:
        raise RuntimeError("size mismatch after copy")
    return True
