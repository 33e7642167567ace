"""clearpage's engine: the DOM filter chain, content selection and rendering, without mitmproxy.

Public API:
    load_config(path | None) -> Config
    Pipeline(config).run(html, url=None, *, mode=None, format=None, charset=None, budget_ms=None,
                         delivery=Delivery(csp=(), stylesheet_href=None)) -> Result
    extract_text(html, url=None, config=None) -> str
"""
from .errors import BudgetExceeded, ClearpageError, ConfigError, PageError, Problem
from .pipeline import Delivery, Pipeline, Result, extract_text
from .settings import Config, load_config, load_config_text

__all__ = [
    "BudgetExceeded",
    "ClearpageError",
    "Config",
    "ConfigError",
    "Delivery",
    "PageError",
    "Pipeline",
    "Problem",
    "Result",
    "extract_text",
    "load_config",
    "load_config_text",
]
