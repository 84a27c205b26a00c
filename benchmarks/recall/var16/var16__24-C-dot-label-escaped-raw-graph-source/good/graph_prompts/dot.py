def dot_escape(label: str) -> str:
    return label.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def edge(src: str, dst: str) -> str:
    s, d = dot_escape(src), dot_escape(dst)
    return f'  "{s}" -> "{d}";'
