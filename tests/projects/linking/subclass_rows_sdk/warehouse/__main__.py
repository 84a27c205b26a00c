from .server import WarehouseServer


def main() -> None:
    server = WarehouseServer(debug=False)
    server.run()
