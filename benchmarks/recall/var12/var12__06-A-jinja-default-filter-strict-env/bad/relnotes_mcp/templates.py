from jinja2 import Environment, StrictUndefined

env = Environment(undefined=StrictUndefined, autoescape=False, keep_trailing_newline=True)

RELEASE_NOTES = env.from_string(
    "Write release notes for {{ product | default('our product') }} {{ version }}.\n"
    "{% if audience is defined %}Write them for {{ audience }}.\n{% endif %}"
    "Group these changes into Added / Changed / Fixed:\n\n"
    "{{ changes }}\n"
)
