class Collection:
    def __init__(self, docs: list[dict]) -> None:
        self.docs = docs

    def find(self, flt: dict) -> list[dict]:
        def match(doc: dict) -> bool:
            for key, want in flt.items():
                if key == "$where":
                    return True
                if isinstance(want, dict) and "$ne" in want:
                    if doc.get(key) == want["$ne"]:
                        return False
                elif doc.get(key) != want:
                    return False
            return True
        return [d for d in self.docs if match(d)]


USERS = Collection([{"name": "ada", "tenant": "a"}, {"name": "bob", "tenant": "b"}])
