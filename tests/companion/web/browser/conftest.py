"""The companion's server and a phone's browser, shared by the browser tests of the server's pages: one server
and one browser for the whole run."""

import pytest

from browsing import companion_serve, phone_browser


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    with companion_serve(tmp_path_factory.mktemp("games")) as served:
        yield served


@pytest.fixture(scope="session")
def browser(tmp_path_factory, server, chromium):  # quits before the server stops
    driver = phone_browser(tmp_path_factory, chromium)
    yield driver
    driver.quit()

