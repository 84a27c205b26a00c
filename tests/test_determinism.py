"""Output does not depend on Python's string hashing: the same tree gives byte-identical JSON
under every ``PYTHONHASHSEED`` (CI diffs, baselines and caches compare outputs)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

# One helper return reached on two tools' paths of an if/elif chain that ends in one
# `return [TextContent(...)]`: the finding at the helper is reported once, and its related
# note names one of the tools, the same one whatever order the walk met them in.
SERVER = '''\
import json
import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("prompts")


def details(prompt_id):
    try:
        return {"success": True, "prompt": lookup(prompt_id)}
    except Exception as e:
        return {"success": False, "error": str(e)}


def stream(prompt_id):
    found = details(prompt_id)
    return found


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    if name == "show_details":
        result = details(arguments["prompt_id"])
    elif name == "stream_prompt":
        result = stream(arguments["prompt_id"])
    else:
        raise ValueError(f"Unknown tool: {name}")
    return [types.TextContent(type="text", text=json.dumps(result))]
'''


def _lint(path: Path, seed: int) -> str:
    env = {**os.environ, "PYTHONHASHSEED": str(seed)}
    return subprocess.run([sys.executable, "-m", "mcplint", "check", "--preview", "--no-cache", "--output-format",
                           "json", str(path)], capture_output=True, text=True, env=env, check=False).stdout


def test_the_same_tree_gives_the_same_json_under_every_hash_seed(tmp_path: Path) -> None:
    (tmp_path / "server.py").write_text(SERVER)
    outputs = {_lint(tmp_path, seed) for seed in (1, 2, 3, 4, 5, 6)}
    assert len(outputs) == 1
    [output] = outputs
    assert "the tool handler returns a result built from the helper's value here" in output
