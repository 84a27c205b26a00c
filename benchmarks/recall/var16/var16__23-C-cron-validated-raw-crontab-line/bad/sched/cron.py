import re

FIELD = re.compile(r"^[\d*/,-]+$")


def parse_cron(raw: str) -> list[str]:
    fields = raw.split("#", 1)[0].split()  # allow a trailing "# comment"
    if len(fields) != 5 or not all(FIELD.match(f) for f in fields):
        raise ValueError("schedule must be five cron fields")
    return fields
