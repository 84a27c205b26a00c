class KeepMissing(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


RELEASE_NOTES = (
    "Write release notes for {product} {version}.\n"  # error: MCP103
    "Use a {voice} voice and address them to {audience}."
)


def fill(template: str, **values: str) -> str:
    return template.format_map(KeepMissing(values))
