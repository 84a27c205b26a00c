import mcp.types as types
from mcp import MCPError

from .frontmatter import frontmatter, yaml_scalar

DRAFT_POST = types.Prompt(
    name="draft_post",
    description="Start a blog post draft with front matter",
    arguments=[types.PromptArgument(name="title", required=True), types.PromptArgument(name="tags", required=False)],
)


def draft_post(arguments: dict[str, str]) -> str:
    title = arguments.get("title")
    if not title:
        raise MCPError(code=types.INVALID_PARAMS, message="title is required")
    quoted_title = yaml_scalar(title)
    tags = [t.strip() for t in arguments.get("tags", "").split(",") if t.strip()]
    head = frontmatter({"title": quoted_title, "tags": yaml_scalar(",".join(tags)), "draft": "true"})
    return f"Continue this post; keep the front matter unchanged.\n\n{head}\n# {title}\n"
