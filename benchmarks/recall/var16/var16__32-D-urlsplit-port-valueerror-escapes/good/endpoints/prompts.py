from .urls import host_port


class EndpointPrompts:
    def __init__(self, mcp) -> None:
        mcp.prompt(self.diagnose, name="diagnose_endpoint")

    def diagnose(self, url: str, symptom: str = "timeouts") -> str:
        host, port = host_port(url)
        return f"Diagnose {symptom} when calling {host} on port {port}."
