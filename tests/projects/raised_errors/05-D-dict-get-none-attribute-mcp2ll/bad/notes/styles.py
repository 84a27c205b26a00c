from dataclasses import dataclass


@dataclass(frozen=True)
class Style:
    header: str
    bullet: str

    def render(self, items: list[str]) -> str:
        return self.header + "\n" + "\n".join(self.bullet + i for i in items)


STYLES = {"markdown": Style("## Changes", "- "), "plain": Style("CHANGES", "* ")}


def styled(style: str, items: list[str]) -> str:
    return STYLES.get(style).render(items)
