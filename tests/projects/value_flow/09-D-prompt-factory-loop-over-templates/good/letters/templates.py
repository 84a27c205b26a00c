TEMPLATES = {
    "thank_you": "Write a thank-you letter to {recipient} in a {tone} tone.",
    "apology": "Write an apology to {recipient} in a {tone} tone.",
}
TONES = ("warm", "formal", "brief")
