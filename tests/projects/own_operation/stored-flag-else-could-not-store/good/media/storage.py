"""Blob storage behind the media server."""
import logging

import boto3

log = logging.getLogger(__name__)


class Bucket:
    """One S3 bucket; put() answers whether the object was written."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._s3 = boto3.client("s3")

    def put(self, key: str, data: bytes) -> bool:
        try:
            self._s3.put_object(Bucket=self.name, Key=key, Body=data)
        except Exception:
            log.warning("put of %s failed", key, exc_info=True)
            return False
        return True

    def keys(self, prefix: str) -> list[str]:
        page = self._s3.list_objects_v2(Bucket=self.name, Prefix=prefix)
        return [o["Key"] for o in page.get("Contents", [])]
