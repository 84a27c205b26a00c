"""Rule documentation: one Markdown page per code, shared by ``mcplint rule``, JSON ``url``s
and the language server's ``codeDescription``.

The pages live in the repository's top-level ``rules/<CODE>.md``. A wheel ships them as
package data ``mcplint/_rule_docs/<CODE>.md`` (pyproject ``force-include``); an editable
install has no such folder, so the repository's ``rules/`` next to the package is used.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

RULE_URL = "https://github.com/mcplint/mcplint/blob/main/rules/{code}.md"
_CODE = re.compile(r"^MCP\d{3}$")


def rule_url(code: str) -> str:
    """The public URL of the documentation page of ``code`` (e.g. ``MCP101``)."""
    return RULE_URL.format(code=code.upper())


def docs_directory() -> Traversable | None:
    """The folder holding the pages: the packaged ``_rule_docs``, else ``<repo>/rules``.

    Returns None when neither exists (a broken install).
    """
    packaged = resources.files("mcplint").joinpath("_rule_docs")
    if packaged.is_dir():
        return packaged
    checkout = Path(__file__).resolve().parent.parent / "rules"
    return checkout if checkout.is_dir() else None


def rule_doc(code: str) -> str:
    """The Markdown page of ``code`` (case-insensitive).

    Raises KeyError when ``code`` is not a code or has no page.
    """
    code = code.upper()
    directory = docs_directory()
    page = directory.joinpath(f"{code}.md") if directory is not None and _CODE.match(code) else None
    if page is None or not page.is_file():
        raise KeyError(code)
    return page.read_text(encoding="utf-8")


def all_rule_docs() -> dict[str, str]:
    """Every page, as ``{code: markdown}`` in code order (empty when none are found)."""
    directory = docs_directory()
    if directory is None:
        return {}
    names = (entry.name for entry in directory.iterdir())
    codes = sorted(name[:-3] for name in names if name.endswith(".md") and _CODE.match(name[:-3]))
    return {code: rule_doc(code) for code in codes}
