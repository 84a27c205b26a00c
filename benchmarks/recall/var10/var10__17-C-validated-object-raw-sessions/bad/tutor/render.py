from collections.abc import Mapping

from .validation import Lesson


def lesson_text(lesson: Lesson, raw: Mapping[str, str]) -> str:
    header = f"Teach {lesson.topic} to a {lesson.level} learner."
    pace = f"Spread the material over {raw['sessions']} sessions."

    notes = raw.get("notes", "").strip()
    extra = f" Learner notes: {notes}" if notes else ""
    return f"{header} {pace}{extra}"
