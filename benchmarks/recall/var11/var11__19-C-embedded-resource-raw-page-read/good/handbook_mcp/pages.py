from pathlib import Path

DOCS_DIR = Path(__file__).parent / "pages"


def resolve_page(name: str) -> Path:
    """Map a page name ('Leave Policy', 'leave-policy') to its markdown file inside DOCS_DIR."""
    slug = "-".join(name.lower().split())
    path = (DOCS_DIR / f"{slug}.md").resolve()
    if path.parent != DOCS_DIR.resolve() or not path.is_file():
        raise ValueError(f"unknown handbook page: {name}")
    return path
