"""A derived form of an argument made in one module (a parser, a slug, a verified ref, an
escaped LDAP value) while the raw argument reaches the sink or the message through another:
the finding is where the raw value is used although the form was at hand. Each bad project
has a twin that uses the form and must stay silent."""

from __future__ import annotations

from pathlib import Path

from mcplint.config import Settings
from mcplint.runner import lint_paths

PYPROJECT = "[project]\nname = 'forms'\nversion = '0'\ndependencies = ['{pin}']\n"


def _project(root: Path, pin: str, files: dict[str, str]) -> Path:
    root.mkdir(parents=True)
    (root / "pyproject.toml").write_text(PYPROJECT.format(pin=pin))
    package = root / "app"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name, text in files.items():
        (package / name).write_text(text)
    return root


def _found(root: Path, codes: tuple[str, ...] = ("MCP301", "MCP302")) -> list[tuple[str, int, str]]:
    result = lint_paths([root], Settings(preview=True))
    return sorted((Path(d.path).name, d.span.start.line, d.code) for d in result.diagnostics if d.code in codes)


SLUGS = (
    "import re\n\nfrom fastmcp.exceptions import ToolError\n\n\n"
    "def slugify(raw: str) -> str:\n"
    "    slug = re.sub(r'[^a-z0-9]+', '-', raw.lower()).strip('-')\n"
    "    if not slug:\n"
    "        raise ToolError('not a name')\n"
    "    return slug\n"
)
GUIDES = (
    "from urllib.parse import urljoin\n\nimport httpx\n\nfrom .slugs import slugify\n\n"
    "BASE = 'https://docs.example.com/guides/'\n\n\n"
    "class Guides:\n"
    "    def __init__(self, http: httpx.AsyncClient | None = None) -> None:\n"
    "        self.http = http\n\n"
    "    async def guide(self, title: str) -> str:\n"
    "        slug = slugify(title)\n"
    "        resp = await self.http.get(urljoin(BASE, {used}))\n"
    "        return resp.text\n"
)
GUIDES_SERVER = (
    "import httpx\nfrom fastmcp import FastMCP\n\nfrom .guides import Guides\n\n\n"
    "def create() -> FastMCP:\n"
    "    mcp = FastMCP('guides')\n"
    "    mcp.tool(Guides(httpx.AsyncClient()).guide)\n"
    "    return mcp\n"
)


def test_a_slug_made_in_another_module_and_the_raw_title_joined_into_the_url(tmp_path: Path) -> None:
    bad = _project(tmp_path / "bad", "fastmcp==2.14.7", {
        "slugs.py": SLUGS, "guides.py": GUIDES.format(used="title"), "server.py": GUIDES_SERVER})
    good = _project(tmp_path / "good", "fastmcp==2.14.7", {
        "slugs.py": SLUGS, "guides.py": GUIDES.format(used="slug"), "server.py": GUIDES_SERVER})
    assert _found(bad) == [("guides.py", 16, "MCP302")]
    assert _found(good) == []


LANGUAGES = (
    "from mcp.shared.exceptions import McpError\nfrom mcp.types import INVALID_PARAMS, ErrorData\n\n"
    "KNOWN = {'python': 'Python', 'go': 'Go'}\n\n\n"
    "def parse_languages(raw: str) -> list[str]:\n"
    "    picked = []\n"
    "    for part in raw.split(','):\n"
    "        key = part.strip().lower()\n"
    "        if key not in KNOWN:\n"
    "            raise McpError(ErrorData(code=INVALID_PARAMS, message=f'unknown language {key}'))\n"
    "        picked.append(KNOWN[key])\n"
    "    return picked\n"
)
ONBOARDING = (
    "import mcp.types as types\nfrom mcp.shared.exceptions import McpError\n\n"
    "from .languages import parse_languages\n\n\n"
    "def onboarding(arguments: dict[str, str]) -> str:\n"
    "    raw = arguments.get('languages') or ''\n"
    "    languages = parse_languages(raw)\n"
    "    return f'Set up the toolchains for {used}.'\n"
)
ONBOARDING_SERVER = (
    "import mcp.types as types\nfrom mcp.server.lowlevel import Server\nfrom mcp.shared.exceptions import McpError\n\n"
    "from .prompts import onboarding\n\n"
    "server = Server('onboarding')\n"
    "PROMPT = types.Prompt(name='onboarding', arguments=[types.PromptArgument(name='languages', required=True)])\n\n\n"
    "@server.list_prompts()\nasync def list_prompts() -> list[types.Prompt]:\n    return [PROMPT]\n\n\n"
    "@server.get_prompt()\n"
    "async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:\n"
    "    if name != 'onboarding':\n"
    "        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message='unknown prompt'))\n"
    "    text = onboarding(arguments or {})\n"
    "    return types.GetPromptResult(messages=[types.PromptMessage(role='user', "
    "content=types.TextContent(type='text', text=text))])\n"
)


