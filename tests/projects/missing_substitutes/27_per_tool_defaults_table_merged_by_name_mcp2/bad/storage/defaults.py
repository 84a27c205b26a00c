TOOL_DEFAULTS = {
    "upload_object": {"bucket": "public-assets", "acl": "private"},
    "list_objects": {"prefix": ""},
}
