import logging

log = logging.getLogger("standup")


def standup_text(args: dict[str, str]) -> str:
    team = args["team"]
    since = args.get("since", "")
    if since:
        team = f"{team} (changes since {since})"
    return f"Summarise yesterday's work for the {team} team."
