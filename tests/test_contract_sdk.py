"""The exported contract equals what each stack lists at runtime.

Each of our own servers in ``tests/sdk/servers/<stack>/`` is started with its SDK's in-memory
client by ``tests/sdk/list_server.py``, run by a test-only environment that has that SDK
(``.ci/run`` makes them; ``MCPLINT_SDK_ENVS`` names the folder holding one virtual
environment per SDK: ``mcp1``, ``mcp2``, ``fm2``, ``fm3``, ``fm4``). mcplint itself never
imports the servers: the listing runs in another process with another interpreter. A stack
whose environment is absent is skipped, saying so.

Every value the export gives must equal the runtime's; ``null`` (unknown) is allowed only
where the server says it is incomplete, and each test states how many values were unknown.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.contract import build_contract

HERE = Path(__file__).parent / "sdk"
ENVS = Path(os.environ["MCPLINT_SDK_ENVS"]) if os.environ.get("MCPLINT_SDK_ENVS") else None

#: stack folder -> (SDK environment, server variable, values allowed to be unknown)
CASES = {
    "mcp1_lowlevel": ("mcp1", "server", 0),
    "mcp1_fastmcp": ("mcp1", "mcp", 0),
    "mcp2_lowlevel": ("mcp2", "server", 0),
    "mcp2_mcpserver": ("mcp2", "mcp", 0),
    "fastmcp2": ("fm2", "mcp", 0),
    "fastmcp3": ("fm3", "mcp", 0),
    "fastmcp4": ("fm4", "mcp", 0),
}


def runtime_listing(folder: Path, env: str, variable: str) -> dict:
    python = ENVS / env / "bin" / "python" if ENVS is not None else None
    if python is None or not python.exists():
        pytest.skip(f"no test-only environment with the {env} SDK (set MCPLINT_SDK_ENVS; .ci/run makes them)")
    done = subprocess.run([str(python), str(HERE / "list_server.py"), str(folder / "server.py"), variable],
                          capture_output=True, text=True, timeout=120, cwd=folder)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def expected_items(listing: dict) -> dict[str, dict[str, dict]]:
    """The runtime lists in the export's shape (omitted fields are null, an omitted
    ``required`` is false, as the spec reads them)."""
    prompts = {p["name"]: {"name": p["name"], "title": p.get("title"), "description": p.get("description"),
                           "arguments": [{"name": a["name"], "description": a.get("description"),
                                          "required": bool(a.get("required", False))}
                                         for a in p.get("arguments") or []]} for p in listing["prompts"]}
    tools = {t["name"]: {"name": t["name"], "title": t.get("title"), "description": t.get("description"),
                         "input_schema": t["inputSchema"]} for t in listing["tools"]}
    resources = {r["uri"]: {"uri": r["uri"], "name": r["name"]} for r in listing["resources"]}
    templates = {t["uriTemplate"]: {"uri_template": t["uriTemplate"], "name": t["name"]}
                 for t in listing["resource_templates"]}
    return {"prompts": prompts, "tools": tools, "resources": resources, "resource_templates": templates}


def compare(expected, exported, path: str, unknown: list[str], wrong: list[str]) -> None:
    if exported is None and expected is not None:
        unknown.append(path)
    elif isinstance(expected, dict) and isinstance(exported, dict) and set(expected) == set(exported) \
            and path.count("/") < 2:
        for key in expected:
            compare(expected[key], exported[key], f"{path}/{key}", unknown, wrong)
    elif isinstance(expected, list) and isinstance(exported, list) and len(expected) == len(exported) \
            and all(isinstance(item, dict) for item in expected + exported):
        for index, (left, right) in enumerate(zip(expected, exported)):
            for key in left.keys() | right.keys():
                compare(left.get(key), right.get(key), f"{path}[{index}].{key}", unknown, wrong)
    elif expected != exported:
        wrong.append(f"{path}: runtime {json.dumps(expected)} != export {json.dumps(exported)}")


@pytest.mark.parametrize("stack", sorted(CASES))
def test_export_equals_the_runtime_listing(stack: str) -> None:
    env, variable, allowed_unknown = CASES[stack]
    folder = HERE / "servers" / stack
    listing = runtime_listing(folder, env, variable)
    [server] = build_contract([folder], Settings(project_root=folder)).servers
    expected = expected_items(listing)
    unknown: list[str] = []
    wrong: list[str] = []
    for section, items in expected.items():
        exported = {item.get("name") if section in ("prompts", "tools") else
                    item.get("uri", item.get("uri_template")): {k: v for k, v in item.items() if k != "file"}
                    for item in server[section] or []}
        assert sorted(exported) == sorted(items), (section, sorted(exported), sorted(items))
        for key, value in items.items():
            compare(value, exported[key], f"{section}/{key}", unknown, wrong)
    assert wrong == []
    assert len(unknown) == allowed_unknown, unknown
    assert server["complete"] is (allowed_unknown == 0), server["reasons"]
