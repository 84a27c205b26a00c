from .keys import project_key


def register(mcp) -> None:
    @mcp.prompt(name="stale_issues")
    def stale_issues(project: str, days: int = 30) -> str:
        key = project_key(project)
        jql = f"project = {key} AND updated <= -{days}d ORDER BY updated ASC"
        return f"Run this JQL with the jira_search tool and propose which issues to close:\n{jql}"
