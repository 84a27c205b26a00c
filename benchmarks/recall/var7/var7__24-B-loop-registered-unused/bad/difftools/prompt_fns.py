def review(
    diff: str,
    focus: str = "bugs",
) -> str:
    return f"Review the following diff and list every problem you find:\n\n{diff}"


def describe(diff: str) -> str:
    return f"Describe in two sentences what this diff changes:\n\n{diff}"


PROMPT_FUNCS = {"review_diff": review, "describe_diff": describe}
