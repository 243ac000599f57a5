"""The service suite's fixtures, for its tests re-run on PostgreSQL (``db`` comes from
tests/postgres/conftest.py)."""

from tests.service.conftest import make_service, picker, service  # noqa: F401
