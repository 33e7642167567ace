"""The benchmarks behind ``clearpage bench pipeline`` and ``clearpage bench proxy``.

``stats``: percentiles, the machine description (cores, Python, load) and process memory;
``pipeline``: the engine on a dataset beside the lxml floor and trafilatura;
``proxy``: the live proxy beside bare mitmdump (``loadgen`` drives both, ``origin`` serves the pages;
its floor run starts ``floor_proxy``, whose workers are ``floor_worker``s that filter nothing);
``pages``: the synthetic article page the proxy benchmark serves by default.
"""
