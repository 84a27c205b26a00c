from .handlers import count_paragraphs, parse_source

TOOL_TABLE = {
    "cobol_parse": parse_source,
    "cobol_paragraphs": count_paragraphs,
}
