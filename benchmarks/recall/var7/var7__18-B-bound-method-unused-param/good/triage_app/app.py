from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.prompts.base import AssistantMessage, Message, UserMessage


class TriageApp:
    def __init__(self) -> None:
        self.mcp = FastMCP("triage")
        self.mcp.prompt(name="triage_error", description="Triage a production error")(self.triage_error)

    def triage_error(
        self,
        stacktrace: str,
        service: str,
        environment: str = "production",
    ) -> list[Message]:
        return [
            UserMessage(f"Triage this {environment} error in {service}:\n\n{stacktrace}"),
            AssistantMessage("I will start from the innermost failing frame."),
        ]

    def run(self) -> None:
        self.mcp.run()


if __name__ == "__main__":
    TriageApp().run()
