ARCH: str
SLOW_PDEP: bool
