TOOL_DEFAULTS = {
    "upload_object": {"acl": "private"},
    "list_objects": {"prefix": ""},
}
