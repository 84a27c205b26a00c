import glob
import os
import tempfile
from pathlib import Path

ROOT = Path(os.environ.get("REPORTS_DIR", tempfile.gettempdir())) / "reports"


def matching(prefix: str) -> list[Path]:
    safe = glob.escape(prefix)
    return sorted(ROOT.glob(f"{safe}*.pdf"))
