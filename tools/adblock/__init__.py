"""The ad-blocking matcher measured: ``bench`` (``clearpage bench adblock``) and ``conformance``
(the shared request set)."""
