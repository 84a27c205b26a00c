"""A real editor end to end: headless Neovim runs ``mcplint server`` through
``editors/neovim/mcplint.lua`` (``vim.lsp.start_client`` on 0.7, ``vim.lsp.start`` on
0.8-0.10, ``vim.lsp.config``/``vim.lsp.enable`` on 0.11+), opens a faulty server and
reports what ``vim.diagnostic.get()`` and a code action request return.

Skipped when ``nvim`` is not installed (Debian: ``apt-get install neovim``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

NVIM = shutil.which("nvim")
EDITORS = Path(__file__).resolve().parent.parent / "editors" / "neovim"

pytestmark = pytest.mark.skipif(NVIM is None, reason="nvim is not installed (apt-get install neovim)")

FAULTY = '''\
import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("prompts")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [types.Prompt(name="write-tests", arguments=[types.PromptArgument(name="language", required=True)])]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    args = arguments or {}
    language = args["language"]
    return types.GetPromptResult(description=f"Tests in {language}", messages=[])
'''
FAULT_LINE = 14  # 0-based: `    language = args["language"]`

# Runs inside Neovim: open the file, wait for mcplint's diagnostics, ask for code actions
# at the fault, write everything to OUT as JSON and quit.
SCRIPT = r'''
local out_path, file, line = _G.MCPLINT_OUT, _G.MCPLINT_FILE, _G.MCPLINT_LINE
vim.cmd("edit " .. vim.fn.fnameescape(file))
local ok = vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(diagnostics, {
    code = d.code, source = d.source, lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
  })
end
local titles = {}
if ok then
  local position = { line = line, character = 15 }
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(0) },
    range = { start = position, ["end"] = position },
    context = { diagnostics = {} },
  }
  local responses = vim.lsp.buf_request_sync(0, "textDocument/codeAction", params, 10000) or {}
  for _, response in pairs(responses) do
    for _, action in ipairs(response.result or {}) do
      table.insert(titles, action.title)
    end
  end
end
local handle = io.open(out_path, "w")
handle:write(vim.fn.json_encode({ ok = ok, diagnostics = diagnostics, actions = titles }))
handle:close()
vim.cmd("qa!")
'''


def test_neovim_shows_mcplint_diagnostics_and_code_actions(tmp_path: Path):
    """MCP202 at the exact place in vim.diagnostic.get(), and the noqa quick fix offered."""
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text('[project]\nname = "prompts"\n', encoding="utf-8")
    server = project / "server.py"
    server.write_text(FAULTY, encoding="utf-8")
    out = tmp_path / "out.json"
    init = tmp_path / "init.lua"
    command = ", ".join(json.dumps(part) for part in (sys.executable, "-m", "mcplint", "server"))
    init.write_text(
        f"package.path = {json.dumps(str(EDITORS / '?.lua'))} .. ';' .. package.path\n"
        f'require("mcplint").setup({{ cmd = {{ {command} }} }})\n'
        f"_G.MCPLINT_OUT = {json.dumps(str(out))}\n"
        f"_G.MCPLINT_FILE = {json.dumps(str(server))}\n"
        f"_G.MCPLINT_LINE = {FAULT_LINE}\n",
        encoding="utf-8",
    )
    script = tmp_path / "run.lua"
    script.write_text(SCRIPT, encoding="utf-8")
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_STATE_HOME": str(tmp_path / "state"),
           "XDG_CACHE_HOME": str(tmp_path / "cache")}

    completed = subprocess.run(
        [NVIM, "--headless", "--clean", "-i", "NONE", "-u", str(init), "-c", f"luafile {script}"],
        cwd=project, env=env, capture_output=True, text=True, timeout=90,
    )

    assert out.exists(), f"nvim wrote no result (exit {completed.returncode}):\n{completed.stdout}\n{completed.stderr}"
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["ok"], "no diagnostics arrived within 30 s"
    assert result["diagnostics"] == [
        {"code": "MCP202", "source": "mcplint", "lnum": FAULT_LINE, "col": 15, "end_lnum": FAULT_LINE, "end_col": 31},
    ]
    assert "Disable MCP202 for this line" in result["actions"]
