import json


def register_tools(server, read_only: bool):
    @server.tool()
    def export_notes(folder: str) -> str:
        try:
            with open(json.dumps(folder)) as handle:
                return handle.read()
        except OSError as error:
            return json.dumps({"error": str(error)})  # error: MCP204

    @server.tool()
    def count_notes(folder: str) -> int:
        return len(folder)  # ok: nothing fails here
