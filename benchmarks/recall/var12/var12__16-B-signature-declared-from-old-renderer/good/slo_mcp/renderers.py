def render_v1(service: str, window: str) -> str:
    return f"Review the SLO of {service} over the last {window}."


def render_v2(service: str, lookback: str, objective: str = "99.9") -> str:
    return (
        f"Review the {objective}% availability SLO of {service} over the last {lookback}: "
        "error budget left, top burn events, and whether the objective still fits."
    )


RENDERER = render_v2
