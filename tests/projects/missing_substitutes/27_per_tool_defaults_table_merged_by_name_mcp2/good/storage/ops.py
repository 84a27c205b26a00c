def upload(args: dict) -> str:
    return f"uploaded {args['key']} to {args['bucket']} ({args['acl']})"


def listing(args: dict) -> str:
    return f"listing {args['bucket']}/{args['prefix']}"
