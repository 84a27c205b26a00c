def headline(args: dict) -> str:
    body = args.get("body", "")
    return t if (t := (args.get("title") or "").strip()) else body.splitlines()[0][:60]  # error: MCP101


def bullet_lines(body: str) -> list[str]:
    return [f"- {line.strip()}" for line in body.splitlines() if line.strip()]
