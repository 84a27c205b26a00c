from typing import Any

import httpx

from .validate import check_metric, check_window


async def query_rate(http: httpx.AsyncClient, args: dict[str, Any]) -> str:
    clean = {
        "metric": check_metric(args.get("metric")),
        "window": check_window(args.get("window", "5m")),
    }
    promql = f"sum(rate({clean['metric']}[{clean['window']}]))"
    resp = await http.get("/api/v1/query", params={"query": promql})
    resp.raise_for_status()
    result = resp.json()["data"]["result"]
    return f"{promql} = {result[0]['value'][1]}" if result else f"{promql}: no data"
