from .maths import per_head


def offsite_budget(total: float, people: int, city: str = "Berlin") -> str:
    if total <= 0:
        raise ValueError("total must be positive")
    return f"Plan an offsite in {city} with {per_head(total, people)} per person for {people} people."


PROMPT_FUNCS = [offsite_budget]
