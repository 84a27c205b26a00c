class PipelineClient:
    def __init__(self, base: str = "https://ci.internal") -> None:
        self.base = base

    def _url(self, project: str, ref: str) -> str:  # error: MCP103
        return f"{self.base}/{project}/pipelines"

    def latest(self, project: str, ref: str) -> str:
        return self._url(project, ref)
