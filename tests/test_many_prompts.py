"""A server declaring ~800 prompts (listed literally with an ``elif`` per prompt, generated in
a loop, or decorated one by one) is analysed within the default time budget with every
finding reported: nothing of the analysis may be quadratic in the number of prompts
(adversarial case 06). Counts are asserted, not times: a quadratic step shows as MCP002."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.engine import DEFAULT_TIME_BUDGET, TIME_BUDGET_ENV, lint_source

N = 800


def _literal() -> str:
    lines = ["from mcp import types", "from mcp.server.lowlevel import Server", "", "server = Server('s')", "",
             "PROMPTS = ["]
    lines += [f"    types.Prompt(name='p{i}', description='d', arguments=[types.PromptArgument("
              f"name='a{i}', description='x', required=True)])," for i in range(N)]
    lines += ["]", "", "", "@server.list_prompts()", "async def list_prompts():", "    return PROMPTS", "", "",
              "@server.get_prompt()", "async def get_prompt(name, arguments):"]
    for i in range(N):
        lines += [f"    {'if' if i == 0 else 'elif'} name == 'p{i}':",
                  "        return types.GetPromptResult(messages=[types.PromptMessage(role='user', content="
                  f"types.TextContent(type='text', text=arguments['a{i}']))])"]
    lines.append("    raise ValueError(name)")
    return "\n".join(lines) + "\n"


def _loop() -> str:
    names = ", ".join(f"'n{i}'" for i in range(N))
    return (f"from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('s')\nNAMES = [{names}]\n\n\n"
            "def make(name):\n    def prompt(topic: str, detailed: str = '') -> str:\n"
            "        return f'{name}: {topic}' if detailed else topic\n    return prompt\n\n\n"
            "for name in NAMES:\n    mcp.prompt(name=name)(make(name))\n")


def _decorated() -> str:
    parts = ["from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('s')\n"]
    parts += [f"\n\n@mcp.prompt()\ndef p{i}(topic: str, flag: str = '') -> str:\n    return topic if flag else '{i}'\n"
              for i in range(N)]
    return "".join(parts)


@pytest.mark.parametrize(("source", "expected"), [
    # each branch: arguments['aN'] unguarded (MCP202) and the required argument rendered unchecked
    # (MCP301); the unknown name raises ValueError (MCP201)
    (_literal, {"MCP202": N, "MCP301": N, "MCP201": 1}),
    (_loop, {"MCP303": 1}),  # `if detailed`: one shared function, one finding
    (_decorated, {}),
])
def test_a_server_of_800_prompts_is_analysed_whole(tmp_path: Path, monkeypatch, source, expected) -> None:
    monkeypatch.setenv(TIME_BUDGET_ENV, str(DEFAULT_TIME_BUDGET))
    path = tmp_path / "server.py"
    path.write_text(source())
    counts: dict[str, int] = {}
    for diagnostic in lint_source(path.read_bytes(), str(path), Settings()):
        counts[diagnostic.code] = counts.get(diagnostic.code, 0) + 1
    assert counts == expected
