LOCALES = {"de-DE": "German", "fr-FR": "French", "ja-JP": "Japanese", "pt-BR": "Brazilian Portuguese"}


def language_of(locale: str) -> str:
    language = LOCALES.get(locale)
    if language is None:
        raise ValueError(f"unsupported locale {locale!r}; use one of {', '.join(LOCALES)}")
    return language
