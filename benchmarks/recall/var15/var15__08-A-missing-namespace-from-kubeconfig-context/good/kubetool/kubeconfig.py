import os
import re
from pathlib import Path


def current_namespace() -> str:
    cfg = Path(os.environ.get("KUBECONFIG", "~/.kube/config")).expanduser()
    m = re.search(r"namespace:\s*(\S+)", cfg.read_text()) if cfg.exists() else None
    return m.group(1) if m else "default"
