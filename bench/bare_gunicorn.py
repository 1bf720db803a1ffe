"""gunicorn's settings file for the bench's bare apps: answers written as ``foxden api`` writes
them (``foxden.server.send_headers_with_body``: a small answer's head and body in one write).

A baseline runs under the same server as Foxden, so that a ratio measures the app's code and
not a difference in how the server writes answers.
"""


def post_worker_init(worker: object) -> None:
    # After the worker's gevent patch and its app's import (which puts the project on the path).
    from foxden.server import send_headers_with_body

    send_headers_with_body()
