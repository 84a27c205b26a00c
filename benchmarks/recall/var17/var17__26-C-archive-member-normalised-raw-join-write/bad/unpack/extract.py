import os
import zipfile

from .members import safe_member

DEST = "/srv/unpacked"


def extract_one(archive: str, member: str) -> str:
    clean = safe_member(member)
    target = os.path.join(DEST, member)
    with zipfile.ZipFile(archive) as zf, zf.open(member) as src:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as dst:
            dst.write(src.read())
    return target
