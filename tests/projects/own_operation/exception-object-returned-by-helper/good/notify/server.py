from email.message import EmailMessage

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from .mailer import deliver

mcp = MCPServer("notify")


@mcp.tool()
def send_notice(to: str, subject: str, body: str) -> str:
    """Email a notice."""
    msg = EmailMessage()
    msg["To"], msg["From"], msg["Subject"] = to, "noreply@example.com", subject
    msg.set_content(body)
    problem = deliver(msg)
    if problem:
        raise ToolError(f"Mail to {to} bounced: {problem}")
    return f"Sent to {to}"
