from unittest.mock import MagicMock

import pytest

from shop.tools.orders import register_order_tools


@pytest.fixture
def fake_server():
    server = MagicMock()
    server.tool.return_value = lambda fn: fn
    return server


def test_registers(fake_server):
    register_order_tools(fake_server, ":memory:")
    assert fake_server.tool.called
