import ipaddress

from fastmcp.exceptions import ValidationError


def network(raw: str) -> ipaddress.IPv4Network | ipaddress.IPv6Network:
    try:
        return ipaddress.ip_network(raw.strip())
    except ValueError as exc:
        raise ValidationError(f"invalid CIDR {raw!r}: {exc}") from exc


def check_prefix(net, max_prefix: int = 28) -> None:
    if net.prefixlen > max_prefix:
        raise ValidationError(f"subnet /{net.prefixlen} is smaller than /{max_prefix}")
