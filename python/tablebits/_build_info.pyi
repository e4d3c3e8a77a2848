BUILDS: tuple[str, ...]
SLOW_PDEP: bool
ARCH: str
