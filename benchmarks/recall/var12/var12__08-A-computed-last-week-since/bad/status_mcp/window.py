from dataclasses import dataclass
from datetime import date, timedelta

from fastmcp.exceptions import ValidationError


@dataclass(frozen=True)
class ReportWindow:
    since: date
    until: date

    @classmethod
    def from_args(cls, args: dict[str, str]) -> "ReportWindow":
        since_raw = args.get("since") or (date.today() - timedelta(days=7)).isoformat()
        until_raw = args.get("until") or date.today().isoformat()
        try:
            since, until = date.fromisoformat(since_raw), date.fromisoformat(until_raw)
        except ValueError as exc:
            raise ValidationError(f"dates must be YYYY-MM-DD: {exc}") from None
        if since > until:
            raise ValidationError("since must not be after until")
        return cls(since, until)
