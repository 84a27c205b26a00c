MAILBOXES = {"support": ["hi"], "sales": []}


def unread_count(mailbox: str) -> int:
    """Unread messages in a mailbox."""
    return len(MAILBOXES.get(mailbox, []))


def latest_subject(mailbox: str) -> str:
    """Subject of the newest message."""
    messages = MAILBOXES.get(mailbox)
    if not messages:
        raise ValueError(f"mailbox {mailbox} is empty or unknown")  # ok: the fix of the twin
    return messages[-1]


DEFAULT_TOOLS = (unread_count, latest_subject)
