from .git import GitPlugin
from .issues import IssuesPlugin

PLUGINS = [GitPlugin, IssuesPlugin]
