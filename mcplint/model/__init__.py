"""The MCP model: what a server declares and what its handlers read, raise and render.

``build_model(module, path, pins)`` returns a :class:`FileModel`; rules query it.
"""

from mcplint.model.build import build_model
from mcplint.model.facts import (
    ArgumentDecl, Declaration, DefaultUse, ErrorKind, FileModel, HandlerModel, RaiseSite, Read,
    RenderSite, ServerModel, Stack,
)

__all__ = [
    "build_model", "ArgumentDecl", "Declaration", "DefaultUse", "ErrorKind", "FileModel", "HandlerModel",
    "RaiseSite", "Read", "RenderSite", "ServerModel", "Stack",
]
