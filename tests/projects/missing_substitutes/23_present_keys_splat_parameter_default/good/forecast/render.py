ORDER = ("metric", "horizon")


def summary(metric: str, horizon: str) -> str:
    return f"Forecast {metric} over the next {horizon}."


def run(arguments: dict) -> str:
    kwargs = {name: arguments[name] for name in ORDER if name in arguments}
    return summary(**kwargs)
