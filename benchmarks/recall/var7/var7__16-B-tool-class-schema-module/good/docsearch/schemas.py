SEARCH_SCHEMA = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "description": "Full-text query"},
        "top_k": {"type": "integer", "description": "How many hits to return", "minimum": 1, "maximum": 50},
    },
    "required": ["query"],
}
