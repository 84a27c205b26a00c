from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel


class ChangelogArgs(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, frozen=True)

    release_tag: str
    previous_tag: str
    highlights: str = ""
