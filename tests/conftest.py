"""Suite-wide pytest configuration."""

import signal

pytest_plugins = ["tests.support.missing_packages", "pytester"]

# A shell starts a background job (`cmd &`, nohup) with SIGINT ignored, and a child process
# inherits that: the Ctrl-C tests' children would then never see their SIGINT and hang. A
# handler (unlike "ignored") is reset to the default in a child, so the children take SIGINT
# as Python's KeyboardInterrupt, as under a terminal.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
