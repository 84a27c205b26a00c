from fastmcp import FastMCP
from fastmcp.exceptions import ValidationError

from .kinds import EXT, family_of


class UploadPrompts:
    def __init__(self, mcp: FastMCP) -> None:
        mcp.prompt(name="review_upload")(self.review_upload)

    def review_upload(self, filename: str) -> str:
        if not EXT.fullmatch(filename):
            raise ValidationError(f"{filename!r} has no extension")
        return f"Review the uploaded {family_of(filename)} file {filename}."


def build() -> FastMCP:
    mcp = FastMCP("uploads")
    UploadPrompts(mcp)
    return mcp
