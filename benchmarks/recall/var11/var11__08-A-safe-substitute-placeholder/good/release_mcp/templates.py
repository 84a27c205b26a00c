from string import Template

ANNOUNCE = Template(
    "Write the release announcement for $product $version.\n"
    "Lead with what users can do now that they could not before."
)
