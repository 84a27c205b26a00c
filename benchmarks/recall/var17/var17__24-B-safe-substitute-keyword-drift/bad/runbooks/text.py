from string import Template

ROLLBACK = Template("Roll back $service to $version and confirm the health checks pass.")


def rollback_text(**values: str) -> str:
    return ROLLBACK.safe_substitute(values)
