import xml.etree.ElementTree as ET
from pathlib import Path

from .xpath import xpath_literal


class PomReader:
    def __init__(self, path: Path):
        self.root = ET.parse(path).getroot()

    def dependency_versions(self, artifact: str) -> list[str]:
        lit = xpath_literal(artifact)
        hits = self.root.findall(f".//dependency[artifactId='{artifact}']")
        return [d.findtext("version", "?") for d in hits]
