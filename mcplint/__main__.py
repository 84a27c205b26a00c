"""``python -m mcplint``: the same command line as the ``mcplint`` script."""

from mcplint.cli import main

if __name__ == "__main__":
    main()
