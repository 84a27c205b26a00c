RELEASE_NOTES = (
    "Write release notes for {repo}.\n"
    "Cover every merged change from {since_tag} up to {until_tag}."
)
