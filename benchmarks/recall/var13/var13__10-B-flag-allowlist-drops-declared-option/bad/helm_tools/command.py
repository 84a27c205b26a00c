from typing import Any

FORWARDED = {"namespace": "--namespace={}"}


def build_command(arguments: dict[str, Any]) -> list[str]:
    cmd = ["helm", "upgrade", "--install", arguments["release"], arguments["chart"]]
    for key, template in FORWARDED.items():
        if key in arguments:
            value = arguments[key]
            cmd.append(template.format(str(value).lower() if isinstance(value, bool) else value))
    return cmd
