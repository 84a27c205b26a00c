from pathlib import Path


def collect_files(root: Path, include_hidden: bool = False, include_tests: bool = True) -> list[Path]:
    """Source files under root, optionally skipping dot-files and test modules."""
    found = []
    for path in sorted(root.rglob("*.py")):
        if not include_hidden and any(part.startswith(".") for part in path.parts):
            continue
        if not include_tests and (path.name.startswith("test_") or "tests" in path.parts):
            continue
        found.append(path)
    return found


def list_modules(root: Path) -> set[str]:
    return {p.name for p in root.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
