import re

PR_URL = re.compile(r"https://github\.com/([\w.-]+)/([\w.-]+)/pull/(\d+)")


def parse_pr(url: str) -> tuple[str, str, int]:
    m = PR_URL.fullmatch(url.strip())
    owner, repo, number = m.groups()
    return owner, repo, int(number)
