import attrs


@attrs.define
class ListRequest:
    bucket: str
    region: str
    prefix: str = ""
