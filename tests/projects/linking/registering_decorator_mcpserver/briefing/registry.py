"""Decorators of their own module: one on the imported server, one on a server passed in."""

from briefing.server import server


def team_prompt(func):
    server.add_prompt(func)
    return func


def plugin_prompt(func, host=None):
    host.prompt()(func)  # registers on whatever host a caller gives: not a known server
    return func
