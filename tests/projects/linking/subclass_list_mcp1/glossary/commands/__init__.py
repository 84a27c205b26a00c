from . import lookup, spell  # noqa: F401  (defining the subclasses is what lists them)
