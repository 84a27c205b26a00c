from crm.features import contacts


def install_features(app):
    contacts.install(app)
