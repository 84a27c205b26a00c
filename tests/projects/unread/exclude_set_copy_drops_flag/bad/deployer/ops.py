def rollout(service: str, version: str, dry_run: bool = False) -> str:
    if dry_run:
        return f"would roll {service} to {version}"
    return f"rolled {service} to {version}"
