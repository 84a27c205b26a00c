PRESETS = {
    "thumb": {"size": "128x128", "fit": "cover"},
    "banner": {"size": "1600x400", "fit": "contain"},
}


def preset_size(preset: str) -> str:
    chosen = PRESETS.get(preset.strip().lower())
    if chosen is None:
        raise KeyError(preset)
    return chosen["size"]
