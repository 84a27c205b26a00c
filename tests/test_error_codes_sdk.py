"""The stack facts mcplint's error rules rely on (``mcplint.model.errors``, ``mcplint.model.stacks``),
checked against the SDKs: ``tests/sdk/error_probe.py`` makes our own server whose prompts and tools
each raise one exception, in a test-only environment per SDK (``.ci/run`` makes them; ``MCPLINT_SDK_ENVS``
names their folder), and reports what the in-memory client received. mcplint never imports it. A stack
whose environment is absent is skipped, saying so.

Each row is (case, prompt outcome, tool outcome): a JSON-RPC code, ``"ok"``, or ``"isError"``.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

PROBE = Path(__file__).parent / "sdk" / "error_probe.py"
ENVS = Path(os.environ["MCPLINT_SDK_ENVS"]) if os.environ.get("MCPLINT_SDK_ENVS") else None

CODE0, INVALID, INTERNAL = 0, -32602, -32603

EXPECTED = {
    # mcp 1.x low-level: only a well-built McpError keeps its code; every tool exception is isError
    ("mcp1", "mcp1-lowlevel", "", "-"): {
        "sdk.ToolError": (CODE0, "isError"), "sdk.ValidationError": (CODE0, "isError"),
        "McpError(ErrorData)": (INVALID, "isError"), "McpError(code=,message=)": (CODE0, "isError"),
        "raise ErrorData": (CODE0, "isError"), "ErrorData(positional)": (CODE0, "isError")},
    # mcp 1.x FastMCP: every prompt exception is code 0
    ("mcp1", "mcp1-fastmcp", "", "-"): {
        "sdk.ToolError": (CODE0, "isError"), "McpError(ErrorData)": (CODE0, "isError")},
    # mcp 2.x low-level: MCPServer's exceptions are plain ones here, and a tool's too
    ("mcp2", "mcp2-lowlevel", "", "legacy"): {
        "sdk.ToolError": (CODE0, CODE0), "MCPError(code=,message=)": (INVALID, INVALID),
        "MCPError(ErrorData)": (CODE0, CODE0), "MCPError(text)": (CODE0, CODE0)},
    ("mcp2", "mcp2-lowlevel", "", "auto"): {
        "sdk.ToolError": (INTERNAL, INTERNAL), "MCPError(ErrorData)": (INTERNAL, INTERNAL)},
    # mcp 2.x MCPServer: ToolError/ResourceError in a prompt are wrapped like any exception
    ("mcp2", "mcp2-mcpserver", "", "legacy"): {
        "sdk.ToolError": (CODE0, "isError"), "sdk.ResourceError": (CODE0, "isError"),
        "MCPError(code=,message=)": (INVALID, INVALID), "MCPError(ErrorData)": (CODE0, "isError")},
    ("mcp2", "mcp2-mcpserver", "", "auto"): {
        "sdk.ToolError": (INTERNAL, "isError"), "MCPError(text)": (INTERNAL, "isError")},
    # fastmcp 2 under ErrorHandlingMiddleware: ValueError/TypeError -> -32602, fastmcp's own -> -32603
    ("fm2", "fm2", "mw", "-"): {
        "ValueError": (INVALID, "isError"), "fastmcp.PromptError": (INTERNAL, "isError"),
        "fastmcp.ToolError": (INTERNAL, "isError"), "fastmcp.ValidationError": (INTERNAL, "isError"),
        "fastmcp.McpError(ErrorData)": (INTERNAL, "isError"),
        "fastmcp.McpError(code=,message=)": (INVALID, "isError")},  # a TypeError, mapped to -32602
    # fastmcp 4: McpError is MCPError; the mcp 1.x form raises TypeError
    ("fm4", "fm4", "", "-"): {
        "fastmcp.PromptError": (INTERNAL, "isError"), "fastmcp.ValidationError": (INVALID, "isError"),
        "fastmcp.McpError(ErrorData)": (INTERNAL, "isError"), "fastmcp.McpError(code=,message=)": (INVALID, "isError")},
    ("fm4", "fm4", "mw", "-"): {
        "fastmcp.PromptError": (INTERNAL, INTERNAL), "fastmcp.McpError(ErrorData)": (INVALID, INVALID)},
}


@pytest.mark.parametrize("env, stack, middleware, mode", sorted(EXPECTED))
def test_what_the_client_receives(env, stack, middleware, mode) -> None:
    python = ENVS / env / "bin" / "python" if ENVS is not None else None
    if python is None or not python.exists():
        pytest.skip(f"no test-only environment with the {env} SDK (set MCPLINT_SDK_ENVS; .ci/run makes them)")
    done = subprocess.run([str(python), str(PROBE), stack, *([middleware] if middleware else [])],
                          capture_output=True, text=True, timeout=180, cwd=PROBE.parent)
    assert done.returncode == 0, done.stderr[-2000:]
    received = json.loads(done.stdout)[mode]
    got = {case: (received[case]["prompt"], received[case]["tool"]) for case in EXPECTED[(env, stack, middleware, mode)]}
    assert got == EXPECTED[(env, stack, middleware, mode)]
