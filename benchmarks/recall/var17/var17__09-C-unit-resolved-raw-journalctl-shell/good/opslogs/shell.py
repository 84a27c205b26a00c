import subprocess


def journal_tail(service: str, unit: str, lines: int) -> str:
    cmd = f"journalctl -u {unit} -n {lines} --no-pager"
    proc = subprocess.run(cmd, shell=True, capture_output=True, text=True, timeout=10)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or f"journalctl exited {proc.returncode}")
    return proc.stdout
