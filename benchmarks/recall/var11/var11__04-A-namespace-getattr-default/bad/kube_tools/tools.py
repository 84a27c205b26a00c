from typing import Any

from .kube import KubeApi
from .kube_args import parse_request


async def scale_deployment(kube: KubeApi, arguments: dict[str, Any]) -> str:
    req = parse_request(arguments)
    namespace = getattr(req, "namespace", "default")
    dry_run = getattr(req, "dry_run", False)
    return await kube.scale(namespace, req.name, req.replicas, dry_run=dry_run)


HANDLERS = {"scale_deployment": scale_deployment}
