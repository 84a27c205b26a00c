"""Shell commands a prompt tells the model to run, with the unit name shell-quoted."""
import shlex


def restart_command(unit: str) -> tuple[str, str]:
    quoted = shlex.quote(unit)
    return f"systemctl restart {quoted}", quoted

