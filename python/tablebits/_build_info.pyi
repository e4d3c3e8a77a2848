BUILDS: tuple[str, ...]
TARGET: str
SLOW_PDEP: bool
ARCH: str
