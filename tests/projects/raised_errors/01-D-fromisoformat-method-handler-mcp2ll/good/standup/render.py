from .dates import window


def standup_text(team: str, since: str) -> str:
    start, end = window(since)
    return f"Summarise what {team} shipped between {start:%d %b} and {end:%d %b}."
