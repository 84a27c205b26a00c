from .client import PipelineClient


def attach(mcp) -> None:
    client = PipelineClient()

    @mcp.tool(name="latest_pipeline")
    async def latest_pipeline(project: str, branch: str = "main") -> str:
        return client.latest(project, branch)
