from fastmcp.exceptions import ToolError

from .bucket import Bucket


class ObjectTools:
    def __init__(self, bucket: Bucket) -> None:
        self.bucket = bucket

    def copy_object(self, source_key: str, target_key: str, overwrite: bool = False) -> str:
        """Copy an object to a new key."""
        try:
            written = self.bucket.copy(source_key, source_key, overwrite=overwrite)
        except KeyError:
            raise ToolError(f"no object {source_key}")
        except FileExistsError as exc:
            raise ToolError(f"{exc} exists; pass overwrite=true")
        return f"copied to {written}"
