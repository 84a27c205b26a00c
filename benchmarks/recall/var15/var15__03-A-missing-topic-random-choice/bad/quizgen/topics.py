import random

TOPICS = ("networking", "storage", "observability", "security")


class TopicPicker:
    def __init__(self, rng: random.Random | None = None):
        self.rng = rng or random.Random()

    def pick(self, requested: str | None) -> str | None:
        if requested is None:
            return self.rng.choice(TOPICS)
        return requested if requested in TOPICS else None
