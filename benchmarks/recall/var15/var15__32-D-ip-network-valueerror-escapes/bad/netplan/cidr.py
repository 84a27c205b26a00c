import ipaddress

from fastmcp.exceptions import ValidationError


def network(raw: str) -> ipaddress.IPv4Network | ipaddress.IPv6Network:
    return ipaddress.ip_network(raw.strip())


def check_prefix(net, max_prefix: int = 28) -> None:
    if net.prefixlen > max_prefix:
        raise ValidationError(f"subnet /{net.prefixlen} is smaller than /{max_prefix}")
