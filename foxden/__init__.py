"""Foxden's entry points, above every layer: the composition root (``bootstrap``), the settings
(``settings``), the ``foxden`` command line (``cli``), the API server (``server``), ``foxden up``
(``supervisor``), and the tools that drive a running service (``tools``: demo, tournament)."""
