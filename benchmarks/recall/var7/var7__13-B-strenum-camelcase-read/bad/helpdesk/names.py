from enum import StrEnum


class PromptName(StrEnum):
    TRIAGE = "triage_ticket"


class Arg(StrEnum):
    TICKET_ID = "ticket_id"
    DETAIL = "detail"
