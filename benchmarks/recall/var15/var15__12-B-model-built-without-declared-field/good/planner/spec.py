from pydantic import BaseModel


class PlanSpec(BaseModel):
    goal: str
    constraints: str = ""

    def render(self) -> str:
        extra = f"\nConstraints: {self.constraints}" if self.constraints else ""
        return f"Write a step-by-step plan to reach this goal: {self.goal}{extra}"
