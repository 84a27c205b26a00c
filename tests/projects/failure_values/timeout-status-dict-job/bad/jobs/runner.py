import asyncio


async def run_job(job_id: str) -> dict:
    await asyncio.sleep(1)
    return {"job": job_id, "rows": 10}
