from crm.features.contacts.tools import lookup, merge


def install_tools(app):
    lookup.install_tools(app)
    merge.install_tools(app)
