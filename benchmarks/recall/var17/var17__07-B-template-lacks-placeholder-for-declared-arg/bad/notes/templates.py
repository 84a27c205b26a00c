RELEASE_NOTES = (
    "Write release notes for {repo}.\n"
    "Cover every merged change since {since_tag}."
)
