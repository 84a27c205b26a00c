UNITS = {"api": "api.service", "worker": "worker@1.service", "nginx": "nginx.service"}


def resolve_unit(service: str) -> str:
    try:
        return UNITS[service.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown service {service!r}") from None
