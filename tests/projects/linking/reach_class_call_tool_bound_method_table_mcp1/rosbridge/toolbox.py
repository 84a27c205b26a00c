import mcp.types as types
from mcp.shared.exceptions import McpError

TOPICS = {"/odom": "nav_msgs/Odometry", "/scan": "sensor_msgs/LaserScan"}


class RosToolbox:
    """The ROS tools: their declarations and the dispatch on the tool name."""

    def __init__(self) -> None:
        self._handlers = {"topic_info": self._topic_info, "topic_echo": self._topic_echo}

    def definitions(self) -> list[types.Tool]:
        return [
            types.Tool(
                name="topic_info",
                description="Type of a topic.",
                inputSchema={"type": "object", "properties": {"topic": {"type": "string"}}, "required": ["topic"]},
            ),
            types.Tool(
                name="topic_echo",
                description="Last message on a topic.",
                inputSchema={
                    "type": "object",
                    "properties": {"topic": {"type": "string"}, "message_type": {"type": "string"}},
                    "required": ["topic", "message_type"],
                },
            ),
        ]

    async def call_tool(self, name: str, arguments: dict) -> list[types.TextContent]:
        handler = self._handlers.get(name)
        if handler is None:
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"Unknown tool: {name}"))
        return await handler(arguments)

    async def _topic_info(self, arguments: dict) -> list[types.TextContent]:
        topic = arguments["topic"]
        return [types.TextContent(type="text", text=TOPICS.get(topic, "unknown"))]

    async def _topic_echo(self, arguments: dict) -> list[types.TextContent]:
        topic = arguments["topic"]
        msg_type = arguments["msg_type"]  # error: MCP102
        return [types.TextContent(type="text", text=f"{topic} as {msg_type}")]
