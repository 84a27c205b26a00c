from pathlib import Path

ROOT = Path("/srv/share").resolve()


def read_file(relpath: str) -> str:
    """Read a text file under the share root."""
    target = (ROOT / relpath).resolve()
    return target.read_text(encoding="utf-8")


def list_dir(relpath: str = ".") -> list[str]:
    """List a folder under the share root."""
    target = (ROOT / relpath).resolve()
    if not target.is_relative_to(ROOT):
        raise ValueError(f"{relpath} is outside the share")
    return sorted(p.name for p in target.iterdir())
