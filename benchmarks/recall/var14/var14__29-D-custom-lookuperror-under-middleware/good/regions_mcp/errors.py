class UnknownRegion(LookupError):
    """Raised when a prompt names a region we do not operate in."""
