import html


def card(title: str, body_html: str) -> str:
    safe_title = html.escape(title, quote=True)
    return (
        "<article class=\"card\">"
        f"<h2 title=\"{safe_title}\">{safe_title}</h2>"
        f"{body_html}</article>"
    )
