from . import stock  # noqa: F401  (importing it fills the registry)
