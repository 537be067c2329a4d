"""The server's log under a flood (companion/web/floodlog.py): the first of a kind said at once, then at
most one line per window with how many went unsaid; asyncio's records as one line without a traceback."""
import io
import logging

from companion.web import floodlog
from companion.web.floodlog import QuietLog, Throttle


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_a_key_is_said_first_then_once_a_window_with_the_count_left_unsaid():
    clock = Clock()
    throttle = Throttle(60, clock)
    assert throttle("10.0.0.9") == 0
    assert [throttle("10.0.0.9") for _ in range(500)] == [None] * 500
    assert throttle("10.0.0.7") == 0  # each key its own
    clock.now = 59.9
    assert throttle("10.0.0.9") is None
    clock.now = 60
    assert throttle("10.0.0.9") == 501
    assert throttle("10.0.0.9") is None


def test_the_keys_remembered_are_bounded_and_those_whose_window_ended_are_forgotten_first():
    clock = Clock()
    throttle = Throttle(60, clock)
    said = [throttle(n) for n in range(floodlog.MOST_KEYS + 100)]
    assert said.count(0) == floodlog.MOST_KEYS and len(throttle.said) == floodlog.MOST_KEYS
    clock.now = 61
    assert throttle("new") == 0 and len(throttle.said) == 1


def logged(logger, quiet, records):
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    logger.addHandler(handler)
    logger.addFilter(quiet)
    try:
        for record in records:
            record()
    finally:
        logger.removeHandler(handler)
        logger.removeFilter(quiet)
    return stream.getvalue()


def test_an_error_with_a_traceback_is_one_line_with_the_error_s_own_words():
    logger = logging.getLogger("test.floodlog.one_line")
    quiet = QuietLog(60, one_line=True)
    try:
        raise OSError(24, "Too many open files")
    except OSError as e:
        error = e

    def accept():
        logger.error("socket.accept() out of system resource\nsocket: <TransportSocket fd=3>", exc_info=error)

    text = logged(logger, quiet, [accept] * 2048)
    assert text == "socket.accept() out of system resource: [Errno 24] Too many open files\n"


def test_a_message_repeated_is_said_again_after_the_window_with_how_many_went_unsaid():
    logger = logging.getLogger("test.floodlog.repeats")
    quiet = QuietLog(60)
    clock = Clock()
    quiet.throttle.clock = clock

    def invalid():
        logger.warning("Invalid HTTP request received.")

    def later():
        clock.now = 61
        invalid()

    text = logged(logger, quiet, [invalid] * 300 + [later])
    assert text.splitlines() == ["Invalid HTTP request received.",
                                 "Invalid HTTP request received. (299 more like it not logged since)"]


def test_quieten_filters_each_logger_once():
    loggers = [logging.getLogger(name) for name in ("uvicorn.error", "asyncio")]
    before = [list(logger.filters) for logger in loggers]
    try:
        floodlog.quieten(60)
        floodlog.quieten(60)
        assert [sum(isinstance(f, QuietLog) for f in logger.filters) for logger in loggers] == [1, 1]
    finally:
        for logger, filters in zip(loggers, before):
            logger.filters[:] = filters
