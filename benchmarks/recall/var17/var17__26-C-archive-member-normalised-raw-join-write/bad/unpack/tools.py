from .extract import extract_one


class UnpackTools:
    def install(self, mcp) -> None:
        mcp.tool(self.extract_member, name="extract_member")

    def extract_member(self, archive: str, member: str) -> str:
        return f"wrote {extract_one(archive, member)}"
