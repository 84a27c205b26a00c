class KeepMissing(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


RELEASE_NOTES = (
    "Write release notes for {product} {version}.\n"
    "Use a {tone} voice and address them to {audience}."
)


def fill(template: str, **values: str) -> str:
    return template.format_map(KeepMissing(values))
