import re
import shlex

DNS_LABEL = re.compile(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?")


def kubectl_logs(pod: str, namespace: str) -> tuple[str, str]:
    quoted = shlex.quote(pod)
    return f"kubectl logs {pod} -n {namespace} --since=1h", quoted
