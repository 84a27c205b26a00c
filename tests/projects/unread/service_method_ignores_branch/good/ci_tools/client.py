class PipelineClient:
    def __init__(self, base: str = "https://ci.internal") -> None:
        self.base = base

    def _url(self, project: str, ref: str) -> str:
        return f"{self.base}/{project}/pipelines?ref={ref}"

    def latest(self, project: str, ref: str) -> str:
        return self._url(project, ref)
