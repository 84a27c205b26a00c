import asyncio
import logging

from fastmcp import FastMCP

from .runner import run_job

log = logging.getLogger(__name__)


def register_job_tools(mcp: FastMCP) -> None:
    @mcp.tool()
    async def run_report_job(job_id: str, timeout_s: float = 60.0) -> dict:
        """Run a report job and wait for its rows."""
        try:
            return await asyncio.wait_for(run_job(job_id), timeout=timeout_s)
        except asyncio.TimeoutError:
            log.warning("job %s timed out", job_id)
            raise
