from crm.features.contacts import tools


def install(app):
    tools.install_tools(app)
