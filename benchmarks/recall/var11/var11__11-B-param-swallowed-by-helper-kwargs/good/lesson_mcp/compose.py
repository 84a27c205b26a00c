def lesson_plan(topic: str, level: str, minutes: int, language: str = "English", **_: object) -> str:
    """Build the lesson-plan request; unknown options are ignored so callers can pass extras."""
    return (
        f"Plan a {minutes}-minute {level} lesson on {topic}, taught in {language}. "
        "Include a warm-up, two exercises and an exit question."
    )


def quiz(topic: str, questions: int, **_: object) -> str:
    return f"Write {questions} multiple-choice questions about {topic}, with answers."
