import argparse

PARSER = argparse.ArgumentParser(prog="deploy_announcement", exit_on_error=False, add_help=False)
PARSER.add_argument("--service")
PARSER.add_argument("--environment", default="staging")
PARSER.add_argument("--window", default="15m")


def to_namespace(arguments: dict[str, str]) -> argparse.Namespace:
    argv = []
    for key, value in arguments.items():
        argv += [f"--{key}", value]
    namespace, _unknown = PARSER.parse_known_args(argv)
    return namespace
