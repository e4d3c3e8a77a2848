# Cross-compiling for Linux on arm64 with Debian's GNU toolchain (g++-aarch64-linux-gnu), as
# .ci/arm64 does. The environment variable TABLEBITS_SYSROOT names a directory holding the
# target's Python (Debian's arm64 packages, unpacked): CMake's FindPython runs that interpreter
# under qemu-aarch64 to learn its headers and extension suffix.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
if(NOT DEFINED ENV{TABLEBITS_SYSROOT})
  message(FATAL_ERROR "set TABLEBITS_SYSROOT to the arm64 root holding the target's Python")
endif()
# Debian's Python.h includes the per-architecture <aarch64-linux-gnu/python3.11/pyconfig.h> from
# the root's /usr/include, searched after the compiler's own headers.
set(CMAKE_CXX_FLAGS_INIT "-idirafter $ENV{TABLEBITS_SYSROOT}/usr/include")
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L $ENV{TABLEBITS_SYSROOT})
set(CMAKE_FIND_ROOT_PATH $ENV{TABLEBITS_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)  # build tools (Cython) run on this machine
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)  # pybind11's CMake files are the build machine's
# pybind11 would run that Python without the emulator: it takes the extension suffix from
# FindPython's answer (or scikit-build-core's) instead.
set(PYBIND11_USE_CROSSCOMPILING ON)
