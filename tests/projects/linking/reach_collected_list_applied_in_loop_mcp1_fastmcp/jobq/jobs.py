from .registry import expose, internal

JOBS = {"j1": {"state": "done"}, "j2": {"state": "queued"}}


@expose
def job_status(job_id: str) -> str:
    """The state of one job."""
    try:
        return JOBS[job_id]["state"]
    except KeyError:
        return f"Job {job_id} not found"  # error: MCP204


@internal
def peek(job_id: str) -> str:
    try:
        return JOBS[job_id]["state"]
    except KeyError:
        return f"Job {job_id} not found"  # ok: peek is never registered as a tool (only @expose collects)
