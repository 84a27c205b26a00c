import msgspec


class SearchQuery(msgspec.Struct):
    query: str
    index: str
    size: int = 10


def parse(arguments: dict) -> SearchQuery:
    return msgspec.convert(arguments, SearchQuery)
