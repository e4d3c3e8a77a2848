"""tests/support/missing_packages.py: a skip for a missing package fails the run; other skips
stay skips."""

import pytest

MISSING_AT_IMPORT = """
import pytest
pytest.importorskip("tablebits_no_such_package")

def test_never_runs():
    pass
"""

MISSING_IN_TEST = """
import pytest

def test_needs_a_package():
    pytest.importorskip("tablebits_no_such_package")

def test_other_skip():
    pytest.skip("not this platform")
"""


@pytest.mark.parametrize("source", [MISSING_AT_IMPORT, MISSING_IN_TEST], ids=["module", "test"])
def test_a_missing_package_fails_the_run(pytester, source):
    pytester.makepyfile(test_needs=source)
    result = pytester.runpytest("-p", "tests.support.missing_packages")
    assert result.ret != 0
    result.stdout.fnmatch_lines(["*could not import 'tablebits_no_such_package'*"])
    assert "pip install -r requirements-test.txt" in result.stdout.str()


def test_other_skips_stay_skips(pytester):
    pytester.makepyfile(test_platform='import pytest\n\ndef test_a():\n    pytest.skip("no")\n')
    result = pytester.runpytest("-p", "tests.support.missing_packages")
    assert result.ret == 0
    result.assert_outcomes(skipped=1)


def test_without_the_plugin_the_same_file_only_skips(pytester):
    """The control: the failures above come from the plugin, not from pytest itself."""
    pytester.makepyfile(test_needs=MISSING_IN_TEST)
    result = pytester.runpytest()
    assert result.ret == 0
    result.assert_outcomes(skipped=2)
