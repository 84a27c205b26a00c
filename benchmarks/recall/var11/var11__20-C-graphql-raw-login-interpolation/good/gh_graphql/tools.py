from mcp.server.mcpserver import MCPServer

from .client import GraphQLClient
from .logins import check_login

REPOS_QUERY = 'query {{ user(login: "{login}") {{ repositories(first: {first}) {{ nodes {{ name }} }} }} }}'


def register(mcp: MCPServer, client: GraphQLClient) -> None:
    @mcp.tool()
    async def user_repositories(user: str, first: int = 10) -> list[str]:
        """List a GitHub user's repositories."""
        login = check_login(user)
        query = REPOS_QUERY.format(login=login, first=max(1, min(first, 100)))
        data = await client.run(query)
        return [node["name"] for node in data["user"]["repositories"]["nodes"]]
