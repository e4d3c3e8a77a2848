"""The library's error messages in the words of the command line.

The library names keyword arguments (``records=``, ``backend='local'``, ``address=None``); a
CLI user typed flags. ``flag_words`` rewrites those names, so one error message serves both.
"""

from __future__ import annotations

import re

#: The errors a command reports as one line and exit status 2 (bad arguments, no cluster, a
#: missing extra), rather than a traceback.
USAGE_ERRORS = (ValueError, TypeError, MemoryError, ConnectionError, ImportError)

#: Whole phrases first: where a Python value has no flag of its own.
_PHRASES = [
    ("pass address=None", "leave out --address"),
    ("a positive int or None", "a positive int"),
    ("keep_games=True", "--games 1,000,000 or fewer"),
    ("pass keep_games=False for summary mode", "use more than 1,000,000 --games for summary mode"),
]
#: Then the generic forms: ``name='value'`` -> ``--name value``, ``name=`` -> ``--name``, and
#: ``name must`` -> ``--name must``, for the options the simulate and arena commands have.
_OPTIONS = "games|seed|threads|backend|address|records|bots"
_PATTERNS = [
    (re.compile(rf"\b({_OPTIONS})='([^']*)'"), r"--\1 \2"),
    (re.compile(rf"\b({_OPTIONS})=(?=\s|$)"), r"--\1"),
    (re.compile(rf"(?<![-\w])({_OPTIONS})(?= must| is for)"), r"--\1"),
]


def flag_words(message: str) -> str:
    """``message`` with Python argument names replaced by the CLI's flags."""
    for python, flag in _PHRASES:
        message = message.replace(python, flag)
    for pattern, flag in _PATTERNS:
        message = pattern.sub(flag, message)
    return message


def error_line(err: BaseException) -> str:
    """``error: MESSAGE`` in flag words, for one line on stderr. An error without a message
    (a MemoryError raised by an allocation has none) says what it is instead of nothing."""
    text = str(err).strip()
    if not text:
        text = "out of memory" if isinstance(err, MemoryError) else type(err).__name__
    return f"error: {flag_words(text)}"


def output_error_line(flag: str, path: object, err: Exception, hint: str = "") -> str:
    """``error: cannot write FLAG PATH: REASON; HINT``: an output that failed once the results
    were printed. ``err`` is the OSError (its reason without the path repeated) or the
    ValueError of a path check (its message already names the path)."""
    if isinstance(err, OSError):
        reason = getattr(err, "reason", None) or err.strerror or str(err) or type(err).__name__
        line = f"error: cannot write {flag} {path}: {reason}"
    else:
        line = f"error: {flag}: {err}"
    return line + (f"; {hint}" if hint else "")
