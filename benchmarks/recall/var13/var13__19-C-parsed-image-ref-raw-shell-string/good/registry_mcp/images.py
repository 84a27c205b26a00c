import re
from dataclasses import dataclass

from mcp.server.fastmcp.exceptions import ToolError

REF = re.compile(r"(?P<repo>[a-z0-9]+(?:[._/-][a-z0-9]+)*)(?::(?P<tag>[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}))?")
TRUSTED = ("registry.example.com/", "ghcr.io/acme/")


@dataclass(frozen=True)
class ImageRef:
    repo: str
    tag: str

    def __str__(self) -> str:
        return f"{self.repo}:{self.tag}"


def parse_image(ref: str) -> ImageRef:
    m = REF.match(ref.strip())
    if m is None or not m.group("repo").startswith(TRUSTED):
        raise ToolError(f"{ref!r} is not an image from a trusted registry")
    return ImageRef(m.group("repo"), m.group("tag") or "latest")
