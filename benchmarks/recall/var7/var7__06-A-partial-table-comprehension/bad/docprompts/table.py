"""Prompt definitions as data; the server builds types.Prompt objects from them."""

PROMPT_TABLE = {
    "summarize": {
        "description": "Summarize a document",
        "template": "Summarize the following for $audience:\n\n$document",
        "arguments": [
            ("document", "Text to summarize", True),
            ("audience", "Target readers", False),
        ],
    },
    "translate": {
        "description": "Translate a text",
        "template": "Translate into $target_language:\n\n$text",
        "arguments": [
            ("text", "Text to translate", True),
            ("target_language", "Language to translate into", True),
        ],
    },
}
