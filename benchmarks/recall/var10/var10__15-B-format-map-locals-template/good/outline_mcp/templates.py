OUTLINE = (
    "Draft an outline for an article titled {title!r} with {sections} sections.\n"
    "Write it in a {tone} voice and end with a call to action."
)
