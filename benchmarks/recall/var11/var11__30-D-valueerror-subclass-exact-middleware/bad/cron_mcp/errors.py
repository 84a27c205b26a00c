class ScheduleError(ValueError):
    """A cron expression the scheduler cannot use."""
