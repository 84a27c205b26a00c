from contextvars import ContextVar

TENANT_SCHEMAS = {"public": "t_public", "acme": "t_acme", "globex": "t_globex"}

current_tenant: ContextVar[str] = ContextVar("current_tenant", default="public")


def tenant_schema() -> str:
    return TENANT_SCHEMAS[current_tenant.get()]
