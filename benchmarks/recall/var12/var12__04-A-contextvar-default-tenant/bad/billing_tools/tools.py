from typing import Any

from mcp import types

from .repo import InvoiceRepo
from .tenancy import TENANT_SCHEMAS, current_tenant

STATUSES = ("open", "paid", "void")

COUNT_INVOICES = types.Tool(
    name="count_invoices",
    description="Count a tenant's invoices by status",
    input_schema={
        "type": "object",
        "properties": {
            "tenant": {"type": "string", "description": "Tenant id"},
            "status": {"type": "string", "enum": list(STATUSES), "default": "open"},
        },
        "required": ["tenant"],
    },
)


def error_result(text: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=True)


async def count_invoices(repo: InvoiceRepo, args: dict[str, Any]) -> types.CallToolResult:
    status = args.get("status", "open")
    if status not in STATUSES:
        return error_result(f"status must be one of {', '.join(STATUSES)}")
    tenant = args.get("tenant")
    if tenant is not None:
        if tenant not in TENANT_SCHEMAS:
            return error_result(f"unknown tenant: {tenant}")
        current_tenant.set(tenant)
    total = await repo.count(status)
    return types.CallToolResult(content=[types.TextContent(type="text", text=f"{total} {status} invoices")])
