from typing import Any

from .tenancy import tenant_schema


class InvoiceRepo:
    def __init__(self, pool: Any) -> None:
        self.pool = pool

    async def count(self, status: str) -> int:
        sql = f"SELECT count(*) FROM {tenant_schema()}.invoices WHERE status = $1"
        async with self.pool.acquire() as conn:
            return await conn.fetchval(sql, status)
