LIST_ISSUES_SCHEMA = {
    "type": "object",
    "properties": {
        "repository": {"type": "string"},
        "filters": {
            "type": "object",
            "properties": {
                "state": {"type": "string", "enum": ["open", "closed", "all"]},
                "labels": {"type": "array", "items": {"type": "string"}},
            },
        },
    },
    "required": ["repository"],
}
