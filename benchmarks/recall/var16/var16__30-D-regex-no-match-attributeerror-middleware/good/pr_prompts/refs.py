import re

PR_URL = re.compile(r"https://github\.com/([\w.-]+)/([\w.-]+)/pull/(\d+)")


def parse_pr(url: str) -> tuple[str, str, int]:
    m = PR_URL.fullmatch(url.strip())
    if m is None:
        raise ValueError(f"not a GitHub pull request URL: {url}")
    owner, repo, number = m.groups()
    return owner, repo, int(number)
