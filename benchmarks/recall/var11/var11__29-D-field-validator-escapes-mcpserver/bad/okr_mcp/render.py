from .models import OkrRequest


def okr_prompt(req: OkrRequest) -> str:
    focus = f" Focus on {req.focus}." if req.focus else ""
    return f"Draft three objectives with measurable key results for {req.team} in {req.quarter}.{focus}"
