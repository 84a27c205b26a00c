from dataclasses import dataclass, field


@dataclass
class MetricRegistry:
    names: list[str] = field(default_factory=lambda: ["latency_p99", "error_rate", "saturation"])
    default: str = "latency_p99"

    def pick(self, name: str) -> str:
        if name not in self.names:
            raise KeyError(name)
        return name


METRICS = MetricRegistry()
