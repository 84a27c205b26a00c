from mcp.server import Server

from .prompts import announcement_prompt, list_prompts

server = Server("deploy-notes", on_list_prompts=list_prompts)
server.add_request_handler("prompts/get", announcement_prompt.params_type, announcement_prompt.handle)
