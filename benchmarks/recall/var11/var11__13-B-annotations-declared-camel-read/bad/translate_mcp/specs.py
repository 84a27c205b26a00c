from fastmcp.prompts.prompt import PromptArgument


class TranslateArgs:
    """Arguments of the translate prompt; attributes with a value are optional."""

    source_lang: str
    target_lang: str
    text: str
    glossary: str = ""


DESCRIPTIONS = {
    "source_lang": "Language of the text, e.g. de",
    "target_lang": "Language to translate into, e.g. en",
    "text": "Text to translate",
    "glossary": "Terms to keep as they are",
}


def arguments_from(spec: type) -> list[PromptArgument]:
    optional = vars(spec)
    return [
        PromptArgument(name=name, description=DESCRIPTIONS[name], required=name not in optional)
        for name in spec.__annotations__
    ]
