import re

_BROADCAST = re.compile(r"<!(channel|here|everyone)>|@(channel|here|everyone)\b", re.I)


def defang(text: str) -> str:
    """Neutralise broadcast mentions so a drafted message cannot ping a whole channel."""
    return _BROADCAST.sub(lambda m: m.group(0).replace("@", "@\u200b").replace("<!", "<\u200b!"), text)
