from mcp import types

WAIT_FOR_JOB = types.Tool(
    name="wait_for_job",
    description="Block until a CI job finishes or the timeout passes",
    input_schema={
        "type": "object",
        "properties": {"job_id": {"type": "string"}, "timeout_s": {"type": "number"}},
        "required": ["job_id", "timeout_s"],
    },
)
