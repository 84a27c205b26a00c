VARIANTS = [
    "short and punchy, under 90 characters",
    "benefit-led, two sentences",
    "question hook, then one proof point",
]


def variant_style(variant: int) -> str:
    return VARIANTS[variant - 1]
