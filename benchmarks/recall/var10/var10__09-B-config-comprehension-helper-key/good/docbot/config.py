PROMPT_CONFIG = {
    "summarize_doc": {
        "description": "Summarise a document",
        "arguments": {
            "doc_url": {"description": "URL of the document", "required": True},
            "style": {"description": "bullet or prose", "required": False},
        },
    },
}
