import sqlite3


def register_tools(server):
    @server.tool()
    def agent_load(agent_id: int) -> int:
        row = sqlite3.connect("desk.db").execute("SELECT count(*) FROM t WHERE a = ?", (agent_id,)).fetchone()
        return row[0]  # ok: a failure raises, the stack sends it as isError
