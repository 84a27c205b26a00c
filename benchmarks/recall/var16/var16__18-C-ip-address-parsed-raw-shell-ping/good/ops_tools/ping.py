import subprocess

from mcp import types

from .validate import target_ip


def fail(text: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=True)


def ping(args: dict) -> types.CallToolResult:
    raw = args.get("host", "")
    try:
        ip = target_ip(raw)
    except ValueError as exc:
        return fail(f"invalid host: {exc}")
    proc = subprocess.run(f"ping -c 1 -W 2 {ip}", shell=True, capture_output=True, text=True)
    if proc.returncode != 0:
        return fail(proc.stderr or f"{ip} did not answer")
    return types.CallToolResult(content=[types.TextContent(type="text", text=proc.stdout)])
