import asyncio

from fastmcp import FastMCP

from . import api

mcp = FastMCP("backups")


@mcp.tool
async def back_up_volume(volume: str) -> str:
    """Back up a volume and wait for the copy to finish."""
    job_id = await api.start_job(volume)
    for _ in range(30):
        phase = await api.job_phase(job_id)
        if phase == "Succeeded":
            return f"Backup {job_id} of {volume} complete"
        await asyncio.sleep(2)
    return f"Backup {job_id} of {volume} did not finish"


@mcp.tool
async def backup_phase(job_id: str) -> str:
    """Report the phase of a backup job."""
    phase = await api.job_phase(job_id)
    return f"Job {job_id} is {phase}"
