BASE = {
    "tone": "neutral",
    # date is required: no fallback
}
