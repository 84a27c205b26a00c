from . import forecast, alerts  # noqa: F401  (importing them fills the registry)
