from dataclasses import dataclass, field, fields


@dataclass
class InvoiceSpec:
    customer: str = field(metadata={"key": "customer", "required": True})
    month: str = field(metadata={"key": "month", "required": True})
    currency: str = field(default="EUR", metadata={"key": "currency", "required": False})


def declared():
    return [(f.name, f.metadata["required"]) for f in fields(InvoiceSpec)]


def read(arguments: dict) -> InvoiceSpec:
    values = {}
    for f in fields(InvoiceSpec):
        key = f.metadata["key"]
        if key in arguments:
            values[f.name] = arguments[key]
        elif f.metadata["required"]:
            raise ValueError(f"{f.name} is required")
    return InvoiceSpec(**values)
