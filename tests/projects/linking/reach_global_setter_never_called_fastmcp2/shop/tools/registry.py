"""The server the tool modules register on, handed in by the app before it imports them."""

server = None


def use_server(instance) -> None:
    global server
    server = instance


def shop_tool(*args, **kwargs):
    def decorator(func):
        if server is None:
            raise RuntimeError("use_server() first")
        return server.tool(*args, **kwargs)(func)

    return decorator
