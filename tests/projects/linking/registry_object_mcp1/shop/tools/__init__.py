from . import basket, prices  # noqa: F401  (each module adds its tools)
