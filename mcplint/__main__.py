"""``python -m mcplint``: the same command line as the ``mcplint`` script."""

import os
import sys

# `python -m` puts the working directory first on sys.path, so a `click.py` or `json.py` in
# the tree being linted would be imported (executed) in place of mcplint's own dependency.
# mcplint itself is already imported by now; its dependencies live in site-packages.
if sys.path and sys.path[0] in ("", os.getcwd()):
    del sys.path[0]

from mcplint.cli import main  # noqa: E402 - after the sys.path fix above

if __name__ == "__main__":
    main()
