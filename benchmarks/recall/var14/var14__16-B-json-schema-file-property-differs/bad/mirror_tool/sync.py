FOLDERS = {"docs": ["a.md", "img/logo.png", "img/raw/big.tif"]}


def sync_folder(arguments: dict) -> str:
    source = arguments["source"]
    if source not in FOLDERS:
        raise FileNotFoundError(f"no folder {source}")
    recurse = bool(arguments.get("recurse", False))
    files = [f for f in FOLDERS[source] if recurse or "/" not in f]
    return f"copied {len(files)} files: {', '.join(files)}"
