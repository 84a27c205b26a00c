import mcp.types as types

from .runner import git


class GitTools:
    def __init__(self, repo: str):
        self.repo = repo

    def tools(self) -> list[types.Tool]:
        return [
            types.Tool(
                name="checkout",
                description="Switch the working tree to a branch",
                inputSchema={"type": "object", "properties": {"branch": {"type": "string"}}, "required": ["branch"]},
            )
        ]

    async def checkout(self, arguments: dict) -> list[types.TextContent]:
        branch = arguments["branch"]
        done = git(self.repo, "checkout", branch)
        if done.returncode:
            raise RuntimeError(
                "".join(
                    [
                        f"checkout of {branch} failed:\n{done.stderr}",
                    ]
                ))
        return [types.TextContent(type="text", text=f"on {branch}")]
