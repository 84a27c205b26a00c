from .models import CommitArgs
from .repo import Repo


async def commit(repo: Repo, args: CommitArgs) -> str:
    paths = args["paths"]
    sha = await repo.commit(paths, args["msg"], amend=args.get("amend", False))
    return f"committed {len(paths)} path(s) as {sha[:12]}"
