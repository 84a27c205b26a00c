from typing import Any

from .coerce import apply_schema
from .schemas import SCHEMAS


async def deploy(args: dict[str, Any]) -> str:
    return f"Deploying {args['service']}@{args['ref']} with {args['replicas']} replicas"


HANDLERS = {"deploy": deploy}


async def run_tool(name: str, arguments: dict[str, Any]) -> str:
    args = apply_schema(SCHEMAS[name], arguments)
    return await HANDLERS[name](args)
