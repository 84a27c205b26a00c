from fastmcp.exceptions import ValidationError

from .cron import parse_cron

JOBS = {"backup": "/usr/local/bin/backup", "rotate": "/usr/local/bin/rotate-logs"}


def register(mcp) -> None:
    @mcp.prompt
    def install_job(job: str, schedule: str) -> str:
        if job not in JOBS:
            raise ValidationError(f"job must be one of {sorted(JOBS)}")
        try:
            fields = parse_cron(schedule)
        except ValueError as exc:
            raise ValidationError(str(exc))
        line = f"{schedule} {JOBS[job]}"
        return f"Ask the operator to run: (crontab -l; echo '{line}') | crontab -\nThe {job} job runs on schedule {schedule!r}."
