ARG_SCHEMAS = {
    "backfill_plan": {
        "type": "object",
        "properties": {
            "table": {"type": "string", "pattern": "^[a-z_][a-z0-9_]*$", "description": "Target table"},
            "start": {"type": "string", "pattern": "^\\d{4}-\\d{2}-\\d{2}$", "description": "First day, YYYY-MM-DD"},
            "days": {"type": "string", "pattern": "^[0-9]{1,3}$", "description": "Number of days (default 7)"},
        },
        "required": ["table", "start"],
    },
}
