"""Handlers made by factories: each returns the function the table keeps."""


def searcher(limit: int):
    async def search(arguments: dict) -> str:
        words = arguments.get("words", "")  # ok: checked below
        if not words:
            raise ValueError("words is required")
        return f"first {limit} books about {words}"
    return search


def borrower():
    shelf = "main"

    async def borrow(arguments: dict) -> str:
        return f"{arguments['isbn']} from {shelf}"  # error: MCP202
    return borrow


def logged(handler):
    """A decorator, not a factory of handlers: what it returns stands for ``handler``."""
    async def wrapper(arguments: dict) -> str:
        return await handler(arguments)
    return wrapper


async def _renew(arguments: dict) -> str:
    return arguments.get("loan", "")  # ok: the wrapped handler is not followed through the decorator
