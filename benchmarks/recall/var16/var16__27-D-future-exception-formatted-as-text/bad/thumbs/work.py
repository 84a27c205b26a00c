from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

POOL = ThreadPoolExecutor(max_workers=2)


def make_thumbnail(src: str) -> str:
    path = Path(src)
    if not path.is_file():
        raise FileNotFoundError(src)
    return str(path.with_suffix(".thumb.png"))


def run(src: str):
    return POOL.submit(make_thumbnail, src)
