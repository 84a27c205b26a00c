import xml.etree.ElementTree as ET


def element_names(snippet: str) -> list[str]:
    root = ET.fromstring(snippet)
    return sorted({el.tag for el in root.iter()})
