import shutil
import subprocess

from fastmcp.exceptions import ToolError


class Linter:
    binary = "ruff"

    def check(self, path: str) -> str:
        exe = shutil.which(self.binary)
        if exe is None:
            raise ToolError(f"{self.binary} is not installed")
        proc = subprocess.run([exe, "check", path], capture_output=True, text=True)
        if proc.returncode not in (0, 1):
            raise ToolError(proc.stderr.strip() or f"{self.binary} crashed")
        return proc.stdout or "no findings"
