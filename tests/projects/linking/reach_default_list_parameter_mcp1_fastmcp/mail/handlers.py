MAILBOXES = {"support": ["hi"], "sales": []}


def unread_count(mailbox: str) -> int:
    """Unread messages in a mailbox."""
    return len(MAILBOXES.get(mailbox, []))


def latest_subject(mailbox: str) -> str:
    """Subject of the newest message."""
    messages = MAILBOXES.get(mailbox)
    if not messages:
        return "error: mailbox empty or unknown"  # error: MCP204
    return messages[-1]


DEFAULT_TOOLS = (unread_count, latest_subject)
