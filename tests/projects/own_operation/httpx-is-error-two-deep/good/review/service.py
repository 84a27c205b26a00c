from . import github


class ReviewService:
    def comment(self, repo: str, number: int, body: str) -> str:
        resp = github.post_comment(repo, number, body)
        if resp.is_error:
            raise RuntimeError(f"GitHub refused the comment ({resp.status_code})")
        return resp.json()["html_url"]
