class Bucket:
    def __init__(self) -> None:
        self.objects: dict[str, bytes] = {"reports/2026.csv": b"q1,q2"}

    def copy(self, src: str, dst: str, overwrite: bool = False) -> str:
        if src not in self.objects:
            raise KeyError(src)
        if dst in self.objects and not overwrite:
            raise FileExistsError(dst)
        self.objects[dst] = self.objects[src]
        return dst
