from mcp.server.lowlevel import Server

from .prompts import StylePrompts


def create_server() -> Server:
    server = Server("style-guide")
    prompts = StylePrompts()

    @server.list_prompts()
    async def _list():
        return prompts.definitions()

    server.get_prompt()(prompts.render)
    return server
