from mcp import types

from .validators import invalid, normalize_language


class TestWriter:
    name = "write_tests"
    prompt = types.Prompt(
        name="write_tests",
        description="Write unit tests for a function",
        arguments=[
            types.PromptArgument(name="language", description="python, typescript or go", required=True),
            types.PromptArgument(name="function", description="Source of the function under test", required=True),
        ],
    )

    def render(self, args: dict[str, str]) -> str:
        for key in ("language", "function"):
            if not args.get(key):
                raise invalid(f"{key} is required")
        language = normalize_language(args["language"])
        return f"Write {args['language']} unit tests for this function:\n\n{args['function']}"


HANDLERS = {h.name: h for h in (TestWriter(),)}
