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


def test_the_tools_errors_share_their_own_root():
    from clearpage.filters.errors import ClearpageError
    from clearpage.tools.errors import ToolError
    from clearpage.tools.evaluation.datasets import DatasetError
    from clearpage.tools.evaluation.runner import PageTimeout

    assert issubclass(DatasetError, ToolError) and issubclass(DatasetError, ValueError)
    assert issubclass(PageTimeout, ToolError)
    assert not issubclass(ToolError, ClearpageError)
