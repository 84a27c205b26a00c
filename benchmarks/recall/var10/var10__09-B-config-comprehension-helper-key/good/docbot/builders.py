from collections.abc import Mapping

from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData


def _source(arguments: Mapping[str, str]) -> str:
    url = arguments.get("doc_url", "").strip()
    if not url.startswith(("https://", "http://")):
        raise McpError(ErrorData(code=INVALID_PARAMS, message="doc_url must be an http(s) URL"))
    return url


def build_summary_prompt(arguments: Mapping[str, str]) -> str:
    source = _source(arguments)

    style = arguments.get("style") or "bullet"
    return f"Summarise the document at {source} as {style} points."


BUILDERS = {"summarize_doc": build_summary_prompt}
