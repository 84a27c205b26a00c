from string import Template

TEMPLATES = {
    "triage_ticket": Template(
        "Triage support ticket $ticket from the $queue queue. Classify severity and suggest an owner."
    ),
    "close_ticket": Template("Write a polite closing note for ticket $ticket_id, resolved by: $resolution."),
}
