"""A second real editor: headless Emacs runs ``mcplint server`` through Eglot with
``editors/emacs/mcplint-eglot.el`` and reports the Flymake diagnostics of a faulty server.

Skipped when ``emacs`` or Eglot is not installed (Debian: ``apt-get install emacs-nox
elpa-eglot``; Eglot is built into Emacs 29+).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.engine import lint_source

EMACS = shutil.which("emacs")
ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "editors" / "emacs" / "mcplint-eglot.el"
EXAMPLE = ROOT / "examples" / "deploy_server.py"

# Loads the shipped config, opens the file, waits for Flymake to hold mcplint's findings and
# prints "LINE CODE" for each.
SCRIPT = r'''
(load (getenv "MCPLINT_CONFIG"))
(setq mcplint-eglot-command (list (getenv "MCPLINT_PYTHON") "-m" "mcplint" "server"))
(find-file (getenv "MCPLINT_FILE"))
(python-mode)
(apply #'eglot (eglot--guess-contact))
(flymake-mode 1)
(let ((deadline (+ (float-time) 60)) (diags nil))
  (while (and (< (float-time) deadline) (null diags))
    (accept-process-output nil 0.3)
    (flymake-start)
    (setq diags (flymake-diagnostics)))
  (dolist (d diags)
    (princ (format "FOUND %d %s\n" (line-number-at-pos (flymake-diagnostic-beg d)) (flymake-diagnostic-text d)))))
(kill-emacs 0)
'''


def _has_eglot() -> bool:
    if EMACS is None:
        return False
    probe = subprocess.run([EMACS, "--batch", "--eval", "(kill-emacs (if (require 'eglot nil t) 0 1))"],
                           capture_output=True, timeout=60)
    return probe.returncode == 0


pytestmark = pytest.mark.skipif(not _has_eglot(), reason="emacs with eglot is not installed (apt-get install emacs-nox elpa-eglot)")


def test_emacs_eglot_shows_the_same_findings_as_the_cli(tmp_path: Path) -> None:
    server = tmp_path / "server.py"
    shutil.copy(EXAMPLE, server)
    script = tmp_path / "run.el"
    script.write_text(SCRIPT)
    env = {"MCPLINT_CONFIG": str(CONFIG), "MCPLINT_PYTHON": sys.executable, "MCPLINT_FILE": str(server),
           "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([EMACS, "--batch", "-l", str(script)], capture_output=True, text=True,
                          cwd=tmp_path, env=env, timeout=120)
    found = {(int(m.group(1)), m.group(2)) for m in re.finditer(r"^FOUND (\d+) mcplint \[(MCP\d{3})\]", done.stdout, re.M)}
    cli = {(d.span.start.line, d.code) for d in lint_source(server.read_bytes(), server, Settings())}
    assert found == cli == {(39, "MCP202"), (40, "MCP101"), (43, "MCP102"), (51, "MCP301"), (52, "MCP201")}, done.stderr[-2000:]
