"""Tools that drive a running Foxden from outside: ``foxden demo`` (an HTTP client) and
``foxden tournament`` (games through the workers)."""
