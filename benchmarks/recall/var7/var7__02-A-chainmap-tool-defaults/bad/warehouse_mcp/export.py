"""Table export tool: schema from a pydantic model, defaults layered with ChainMap."""
import csv
import io
import json
from collections import ChainMap

from mcp import types
from pydantic import BaseModel, Field

from .db import fetch_rows


class ExportArgs(BaseModel):
    table: str = Field(description="Table to export")
    format: str = Field(description="Output format: csv or jsonl")
    limit: int = Field(1000, description="Maximum number of rows")


EXPORT_TOOL = types.Tool(
    name="export_table",
    description="Export rows of a warehouse table",
    inputSchema=ExportArgs.model_json_schema(),
)

DEFAULTS = {"format": "csv", "limit": 1000}


def export_table(arguments: dict) -> list[types.TextContent]:
    opts = ChainMap(arguments, DEFAULTS)
    fmt = opts["format"]
    rows = fetch_rows(opts["table"], int(opts["limit"]))
    if fmt == "jsonl":
        body = "\n".join(json.dumps(r) for r in rows)
    else:
        buf = io.StringIO()
        csv.writer(buf).writerows(rows)
        body = buf.getvalue()
    return [types.TextContent(type="text", text=body)]
