def cdata_safe(text: str) -> str:
    return text.replace("]]>", "]]]]><![CDATA[>")


def as_document(title: str, body: str) -> str:
    safe = cdata_safe(body)
    return f"<document><title>{title}</title><body><![CDATA[{safe}]]></body></document>"
