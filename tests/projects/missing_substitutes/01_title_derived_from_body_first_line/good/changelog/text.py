def headline(args: dict) -> str:
    body = args.get("body", "")
    return (args.get("title") or "").strip()


def bullet_lines(body: str) -> list[str]:
    return [f"- {line.strip()}" for line in body.splitlines() if line.strip()]
