import uuid


class SnapshotClient:
    async def snapshot(self, volume_id: str, region: str, retention_days: int) -> str:
        return f"snap-{region}-{volume_id}-{uuid.uuid4().hex[:8]}-{retention_days}d"
