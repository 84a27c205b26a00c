from mcp import MCPError, types


def _user(text: str) -> types.PromptMessage:
    return types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))


def latency_review(arguments: dict[str, str]) -> types.GetPromptResult:
    match arguments:
        case {"service": str(service), "window": str(window)}:
            pass
        case {"service": str(service)}:
            window = "1h"
        case _:
            service, window = "all services", "1h"
    return types.GetPromptResult(
        messages=[_user(f"Review the p50/p99 latency of {service} over the last {window} and list regressions.")]
    )


def error_budget(arguments: dict[str, str]) -> types.GetPromptResult:
    match arguments:
        case {"service": str(service)} if service.strip():
            return types.GetPromptResult(messages=[_user(f"Explain the error-budget burn of {service.strip()}.")])
        case _:
            raise MCPError(code=types.INVALID_PARAMS, message="service is required")


RENDERERS = {"latency_review": latency_review, "error_budget": error_budget}
