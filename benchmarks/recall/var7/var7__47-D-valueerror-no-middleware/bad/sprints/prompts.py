from fastmcp import FastMCP


def _parse_capacity(capacity: str) -> int:
    if not capacity.isdigit() or int(capacity) == 0:
        raise ValueError(f"capacity must be a positive whole number of points, got {capacity!r}")
    return int(capacity)


def register_prompts(app: FastMCP) -> None:
    @app.prompt(name="plan_sprint")
    def plan_sprint(capacity: str, goals: str) -> str:
        points = _parse_capacity(capacity)
        return f"Plan a sprint of at most {points} story points that serves these goals:\n\n{goals}"
