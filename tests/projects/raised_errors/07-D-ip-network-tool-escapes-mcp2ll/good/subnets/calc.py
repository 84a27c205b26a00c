import ipaddress


def summary(cidr: str) -> str:
    net = ipaddress.ip_network(cidr, strict=False)
    return f"{net} has {net.num_addresses} addresses, netmask {net.netmask}"
