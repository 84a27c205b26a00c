ACCOUNT = "account_id"
PERIOD = "billing_period"
