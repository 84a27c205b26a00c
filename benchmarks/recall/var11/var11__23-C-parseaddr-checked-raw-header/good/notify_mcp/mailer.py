from email.message import EmailMessage

from .recipients import recipient


class Mailer:
    def __init__(self, transport) -> None:
        self.transport = transport

    async def send_summary(self, to: str, subject: str, body: str) -> str:
        """Email a summary to a colleague."""
        addr = recipient(to)
        msg = EmailMessage()
        msg["From"] = "assistant@example.com"
        msg["To"] = addr
        msg["Subject"] = subject
        msg.set_content(body)
        await self.transport.send(msg)
        return f"sent to {addr}"
