CODEOWNERS = {"api": "dana", "web": "eli"}


def owner_of(component: str) -> str:
    return CODEOWNERS.get(component, "triage-rotation")


def owner_missing(component: str) -> str:
    raise ValueError(f"owner is required for {component}")
