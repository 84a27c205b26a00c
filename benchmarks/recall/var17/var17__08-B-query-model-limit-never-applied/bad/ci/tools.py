from fastmcp.exceptions import ToolError

from .queries import RunQuery


def register_tools(server) -> None:
    @server.tool
    def list_runs(workflow: str, status: str | None = None, limit: int = 20) -> list[dict]:
        if not workflow.strip():
            raise ToolError("workflow must not be empty")
        return RunQuery(workflow=workflow, status=status, limit=limit).execute()
