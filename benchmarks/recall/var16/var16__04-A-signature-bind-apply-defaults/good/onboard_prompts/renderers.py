def welcome(name: str, team: str, buddy: str) -> str:
    return f"Write a welcome note for {name} joining {team}; their onboarding buddy is {buddy}."


def farewell(name: str, last_day: str = "Friday") -> str:
    return f"Write a farewell note for {name}, whose last day is {last_day}."
