# expect-fail: (none)
"""Correct twin: the server is made and run inside main(), which the module runs as a script."""

from mcp.server.fastmcp import FastMCP


def main(name: str) -> None:
    mcp = FastMCP(name)

    @mcp.prompt()
    def greet(person: str) -> str:
        """Greet someone."""
        if not person.strip():
            raise ValueError("person must not be empty")
        return f"Say hello to {person}"

    mcp.run()


if __name__ == "__main__":
    main("gentests-main")
