import ipaddress


def target_ip(raw: str) -> str:
    # accept "10.0.0.5/32" as pasted from CIDR lists
    addr = ipaddress.ip_address(raw.strip().split("/")[0])
    if addr.is_loopback or addr.is_link_local or getattr(addr, "scope_id", None):
        raise ValueError(f"{addr} is not a routable target")
    return str(addr)
