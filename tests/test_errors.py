"""The two error roots of docs/errors.md: the engine's and the pool's."""
import pytest

from clearpage.addon.pool import PoolError, PoolTimeout, WorkerCrashed
from clearpage.filters import BudgetExceeded, ClearpageError, ConfigError, PageError
from clearpage.filters.content_coding import DecodeError, TooLarge
from clearpage.filters.learn.memory import SiteMemoryError
from clearpage.filters.typed import Invalid


@pytest.mark.parametrize("error, parent", [
    (ConfigError, ClearpageError), (ConfigError, ValueError),
    (PageError, ClearpageError), (BudgetExceeded, PageError),
    (DecodeError, PageError), (DecodeError, ValueError), (TooLarge, PageError), (TooLarge, ValueError),
    (SiteMemoryError, ClearpageError), (Invalid, ClearpageError),
    (PoolTimeout, PoolError), (WorkerCrashed, PoolError),
])
def test_each_error_is_under_its_root(error, parent):
    assert issubclass(error, parent)


def test_the_roots_are_apart():
    assert not issubclass(PoolError, ClearpageError) and not issubclass(ClearpageError, PoolError)
