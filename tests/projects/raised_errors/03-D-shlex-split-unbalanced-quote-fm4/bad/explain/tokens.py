import shlex


def argv_of(command: str) -> list[str]:
    return shlex.split(command)


def describe(argv: list[str]) -> str:
    return "\n".join(f"- `{a}`" for a in argv)
