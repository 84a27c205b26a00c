from bisect import bisect_right

THRESHOLDS = [1_000, 10_000, 100_000]
APPROVERS = ["team lead", "department head", "finance director", "CFO"]


def approver_for(amount: float) -> str:
    if amount < 0:
        raise ValueError("amount must not be negative")
    return APPROVERS[bisect_right(THRESHOLDS, amount)]
