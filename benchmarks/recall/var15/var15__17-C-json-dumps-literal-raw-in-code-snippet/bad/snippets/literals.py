import json


def js_string(value: str) -> str:
    return json.dumps(value)


class FlagSnippet:
    def __init__(self, flag: str, variant: str):
        self.flag = flag
        self.variant = variant
        self.flag_literal = js_string(flag)
        self.variant_literal = js_string(variant)

    def code(self) -> str:
        return (
            f"if (flags.isEnabled({self.flag_literal})) {{\n"
            f'  render("{self.variant}");\n'
            "}"
        )
