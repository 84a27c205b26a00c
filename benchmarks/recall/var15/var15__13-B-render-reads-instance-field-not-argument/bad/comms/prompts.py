from fastmcp.prompts.prompt import Message, Prompt, PromptArgument

TONES = {"formal", "casual", "neutral"}


class AnnouncePrompt(Prompt):
    tone: str = "neutral"

    async def render(self, arguments=None):
        args = arguments or {}
        topic = args.get("topic")
        if not topic:
            raise ValueError("topic is required")
        tone = self.tone
        if tone not in TONES:
            raise ValueError(f"tone must be one of {sorted(TONES)}")
        return [Message(f"Write a {tone} announcement about {topic}.")]
