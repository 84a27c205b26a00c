import asyncio

from .kubeconfig import current_namespace


async def restart_pods(arguments: dict) -> str:
    ns = arguments.get("namespace") or current_namespace()
    selector = arguments.get("selector", "app")
    proc = await asyncio.create_subprocess_exec("kubectl", "-n", ns, "rollout", "restart", "deploy", "-l", selector)
    if await proc.wait() != 0:
        raise RuntimeError(f"kubectl exited with {proc.returncode}")
    return f"restarted deployments in {ns}"
