from .server import ReviewServer


def main() -> None:
    server = ReviewServer("reviews")
    print(server.name)
