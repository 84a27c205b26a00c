"""jinja2 renders a missing name as "" unless the Environment is made with StrictUndefined:
``template.render(**arguments)`` in a renderer module is an MCP101 default for each required
argument, and silent when the project folder makes its templates strict."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.runner import lint_paths

SERVER = '''\
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .renderer import PromptRenderer
from .templates import TEMPLATES

PROMPTS = {"postmortem": types.Prompt(name="postmortem", arguments=[
    types.PromptArgument(name="incident_id", required=True), types.PromptArgument(name="service", required=True),
    types.PromptArgument(name="timeline", required=False)])}
server = Server("incidents")
renderer = PromptRenderer(PROMPTS, TEMPLATES)


@server.list_prompts()
async def list_prompts():
    return list(PROMPTS.values())


@server.get_prompt()
async def get_prompt(name, arguments):
    if name not in PROMPTS:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"Unknown prompt: {name}"))
    return renderer.render(name, arguments or {})
'''

RENDERER = '''\
import mcp.types as types
from jinja2 import Template


class PromptRenderer:
    def __init__(self, catalog, templates: dict[str, Template]) -> None:
        self.catalog = catalog
        self.templates = templates

    def render(self, name, arguments):
        text = self.templates[name].render(**arguments)
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
'''

TEMPLATES = '''\
from jinja2 import Environment{extra_import}

env = Environment(trim_blocks=True{extra_argument})
TEMPLATES = {{"postmortem": env.from_string("Incident {{{{ incident_id }}}} on {{{{ service }}}}. {{{{ timeline }}}}")}}
'''


def _project(tmp_path: Path, strict: bool) -> Path:
    package = tmp_path / "incidents"
    package.mkdir()
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\ndependencies = ["mcp==1.26.0"]\n')
    (package / "__init__.py").write_text("")
    (package / "server.py").write_text(SERVER)
    (package / "renderer.py").write_text(RENDERER)
    (package / "templates.py").write_text(TEMPLATES.format(
        extra_import=", StrictUndefined" if strict else "", extra_argument=", undefined=StrictUndefined" if strict else ""))
    return tmp_path


@pytest.mark.parametrize(("strict", "expected"), [
    (False, [("renderer.py", 11, "incident_id"), ("renderer.py", 11, "service")]),
    (True, []),
])
def test_a_jinja_render_of_the_arguments_defaults_each_required_one_unless_strict(
        tmp_path: Path, strict: bool, expected: list) -> None:
    result = lint_paths([_project(tmp_path, strict)], Settings(select=("MCP101",)))
    assert sorted((Path(d.path).name, d.span.start.line, d.message.split("'")[1]) for d in result.diagnostics) == expected
