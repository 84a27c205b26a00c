from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

# Which "<kind>_url" argument each prompt takes.
LINK_KIND = {
    "triage_issue": "issue",
    "review_pr": "pr",
}


def link_argument(prompt_name: str, arguments: dict[str, str]) -> str:
    key = f"{LINK_KIND[prompt_name]}_url"
    url = arguments.get(key, "").strip()
    if not url.startswith("https://"):
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"{key} must be an https:// URL"))
    return url
