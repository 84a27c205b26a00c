SHEETS: dict[str, list[list[str]]] = {"inbox": [], "archive": []}
