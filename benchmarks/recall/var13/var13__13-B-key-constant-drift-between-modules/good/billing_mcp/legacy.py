# Names used by the v1 REST API; kept for the export job.
ACCOUNT = "account"
PERIOD = "period"
