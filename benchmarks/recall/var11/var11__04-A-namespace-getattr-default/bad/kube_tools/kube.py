class KubeApi:
    async def scale(self, namespace: str, name: str, replicas: int, dry_run: bool) -> str:
        mode = " (dry run)" if dry_run else ""
        return f"deployment {namespace}/{name} scaled to {replicas}{mode}"
