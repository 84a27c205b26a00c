import logging

from pydantic import ValidationError

from .models import PlanArgs

log = logging.getLogger(__name__)


def parse_plan_args(arguments: dict[str, str] | None) -> PlanArgs:
    try:
        return PlanArgs.model_validate(arguments or {})
    except ValidationError as exc:
        log.warning("rejected sprint-plan arguments: %s", exc)
        raise RuntimeError(f"invalid sprint-plan arguments ({exc.error_count()} problems)") from exc


def plan_text(args: PlanArgs) -> str:
    goals = f" Goals: {args.goals}." if args.goals else ""
    return f"Plan the next sprint for {args.team} with {args.capacity} points of capacity.{goals}"
