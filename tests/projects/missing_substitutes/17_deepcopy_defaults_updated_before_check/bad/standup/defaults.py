BASE = {
    "tone": "neutral",
    "date": "today",
}
