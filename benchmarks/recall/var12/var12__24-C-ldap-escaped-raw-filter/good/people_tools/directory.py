from typing import Any

from ldap3 import SUBTREE, Connection, Server

BASE_DN = "ou=people,dc=example,dc=com"


class Directory:
    def __init__(self, url: str, bind_dn: str, password: str) -> None:
        self._conn = Connection(Server(url), bind_dn, password, auto_bind=True, read_only=True)

    def search(self, search_filter: str, limit: int) -> list[dict[str, Any]]:
        self._conn.search(BASE_DN, search_filter, search_scope=SUBTREE, attributes=["cn", "mail", "title"], size_limit=limit)
        return [entry.entry_attributes_as_dict for entry in self._conn.entries]
