from dataclasses import dataclass

from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData


@dataclass(frozen=True)
class Region:
    code: str
    label: str
    oncall: str


REGIONS = (
    Region("eu-west-1", "Ireland", "#ops-eu"),
    Region("us-east-1", "N. Virginia", "#ops-us"),
    Region("ap-south-1", "Mumbai", "#ops-apac"),
)


def pick_region(code: str | None) -> Region:
    return next((r for r in REGIONS if r.code == code), REGIONS[0])


def require_text(arguments: dict[str, str], key: str) -> str:
    value = arguments.get(key, "").strip()
    if not value:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"{key} is required"))
    return value
