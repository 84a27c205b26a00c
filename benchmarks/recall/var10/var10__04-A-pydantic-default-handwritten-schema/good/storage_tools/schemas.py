SNAPSHOT_TOOL_SCHEMA = {
    "type": "object",
    "properties": {
        "volume_id": {"type": "string", "description": "Volume to snapshot"},
        "region": {"type": "string", "description": "Region the volume lives in"},
        "retention_days": {"type": "integer", "minimum": 1, "description": "Days to keep the snapshot"},
    },
    "required": ["volume_id", "region"],
}
