"""SMTP delivery."""
import smtplib
from email.message import EmailMessage


def deliver(msg: EmailMessage) -> Exception | None:
    """None when the relay accepted the message, else the problem."""
    try:
        with smtplib.SMTP("relay.internal", 25, timeout=10) as s:
            s.send_message(msg)
    except (smtplib.SMTPException, OSError) as exc:
        return exc
    return None
