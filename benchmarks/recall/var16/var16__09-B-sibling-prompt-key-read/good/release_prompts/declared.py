from mcp import types

PROMPTS = {
    "compare_tags": types.Prompt(name="compare_tags", arguments=[
        types.PromptArgument(name="from_tag", required=True),
        types.PromptArgument(name="to_tag", required=True),
    ]),
    "release_notes": types.Prompt(name="release_notes", arguments=[
        types.PromptArgument(name="since_tag", required=True),
        types.PromptArgument(name="audience", required=False),
    ]),
}