def test_a_list_parsed_in_another_module_and_the_raw_text_rendered(tmp_path: Path) -> None:
    bad = _project(tmp_path / "bad", "mcp==1.12.0", {
        "languages.py": LANGUAGES, "prompts.py": ONBOARDING.replace("{used}", "{raw}"), "server.py": ONBOARDING_SERVER})
    good = _project(tmp_path / "good", "mcp==1.12.0", {
        "languages.py": LANGUAGES, "prompts.py": ONBOARDING.replace("{used}", "{', '.join(languages)}"),
        "server.py": ONBOARDING_SERVER})
    assert _found(bad) == [("prompts.py", 10, "MCP301")]
    assert _found(good) == []


GIT = (
    "import subprocess\n\nfrom mcp.server.mcpserver.exceptions import ToolError\n\n\n"
    "async def verified(ref: str) -> str:\n"
    "    done = subprocess.run(['git', 'rev-parse', '--verify', ref + '^{commit}'], capture_output=True, text=True)\n"
    "    if done.returncode:\n"
    "        raise ToolError(f'unknown ref {ref}')\n"
    "    return done.stdout.strip()\n\n\n"
    "def show(rev: str) -> str:\n"
    "    return subprocess.run(f'git show --stat {rev}', shell=True, capture_output=True, text=True).stdout\n"
)
REVIEW = (
    "from mcp.server.mcpserver import MCPServer\n\nfrom .git import show, verified\n\n\n"
    "class Review:\n"
    "    def __init__(self, mcp: MCPServer) -> None:\n"
    "        mcp.tool()(self.commit)\n\n"
    "    async def commit(self, rev: str) -> str:\n"
    "        sha = await verified(rev)\n"
    "        return show({used})\n"
)
REVIEW_SERVER = "from mcp.server.mcpserver import MCPServer\n\nfrom .review import Review\n\nmcp = MCPServer('r')\nReview(mcp)\n"


def test_a_verified_ref_awaited_and_the_raw_ref_handed_to_a_helper_running_a_shell(tmp_path: Path) -> None:
    bad = _project(tmp_path / "bad", "mcp==2.0.0", {
        "git.py": GIT, "review.py": REVIEW.format(used="rev"), "server.py": REVIEW_SERVER})
    good = _project(tmp_path / "good", "mcp==2.0.0", {
        "git.py": GIT, "review.py": REVIEW.format(used="sha"), "server.py": REVIEW_SERVER})
    assert _found(bad) == [("review.py", 12, "MCP302")]  # at the call that hands the raw ref on
    assert _found(good) == []


DIRECTORY = (
    "from ldap3 import Connection\n\n\n"
    "class Directory:\n"
    "    def __init__(self, conn: Connection) -> None:\n"
    "        self.conn = conn\n\n"
    "    def find(self, ldap_filter: str) -> list:\n"
    "        self.conn.search('dc=example,dc=com', ldap_filter, attributes=['cn'])\n"
    "        return list(self.conn.entries)\n"
)
PEOPLE = (
    "from ldap3.utils.conv import escape_filter_chars\n\nfrom .directory import Directory\n\n\n"
    "def people(directory: Directory, arguments: dict) -> list:\n"
    "    who = arguments['who'].strip()\n"
    "    escaped = escape_filter_chars(who)\n"
    "    query = f'(|(cn={used}*)(mail={used}*))'\n"
    "    return directory.find(query)\n"
)
PEOPLE_SERVER = (
    "import mcp.types as types\nfrom ldap3 import Connection\nfrom mcp.server.lowlevel import Server\n\n"
    "from .directory import Directory\nfrom .people import people\n\n"
    "server = Server('people')\nDIRECTORY = Directory(Connection('ldap://x'))\n"
    "SCHEMA = {'type': 'object', 'properties': {'who': {'type': 'string'}}, 'required': ['who']}\n\n\n"
    "@server.list_tools()\nasync def list_tools() -> list[types.Tool]:\n"
    "    return [types.Tool(name='people', inputSchema=SCHEMA)]\n\n\n"
    "@server.call_tool()\nasync def call_tool(name: str, arguments: dict) -> list[types.TextContent]:\n"
    "    if name != 'people':\n        raise ValueError(f'unknown tool {name}')\n"
    "    return [types.TextContent(type='text', text=str(people(DIRECTORY, arguments)))]\n"
)


def test_an_escaped_ldap_value_made_and_the_raw_one_built_into_a_filter_searched_elsewhere(tmp_path: Path) -> None:
    bad = _project(tmp_path / "bad", "mcp==1.12.0", {
        "directory.py": DIRECTORY, "people.py": PEOPLE.format(used="{who}"), "server.py": PEOPLE_SERVER})
    good = _project(tmp_path / "good", "mcp==1.12.0", {
        "directory.py": DIRECTORY, "people.py": PEOPLE.format(used="{escaped}"), "server.py": PEOPLE_SERVER})
    assert _found(bad) == [("people.py", 10, "MCP302")]  # where the filter is handed on
    assert _found(good) == []
