LABELS = "bug, regression, needs-triage"
