import httpx
from fastmcp.exceptions import ToolError

from .registries import REGISTRIES, canonical_name


class PackageTools:
    def __init__(self, http: httpx.AsyncClient | None = None) -> None:
        self.http = http or httpx.AsyncClient(timeout=10)

    async def latest_version(self, registry: str, package: str) -> str:
        """Latest published version of a package."""
        template = REGISTRIES.get(registry)
        if template is None:
            raise ToolError(f"unknown registry {registry!r}; use one of {sorted(REGISTRIES)}")
        name = canonical_name(package)
        resp = await self.http.get(template.format(name=name))
        resp.raise_for_status()
        data = resp.json()
        return data["info"]["version"] if registry == "pypi" else data["version"]
