import mimetypes
import re

EXT = re.compile(r"[\w-]+\.(\w{1,8})")


def family_of(filename: str) -> str:
    found = EXT.fullmatch(filename)
    extension = found.group(1)
    guessed, _ = mimetypes.guess_type(f"x.{extension}")
    return (guessed or "application/octet-stream").split("/")[0]
