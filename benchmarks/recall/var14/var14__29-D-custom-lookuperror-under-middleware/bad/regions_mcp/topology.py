from .errors import UnknownRegion

PAIRS = {"eu-west-1": "eu-central-1", "us-east-1": "us-west-2"}


def failover_target(region: str) -> str:
    try:
        return PAIRS[region]
    except KeyError:
        raise UnknownRegion(f"unknown region {region!r}; known: {sorted(PAIRS)}") from None
