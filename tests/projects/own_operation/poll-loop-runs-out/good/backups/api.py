"""Backup controller API."""
import httpx

BASE = "http://backup-controller:8080"


async def start_job(volume: str) -> str:
    async with httpx.AsyncClient() as c:
        r = await c.post(f"{BASE}/jobs", json={"volume": volume})
        r.raise_for_status()
        return r.json()["id"]


async def job_phase(job_id: str) -> str:
    async with httpx.AsyncClient() as c:
        r = await c.get(f"{BASE}/jobs/{job_id}")
        r.raise_for_status()
        return r.json()["phase"]
