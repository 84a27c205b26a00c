from fastmcp.prompts.prompt import Message, Prompt, PromptArgument

from .times import parse_since


class SlowQueriesPrompt(Prompt):
    async def render(self, arguments=None):
        args = arguments or {}
        if "since" not in args:
            raise ValueError("since is required")
        since = parse_since(args["since"])
        sql = f"SELECT query, mean_ms FROM slow_log WHERE ts > '{args['since']}' ORDER BY mean_ms DESC"
        return [Message(f"Run this query and explain the worst offenders since {since:%Y-%m-%d}:\n{sql}")]


PROMPTS = [SlowQueriesPrompt(name="slow_queries", arguments=[PromptArgument(name="since", required=True)])]
