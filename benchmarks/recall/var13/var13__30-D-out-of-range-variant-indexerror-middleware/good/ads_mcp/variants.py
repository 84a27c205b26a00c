VARIANTS = [
    "short and punchy, under 90 characters",
    "benefit-led, two sentences",
    "question hook, then one proof point",
]


def variant_style(variant: int) -> str:
    if not 1 <= variant <= len(VARIANTS):
        raise ValueError(f"variant must be 1..{len(VARIANTS)}")
    return VARIANTS[variant - 1]
