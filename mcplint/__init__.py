"""mcplint: a static linter for Python MCP (Model Context Protocol) servers.

It reads server source (never imports or runs it), builds a model of what each server
declares (prompt arguments, tool input schemas) and what its handlers read, raise and
render, and reports where the two disagree.

Public API: :func:`mcplint.engine.lint_source` and :func:`mcplint.runner.lint_paths`.
"""

__version__ = "0.1.0"
