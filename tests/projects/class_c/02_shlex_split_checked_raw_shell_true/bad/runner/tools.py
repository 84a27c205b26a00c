import shlex
import subprocess

from mcp import types

ALLOWED = {"make", "pytest", "ruff", "mypy"}

RUN = types.Tool(
    name="run_check",
    description="Run one of the project's check commands",
    input_schema={
        "type": "object",
        "properties": {"command": {"type": "string"}, "timeout": {"type": "integer"}},
        "required": ["command"],
    },
)


def text_result(text: str, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=error)


def run_check(arguments: dict) -> types.CallToolResult:
    command = arguments.get("command", "")
    argv = shlex.split(command)
    if not argv or argv[0] not in ALLOWED:
        return text_result(f"command not allowed: {command!r}", error=True)
    timeout = int(arguments.get("timeout") or 300)
    proc = subprocess.run(command, shell=True, capture_output=True, text=True, timeout=timeout)
    return text_result(proc.stdout + proc.stderr, error=proc.returncode != 0)
